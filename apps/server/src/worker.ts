/**
 * The scheduler without HTTP (`npm run worker`): settles due accounts on the shared PostgreSQL
 * and NOTIFYs the web processes of what it produced. Web processes can then run with
 * SCHEDULER=off, or keep theirs: FOR UPDATE SKIP LOCKED shares the due accounts either way.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { openEventBus } from './modules/events/index.js';
import { scheduledTasks } from './scheduled-tasks.js';
import { startScheduler } from './scheduler.js';

async function worker(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'npm run worker needs DATABASE_URL: with the embedded SQLite database, npm start runs the scheduler itself',
    );
  }
  // A server that never listens, for the same structured logger as the web processes.
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  const clock = () => Date.now();
  const handle = openDatabase({
    kind: 'postgres',
    url: config.databaseUrl,
    namedStatements: config.namedStatements,
    synchronousCommit: config.pgSynchronousCommit,
  });
  const events = await openEventBus(config.databaseUrl, handle.schema, log, false);
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect, handle.schema);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
  } catch (error) {
    await events.close();
    await handle.close();
    throw error;
  }
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock,
    random: randomBytes,
    events,
  };
  const scheduler = startScheduler(scheduledTasks(ctx, log), clock, log);
  log.info('worker started: scheduler only, no HTTP');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    await scheduler.stop();
    await events.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

worker().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
