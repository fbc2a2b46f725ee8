import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createDialectSeam, type DialectSeam } from './dialect.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectSeam;
  /** PostgreSQL schema holding our tables (also those of the migrator); undefined on SQLite. */
  schema: string | undefined;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

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

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'sqlite') {
    const sqlite = new SqliteDatabase(target.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    cacheStatements(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: createDialectSeam('sqlite'), schema: undefined, close: () => db.destroy() };
  }
  setPgTypeParsers();
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: createDialectSeam('postgres'), schema: target.schema ?? 'public', close: () => db.destroy() };
}
