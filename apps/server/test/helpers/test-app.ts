import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { KyselyPlugin } from 'kysely';
import { buildApp, type AppDeps } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import type { AppInstance } from '../../src/context.js';
import { openDatabase, WAL_LIMIT_BYTES, type DatabaseHandle } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedUniverseIfEmpty } from '../../src/modules/systems/systems.service.js';
import { createTestClock, type TestClock } from './test-clock.js';

/** Small enough to seed in milliseconds, large enough for 3 high-security systems per race. */
export const TEST_UNIVERSE = { seed: 'test', systemCount: 20 } as const;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: './data',
    databaseUrl: undefined,
    namedStatements: true,
    sqliteSynchronous: 'normal',
    sqliteWalLimitBytes: WAL_LIMIT_BYTES,
    pgSynchronousCommit: 'normal',
    gameSpeed: 1,
    universeSeed: TEST_UNIVERSE.seed,
    systemCount: TEST_UNIVERSE.systemCount,
    cookieSecure: false,
    logLevel: 'silent',
    webDist: '/nonexistent/starhold-web-dist',
    allowedOrigins: [],
    scheduler: false,
    // Suites register many accounts and open many streams from 127.0.0.1: the per-address limits
    // are off unless a test sets them (hardening-*.test.ts).
    registrationsPerHour: 0,
    eventStreamsPerAccount: 0,
    eventStreamsPerAddress: 0,
    reclaimInactiveDays: 14,
    // Every response of the suites is checked against the zod encoding of its contract schema.
    verifyResponses: true,
    ...overrides,
  };
}

export interface TestDatabase extends DatabaseHandle {
  /** The SQLite file, when the database was asked for in a file (createTestDatabase's sqliteFile). */
  file?: string;
  /** Closes the connection and, on PostgreSQL, drops the test's schema. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: in-memory SQLite, or when TEST_DATABASE_URL is set a
 * fresh PostgreSQL schema (selected through search_path) dropped by `dispose`.
 */
export async function createTestDatabase(
  universe: { seed: string; systemCount: number } = TEST_UNIVERSE,
  options: { sqliteFile?: boolean } = {},
): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let dropSchema = async () => {};
  let file: string | undefined;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  } else if (options.sqliteFile) {
    const folder = mkdtempSync(join(tmpdir(), 'starhold-test-'));
    file = join(folder, 'starhold.sqlite');
    handle = openDatabase({ kind: 'sqlite', file });
    dropSchema = () => {
      rmSync(folder, { recursive: true, force: true });
      return Promise.resolve();
    };
  } else {
    handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
  }
  try {
    await migrateToLatest(handle.db, handle.dialect, handle.schema);
    await seedUniverseIfEmpty(handle.db, handle.dialect, universe.seed, universe.systemCount);
  } catch (error) {
    await handle.close();
    await dropSchema();
    throw error;
  }
  return {
    ...handle,
    ...(file === undefined ? {} : { file }),
    async dispose() {
      await handle.close();
      await dropSchema();
    },
  };
}

export interface TestApp {
  app: AppInstance;
  database: TestDatabase;
  clock: TestClock;
  config: Config;
  /** Closes the app and disposes of the database. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: TestClock;
  config?: Partial<Config>;
  bodyLimit?: AppDeps['bodyLimit'];
  rateLimit?: AppDeps['rateLimit'];
  eventsHeartbeatMs?: AppDeps['eventsHeartbeatMs'];
  /** A Kysely plugin on the app's database (the test keeps `database.db` without it), e.g. to count statements. */
  plugin?: KyselyPlugin;
  /**
   * SQLite in a temporary file rather than in memory, so that a test can open a second connection
   * (holdAccountLock); no effect on PostgreSQL.
   */
  sqliteFile?: boolean;
}

/**
 * The real app over a fresh database; call it once per test file (beforeAll) and `close` it in
 * afterAll. Drive it with `app.inject`.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? createTestClock();
  const config = testConfig(options.config);
  const database = await createTestDatabase(TEST_UNIVERSE, { sqliteFile: options.sqliteFile ?? false });
  const app = await buildApp({
    config,
    db: options.plugin ? database.db.withPlugin(options.plugin) : database.db,
    dialect: database.dialect,
    clock,
    random: randomBytes,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.eventsHeartbeatMs !== undefined ? { eventsHeartbeatMs: options.eventsHeartbeatMs } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * The real app listening on 127.0.0.1 (a free port) without a rate limit, for tests that send
 * parallel real HTTP requests; `base` is the API's address, ending in /api/v1.
 */
export async function createListeningTestApp(
  options: Omit<TestAppOptions, 'rateLimit'> = {},
): Promise<TestApp & { base: string }> {
  const t = await createTestApp({ ...options, rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1` };
}
