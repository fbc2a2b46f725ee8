/**
 * What bench/fleets.ts runs of the server, in one module so that it can be bundled as
 * `npm start` runs it (bench/lib/bundled.ts): the app, the database, the scheduler's loop.
 */
export { buildApp } from '../../apps/server/src/app.js';
export { loadConfig } from '../../apps/server/src/config.js';
export { openDatabase } from '../../apps/server/src/db/database.js';
export { economyDeps, runSchedulerOnce } from '../../apps/server/src/modules/economy/index.js';
