import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';

/**
 * Compiled statements run straight on SQLite's one connection (decision 217), without Kysely's
 * query executor: its connection provider, the driver's connection mutex and the promises
 * between them cost about as much as a small statement itself. better-sqlite3 runs a statement
 * synchronously, so a statement run here is done when the call returns, as it is, one microtask
 * later, through Kysely.
 *
 * Who may use the connection is what Kysely's mutex decided, and it is decided here the same way:
 * - a handle that holds the connection (a Kysely transaction, or the write group's connection,
 *   `markConnectionHolder`) runs its statements at once: nobody else is using it;
 * - the database's own handle runs at once only while no transaction is open on the connection
 *   (`inTransaction`): its statement then runs on its own, in autocommit, as it would have when
 *   its turn came. While a transaction is open it takes Kysely's path and waits for the
 *   connection like every other query, so it never reads or writes inside someone else's
 *   transaction.
 * Statements of one holder run in the order they are called. A holder's statements that go
 * through Kysely (query builders) run after the ones already awaited, as before; the callers
 * await each write before the next (no write of a transaction is left pending beside another).
 */
const connections = new WeakMap<object, SqliteDatabase.Database>();
const holders = new WeakSet<object>();

/** Registers SQLite's connection for a Kysely instance (and its transactions: same adapter). */
export function registerSqliteConnection<DB>(db: Kysely<DB>, sqlite: SqliteDatabase.Database): void {
  connections.set(db.getExecutor().adapter, sqlite);
}

/** Marks a handle bound to the one connection for as long as it holds it (the write groups). */
export function markConnectionHolder<DB>(db: Kysely<DB>): void {
  holders.add(db);
}

/**
 * Runs `query` on `db`: straight on SQLite's connection when that is what Kysely would do now,
 * else through Kysely. Same result as `db.executeQuery(query)` (rows for a statement that
 * returns rows, else the changed row count and last rowid as bigints).
 */
export function executeCompiled<DB, R>(db: Kysely<DB>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const executor = db.getExecutor();
  const sqlite = connections.get(executor.adapter);
  // A plugin (the tests' statement counters) sees every statement: those take Kysely's path.
  if (
    sqlite === undefined ||
    executor.plugins.length > 0 ||
    !(db.isTransaction || holders.has(db) || !sqlite.inTransaction)
  )
    return db.executeQuery(query);
  try {
    return Promise.resolve(runOn<R>(sqlite, query));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function runOn<R>(sqlite: SqliteDatabase.Database, query: CompiledQuery<R>): QueryResult<R> {
  // The connection's statement cache (database.ts) hands back the prepared statement.
  const statement = sqlite.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
