import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPgDatabase {
  name: string;
  /** `adminUrl` with the new database's name in place of its own. */
  url: string;
  /** Drops the database, closing the connections still open on it. */
  drop(): Promise<void>;
}

async function run(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server of `adminUrl`, named `<prefix>_<random>`, for the bench or the reliability battery. */
export async function freshPgDatabase(adminUrl: string, prefix: string): Promise<FreshPgDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await run(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
