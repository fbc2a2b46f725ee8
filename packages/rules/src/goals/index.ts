export * from './goals.js';
export * from './forecast.js';
export * from './alerts.js';
