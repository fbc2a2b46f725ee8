import {
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';

import { groupedWriteTransaction } from './sqlite-group-commit.js';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Every difference between SQLite and PostgreSQL lives here, so that repositories and migrations
 * stay portable.
 */
export interface DialectSeam {
  readonly name: DialectName;
  /** An auto-generated integer primary key. */
  identity(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /**
   * Whether `forUpdate` takes row locks (PostgreSQL). SQLite's write transaction already excludes
   * every other writer: there a statement run only to lock rows can be left out.
   */
  readonly rowLocks: boolean;
  /** `FOR UPDATE` on PostgreSQL; SQLite already serialises write transactions. */
  forUpdate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** `FOR UPDATE SKIP LOCKED` on PostgreSQL, for work shared between processes. */
  forUpdateSkipLocked<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
  ): SelectQueryBuilder<DB, TB, O>;
  /** A transaction-scoped advisory lock on PostgreSQL (e.g. seeding); nothing on SQLite. */
  advisoryXactLock(trx: QueryExecutorProvider, key: number): Promise<void>;
  /** Whether an error is a unique-constraint violation, and on what (constraint or column text). */
  uniqueViolation(error: unknown): string | null;
  /**
   * A transaction for read-then-write work. SQLite: `BEGIN IMMEDIATE`, so it holds the database's
   * write lock from its first statement and two such transactions cannot interleave even across
   * connections; those that queue meanwhile commit together, each in its own savepoint
   * (sqlite-group-commit.ts, decision 209), and the promise settles after the commit.
   * PostgreSQL: a plain transaction, in which the caller locks the rows it needs (`forUpdate`).
   */
  writeTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T>;
  /**
   * Whether the database keeps `ranking_version` (migration 009, SQLite only), so that leaderboard
   * pages may be kept while it stands; PostgreSQL reads them from the indexes each time.
   */
  readonly keepsRankingVersion: boolean;
  /**
   * Fleet arrivals one scheduler transaction applies at most (decisions 174 and 177). SQLite's
   * one connection and synchronous driver hold every read and the event loop for the whole chunk:
   * there the scheduler sizes each chunk to a few ms of work, up to this; on PostgreSQL, whose
   * reads go on beside it on other connections, chunks are this long.
   */
  readonly arrivalChunk: number;
  /**
   * Chunks of arrivals the scheduler runs at once, on disjoint accounts and orbits (decision
   * 177): one on SQLite, whose chunks are sized by time and run in turn; several on PostgreSQL.
   */
  readonly arrivalChunksAtOnce: number;
  /**
   * Whether a write whose state the process keeps is first tried as one guarded statement, its
   * own transaction (decision 212): PostgreSQL, where each statement is a round trip; SQLite's
   * statements are calls within the process and it keeps the locking path.
   */
  readonly guardedSingleStatementWrites: boolean;
  /**
   * PostgreSQL with PG_SYNCHRONOUS_COMMIT=normal (the default, decision 208): game writes (the
   * account locks of withAccount and withAccounts, the guarded statement) commit without waiting
   * for the write-ahead log to reach the disk, as SQLite's synchronous=normal does; `null` where
   * every commit waits (SQLite, whose policy is the connection's, or PG_SYNCHRONOUS_COMMIT=full).
   * A select-list expression that sets it for the statement's transaction only.
   */
  readonly relaxedCommit: RawBuilder<string> | null;
  /**
   * Inside a game write whose commit must wait for the flush all the same (an operator's action,
   * decision 208): puts the transaction back to the server's setting. Nothing where no write is
   * relaxed.
   */
  durableCommit(trx: QueryExecutorProvider): Promise<void>;
}

/**
 * The select-list expression that makes a statement's transaction commit without waiting for the
 * log's flush (decision 208): `relaxedCommit` below, and the raw statements that write it
 * themselves (the guarded save, an email marked read), each as a `commit_mode` column read by nobody.
 */
export const RELAXED_COMMIT = "set_config('synchronous_commit', 'off', true)";

export const toDbBool = (value: boolean): number => (value ? 1 : 0);
export const fromDbBool = (value: number | boolean): boolean => value === true || value === 1;

export interface DialectOptions {
  /** PostgreSQL: game writes commit without waiting for the log's flush (DialectSeam.relaxedCommit). */
  relaxedGameCommits?: boolean;
}

export function createDialectSeam(name: DialectName, options: DialectOptions = {}): DialectSeam {
  const isPg = name === 'postgres';
  return {
    name,
    identity: (column) =>
      isPg ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    rowLocks: isPg,
    forUpdate: (query) => (isPg ? query.forUpdate() : query),
    forUpdateSkipLocked: (query) => (isPg ? query.forUpdate().skipLocked() : query),
    advisoryXactLock: async (trx, key) => {
      if (isPg) await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
    },
    uniqueViolation: (error) => {
      if (typeof error !== 'object' || error === null) return null;
      const { code, message, constraint, detail } = error as {
        code?: unknown;
        message?: unknown;
        constraint?: unknown;
        detail?: unknown;
      };
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      if (isPg && code === '23505') return `${text(constraint)} ${text(detail)}`;
      if (!isPg && code === 'SQLITE_CONSTRAINT_UNIQUE') return text(message);
      return null;
    },
    writeTransaction: (db, fn) => (isPg ? db.transaction().execute(fn) : groupedWriteTransaction(db, fn)),
    keepsRankingVersion: !isPg,
    arrivalChunk: isPg ? 16 : 32,
    arrivalChunksAtOnce: isPg ? 4 : 1,
    guardedSingleStatementWrites: isPg,
    relaxedCommit: isPg && options.relaxedGameCommits === true ? sql.raw<string>(RELAXED_COMMIT) : null,
    durableCommit: async (trx) => {
      if (isPg && options.relaxedGameCommits === true)
        await sql`set local synchronous_commit to default`.execute(trx);
    },
  };
}
