/**
 * The databases the process-level battery runs on: SQLite always (a fresh data directory), and
 * PostgreSQL when TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432 (a fresh
 * database, dropped at the end).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { freshPgDatabase } from '../tools/fresh-pg-database.js';
import { LOCAL_POSTGRES, probePostgres } from '../tools/pg-probe.js';
import type { ServerEnv } from './server-process.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  env: ServerEnv;
  /** Direct access for set-up and checks, only while no server runs on it (SQLite). */
  open(): DatabaseHandle;
  dispose(): Promise<void>;
}

/** The PostgreSQL server to use, or undefined to run on SQLite only (tools/pg-probe.ts decides). */
export async function postgresUrl(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return (await probePostgres(LOCAL_POSTGRES)).ok ? LOCAL_POSTGRES : undefined;
}

export function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'starhold-reliability-'));
  return {
    name: 'sqlite',
    env: { DATA_DIR: dir },
    open: () => openDatabase({ kind: 'sqlite', file: join(dir, 'starhold.sqlite') }),
    dispose() {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export async function postgresBackend(adminUrl: string): Promise<Backend> {
  const database = await freshPgDatabase(adminUrl, 'starhold_reliability');
  return {
    name: 'postgres',
    env: { DATABASE_URL: database.url },
    open: () => openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 }),
    dispose: () => database.drop(),
  };
}

/** SQLite, then PostgreSQL when one answers. */
export async function availableBackends(): Promise<
  { name: Backend['name']; make: () => Promise<Backend> }[]
> {
  const url = await postgresUrl();
  const makers: { name: Backend['name']; make: () => Promise<Backend> }[] = [
    { name: 'sqlite', make: () => Promise.resolve(sqliteBackend()) },
  ];
  if (url) makers.push({ name: 'postgres', make: () => postgresBackend(url) });
  return makers;
}
