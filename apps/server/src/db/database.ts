import SqliteDatabase from 'better-sqlite3';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { connectionLost } from './connection-lost.js';
import { createDialectSeam, type DialectSeam } from './dialect.js';
import type { Database } from './schema.js';
import { registerSqliteConnection } from './sqlite-direct.js';
import { groupCommitStats, type GroupCommitStats } from './sqlite-group-commit.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectSeam;
  /** PostgreSQL schema holding our tables (also those of the migrator); undefined on SQLite. */
  schema: string | undefined;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections (the metrics' gauge, decision 222); SQLite has one. */
  poolStats?: () => PoolStats;
  /** SQLite: what its write groups have done (decision 209; the metrics' counters). */
  writeGroups?: () => GroupCommitStats;
  /** SQLite on disk: the times its log was started over, or given up (decision 255; the metrics'). */
  logRestarts?: () => LogRestartStats;
}

export interface LogRestartStats {
  /** The log started over past its limit. */
  started: number;
  /** Asked and not done: a reader on an older snapshot, the checkpointer mid-copy, a transaction open throughout. */
  givenUp: number;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type DatabaseTarget =
  | {
      kind: 'sqlite';
      file: string;
      /** When the write-ahead log is synced (config.ts SQLITE_SYNCHRONOUS); `normal` when omitted. */
      synchronous?: 'normal' | 'full';
      /** Past this much log since it last started over, the write-ahead log is started over (WAL_LIMIT_BYTES when omitted; 0: never). */
      walLimitBytes?: number;
    }
  | {
      kind: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      /** Named (server-side prepared) statements; off behind a transaction-mode pooler such as PgBouncer. */
      namedStatements?: boolean;
      /**
       * When game writes wait for the write-ahead log's flush (config.ts PG_SYNCHRONOUS_COMMIT,
       * decision 208): `normal` (when omitted) they do not, `full` every commit waits.
       */
      synchronousCommit?: 'normal' | 'full';
    };

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing costs more than running the small queries of
 * a game screen. Statements are reused by SQL text (bounded, oldest out first); reuse is safe
 * because the driver runs each to completion synchronously (`all`/`run`), and a statement that
 * is still iterating is never handed out again.
 */
function cacheStatements(sqlite: SqliteDatabase.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteDatabase.Statement>();
  const cached = (source: string): SqliteDatabase.Statement => {
    const hit = cache.get(source);
    if (hit !== undefined && !hit.busy) return hit;
    const statement = prepare(source);
    cache.delete(source);
    cache.set(source, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
    return statement;
  };
  sqlite.prepare = cached as typeof sqlite.prepare;
}

let pgParsersSet = false;

/** int8 (ids, count(*)) and numeric come back as strings from pg: every value we store fits a double. */
function setPgTypeParsers(): void {
  if (pgParsersSet) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
  pgParsersSet = true;
}

/** At most this many distinct SQL texts get a name; any further text runs unnamed, as before. */
export const NAMED_STATEMENTS_CAPACITY = 500;

/**
 * The same idea for PostgreSQL: every statement the server sends runs through the extended
 * protocol, and without a name PostgreSQL parses, analyses and plans it again on every call. A
 * text gets one process-wide name, so each pooled connection parses and plans it once and then
 * only binds and executes it (pg keeps which names a connection has prepared). Only data
 * statements are named: DDL (migrations) runs unnamed, and a statement prepared before a
 * migration that changes its tables would fail on reuse.
 */
export function statementNamer(capacity = NAMED_STATEMENTS_CAPACITY): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= capacity || !/^\s*(select|insert|update|delete|with)\b/i.test(text)) return undefined;
    const name = `starhold_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

type PgQuery = pg.PoolClient['query'];
const NAMED = Symbol('starhold.pooledClient');

/**
 * Kysely's pool: pg's, with each client's `query(text, values)` turned into a named statement
 * when `nameOf` is given, and `lost` called when a client's connection ends without being asked
 * to (pg emits `error` on the client then; the listener also keeps such an error on a client in
 * use from being an unhandled `error` event).
 */
function kyselyPool(
  pool: pg.Pool,
  nameOf: ((text: string) => string | undefined) | null,
  lost: () => void,
): PostgresPool {
  pool.on('error', lost);
  const connect = async (): Promise<pg.PoolClient> => {
    const client = (await pool.connect()) as pg.PoolClient & { [NAMED]?: true };
    if (client[NAMED] === undefined) {
      client.on('error', lost);
      if (nameOf !== null) {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
          const name =
            typeof text === 'string' && Array.isArray(values) && callback === undefined
              ? nameOf(text)
              : undefined;
          return name === undefined ? query(text, values, callback) : query({ name, text, values });
        }) as PgQuery;
      }
      client[NAMED] = true;
    }
    return client;
  };
  return { connect, end: () => pool.end() };
}

/** How often the checkpointer moves the write-ahead log into the database (and syncs both). */
export const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * The main connection checkpoints by itself only past this many log pages (~400 MB, above
 * WAL_LIMIT_BYTES): a safety net should the checkpointer stop; SQLite's default is 1,000 pages
 * (~4 MB).
 */
const FALLBACK_AUTOCHECKPOINT_PAGES = 100_000;

/**
 * The write-ahead log's size past which it is started over (decisions 254 and 255). SQLite starts
 * the log over only when a writer finds every frame checkpointed; under writes that never pause
 * for a whole checkpoint (the mixed bench: 13 MB of log a second) the PASSIVE checkpoints never
 * catch up, and the log grew without end (280 MB in 20 s). Starting it over costs the event loop
 * a few milliseconds (`startLogOver`); the log's file keeps its largest size, about this limit plus
 * a second of writes, and is written over from its start.
 */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The checkpointer's code: a thread with its own connection to the database file that runs a
 * PASSIVE checkpoint every interval (it never waits for the writer nor makes it wait), then a
 * last one when asked to stop. Past `walLimitBytes` of log it runs PASSIVE ones until fewer than
 * 256 pages are left to copy (8 at most), syncs the files, and asks the main thread to start the
 * log over (decision 255: the writer itself, between two transactions, never waiting). CommonJS,
 * as `eval` workers are.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { closeSync, fsyncSync, openSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
// The log's frames (a page and its 24-byte header each) since it last started over: its file
// keeps its largest size, SQLite writing it over from the start.
const frameBytes = db.pragma('page_size', { simple: true }) + 24;
const syncFiles = () => {
  for (const name of [workerData.file, workerData.file + '-wal']) {
    const fd = openSync(name, 'r');
    try { fsyncSync(fd); } finally { closeSync(fd); }
  }
};
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const checkpoint = () => {
  try {
    let left = passive();
    if (!(workerData.walLimitBytes > 0) || left.log * frameBytes <= workerData.walLimitBytes) return;
    // Caught up first (what the writes added meanwhile), and what the passes copied put on the
    // disk here (a PASSIVE checkpoint the writes outran syncs nothing), again while that took long:
    // the main thread's checkpoint then copies and syncs little.
    for (let round = 0; round < 4; round += 1) {
      for (let pass = 0; pass < 8 && left.log - left.checkpointed > 256; pass += 1) left = passive();
      const started = Date.now();
      syncFiles();
      if (Date.now() - started < 5) break;
      left = passive();
    }
    parentPort.postMessage('start log over');
  } catch { /* busy or closed: the next tick */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  // A last copy, nothing asked of the main thread: its connection closes next.
  try { passive(); } catch { /* busy or closed */ }
  db.close();
  parentPort.postMessage('stopped');
});
`;

/** How long the main connection waits for a lock another connection holds (a backup's, say). */
const BUSY_TIMEOUT_MS = 5000;
/** Turns of the event loop `startLogOver` waits for a moment with no transaction open. */
const START_OVER_TURNS = 50;

/**
 * Starts the write-ahead log over from the main connection (decision 255): a RESTART checkpoint
 * run by the only writer, at a moment none of its transactions is open, and without waiting. A
 * reader on an older snapshot (a backup) or the checkpointer mid-copy, and it gives up until asked
 * again; a TRUNCATE checkpoint in the checkpointer (decision 254) held every write off while it
 * waited, up to the busy timeout, and then failed them. What it costs the event loop: the copy of
 * what the checkpointer left and syncs of what came since (5 to 10 ms under the fleet bench's
 * arrivals, 300 MB of log); no truncation, which took 200 ms for 300 MB on a disk with `discard`.
 * Returns whether the log was started over now (false when deferred or given up); `outcome` hears
 * the end of the attempt, deferred or not (the metrics' counts).
 */
export function startLogOver(
  sqlite: SqliteDatabase.Database,
  outcome?: (started: boolean) => void,
  turns = START_OVER_TURNS,
): boolean {
  if (!sqlite.open) {
    outcome?.(false);
    return false;
  }
  if (sqlite.inTransaction) {
    // A transaction of the write group awaits something: again on a later turn of the loop.
    if (turns > 0) setImmediate(() => startLogOver(sqlite, outcome, turns - 1)).unref();
    else outcome?.(false);
    return false;
  }
  let started = false;
  sqlite.pragma('busy_timeout = 0');
  try {
    const [result] = sqlite.pragma('wal_checkpoint(RESTART)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    started = result?.busy === 0 && result.log === result.checkpointed;
  } catch {
    // Busy (SQLITE_BUSY thrown rather than reported) or closed: the next ask.
  } finally {
    if (sqlite.open) sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
  outcome?.(started);
  return started;
}

/**
 * Checkpoints off the event loop (decision 186). In WAL mode SQLite checkpoints inside the commit
 * that fills the log past `wal_autocheckpoint` pages: that commit copies the log's pages into the
 * database and syncs both files, on the event loop's thread (148 µs a commit on average in the
 * write bench, all of it in those few commits: the p99). Here a worker thread with its own
 * connection does it every interval instead, so commits only append to the log; each checkpoint
 * also syncs the log first, which bounds what a power loss can take (synchronous = normal) to
 * about one interval of commits.
 */
function startCheckpointer(
  file: string,
  synchronous: 'normal' | 'full',
  intervalMs: number,
  walLimitBytes: number,
  onStartOver: () => void,
) {
  const worker = new Worker(CHECKPOINTER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      synchronous,
      intervalMs,
      walLimitBytes,
    },
  });
  worker.unref();
  worker.on('message', (message) => (message === 'start log over' ? onStartOver() : undefined));
  // A failed checkpointer leaves the main connection's fallback checkpoints: never fatal.
  worker.on('error', () => undefined);
  return {
    async stop(): Promise<void> {
      const stopped = new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.on('message', (message) => (message === 'stopped' ? done() : undefined));
        worker.once('exit', done);
        worker.once('error', done);
      });
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await worker.terminate();
    },
  };
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const sqlite = new SqliteDatabase(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Decision 186: in WAL mode `normal` appends each commit to the log without waiting for the
    // disk; the checkpointer syncs the log every second, off the event loop. A killed process
    // loses nothing: the log is in the OS's cache. Set on every start: a reopened WAL file ran
    // `normal` already (better-sqlite3's build default), a new one `full` (a sync per commit).
    const synchronous = target.synchronous === 'full' ? 'full' : 'normal';
    sqlite.pragma(`synchronous = ${synchronous}`);
    const onDisk = target.file !== ':memory:' && target.file !== '';
    if (onDisk) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    cacheStatements(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    registerSqliteConnection(db, sqlite);
    const restarts: LogRestartStats = { started: 0, givenUp: 0 };
    const counted = (started: boolean) => {
      if (started) restarts.started += 1;
      else restarts.givenUp += 1;
    };
    const checkpointer = onDisk
      ? startCheckpointer(
          target.file,
          synchronous,
          CHECKPOINT_INTERVAL_MS,
          target.walLimitBytes ?? WAL_LIMIT_BYTES,
          () => startLogOver(sqlite, counted),
        )
      : undefined;
    return {
      db,
      dialect: createDialectSeam('sqlite'),
      schema: undefined,
      writeGroups: () => groupCommitStats(db),
      ...(onDisk ? { logRestarts: () => ({ ...restarts }) } : {}),
      close: async () => {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  setPgTypeParsers();
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // The listener runs on a connection's error, so after `db` below exists.
  const dialectPool = kyselyPool(pool, target.namedStatements === false ? null : statementNamer(), () =>
    connectionLost(db),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool }) });
  return {
    db,
    dialect: createDialectSeam('postgres', { relaxedGameCommits: target.synchronousCommit !== 'full' }),
    schema: target.schema ?? 'public',
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
