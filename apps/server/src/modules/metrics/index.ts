/** GET /metrics for Prometheus, off unless METRICS_TOKEN is set (decision 222). */
export { installMetrics, type MetricsOptions } from './metrics.js';
