export * from './errors.js';
export * from './common.js';
export * from './lists.js';
export * from './me.js';
export * from './auth.js';
export * from './systems.js';
export * from './health.js';
export * from './economy.js';
