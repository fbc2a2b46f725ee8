import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { commandOutcome } from './admin/commands.js';
import { serveAdminSocket } from './admin/socket.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { openEventBus } from './modules/events/index.js';
import { createSchedulerProgress } from './modules/health/index.js';
import { seedUniverseIfEmpty } from './modules/systems/index.js';
import { scheduledTasks } from './scheduled-tasks.js';
import { startScheduler } from './scheduler.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const clock = () => Date.now();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(resolve(config.dataDir));
  const handle = config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        namedStatements: config.namedStatements,
        synchronousCommit: config.pgSynchronousCommit,
      })
    : openDatabase({
        kind: 'sqlite',
        file: join(resolve(config.dataDir), 'starhold.sqlite'),
        synchronous: config.sqliteSynchronous,
        walLimitBytes: config.sqliteWalLimitBytes,
      });

  // The bus can report a LISTEN failure before the app (and its logger) exists: the console until then.
  let appLog: { warn(o: object, m: string): void; error(o: object, m: string): void } | null = null;
  const busLog = {
    warn: (o: object, m: string) => (appLog ? appLog.warn(o, m) : console.warn(m, o)),
    error: (o: object, m: string) => (appLog ? appLog.error(o, m) : console.error(m, o)),
  };
  const events = await openEventBus(config.databaseUrl, handle.schema, busLog, true);
  const ctx: AppContext = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    clock,
    random: randomBytes,
    events,
  };
  const rateLimit =
    config.rateLimitPerMinute === undefined
      ? {}
      : { rateLimit: { max: config.rateLimitPerMinute, windowMs: 60_000 } };
  const schedulerProgress = createSchedulerProgress(clock);
  const app = await buildApp({
    ...ctx,
    ...rateLimit,
    schedulerProgress,
    ...(handle.poolStats ? { poolStats: handle.poolStats } : {}),
    ...(handle.writeGroups ? { writeGroups: handle.writeGroups } : {}),
    ...(handle.logRestarts ? { logRestarts: handle.logRestarts } : {}),
  });
  appLog = app.log;
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect, handle.schema);
    if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
    if (await seedUniverseIfEmpty(handle.db, handle.dialect, config.universeSeed, config.systemCount)) {
      app.log.info({ seed: config.universeSeed, systems: config.systemCount }, 'universe generated');
    }
  } catch (error) {
    await events.close();
    await handle.close();
    lock?.release();
    throw error;
  }

  const scheduler = startScheduler(
    config.scheduler ? schedulerProgress.track(scheduledTasks(ctx, app.log)) : [],
    clock,
    app.log,
  );
  // SQLite: `npm run admin` cannot open the file we lock, so it asks us (decision 221).
  const adminSocket = lock
    ? await serveAdminSocket(resolve(config.dataDir), (args) =>
        commandOutcome({ handle, config, now: clock(), events }, args),
      ).catch((error: unknown) => {
        app.log.warn({ err: error }, 'admin socket not available: npm run admin needs the server stopped');
        return null;
      })
    : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await scheduler.stop();
    await adminSocket?.close();
    await app.close();
    await events.close();
    await handle.close();
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Starhold is running at http://${shownHost}:${config.port} (API docs: /api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
