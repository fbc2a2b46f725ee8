import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabase } from './helpers/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** Every table of the Database type: the compiler refuses this object if one is missing or extra. */
const DATABASE_TABLES = {
  accounts: true,
  refresh_tokens: true,
  login_attempts: true,
  login_known_addresses: true,
  secrets: true,
  systems: true,
  gates: true,
  orbits: true,
  planets: true,
  emails: true,
  account_counts: true,
  auth_epoch: true,
  ranking_version: true,
  planet_modules: true,
  account_research: true,
  constructions: true,
  commandants: true,
  fleets: true,
  reports: true,
  account_links: true,
  mail_requests: true,
  admin_audit: true,
  goal_claims: true,
} as const satisfies Record<keyof Database, true>;

async function tablesOfDatabase(): Promise<string[]> {
  const { rows } =
    database.dialect.name === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${database.schema ?? 'public'}`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(database.db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith('kysely_'));
}

describe('the Database type', () => {
  it('lists every table the migrations create (ranking_version where the dialect keeps it)', async () => {
    const expected = Object.keys(DATABASE_TABLES).filter(
      (table) => table !== 'ranking_version' || database.dialect.keepsRankingVersion,
    );
    expect((await tablesOfDatabase()).sort()).toEqual(expected.sort());
  });
});

describe('the dialect seam', () => {
  it('commits a write transaction that succeeds and rolls back one that throws', async () => {
    const { db, dialect } = database;
    const name = 'seam-test';
    await dialect.writeTransaction(db, (trx) =>
      trx
        .insertInto('secrets')
        .values({ name, value: 'kept', created_at: '2026-01-01T00:00:00.000Z' })
        .execute(),
    );
    await expect(
      dialect.writeTransaction(db, async (trx) => {
        await trx.updateTable('secrets').set({ value: 'lost' }).where('name', '=', name).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
    expect(row?.value).toBe('kept');
  });

  it('is the only place that tells the dialects apart: no service or repository asks for its name', () => {
    const modules = join(import.meta.dirname, '../src/modules');
    const offenders: string[] = [];
    for (const entry of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts')) continue;
      const text = readFileSync(join(modules, entry), 'utf8');
      if (
        /dialect\.name\b|\bisPg\b|isPostgres|=== 'postgres'|=== 'sqlite'|!== 'postgres'|!== 'sqlite'/.test(
          text,
        )
      )
        offenders.push(entry);
    }
    expect(offenders).toEqual([]);
  });
});
