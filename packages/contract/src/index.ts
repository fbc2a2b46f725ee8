export * from './errors.js';
export * from './economy.js';
