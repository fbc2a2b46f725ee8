export { healthRoutes } from './health.routes.js';
export { readyRoutes } from './ready.routes.js';
export { createSchedulerProgress, type SchedulerProgress } from './scheduler-progress.js';
