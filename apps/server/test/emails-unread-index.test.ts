/**
 * Migration 017: the unread emails' counts are read through the partial index `emails_unread`,
 * not through every email the account ever got. Checked on the counts' two forms (the inbox's,
 * and GET /me's correlated count), with the database's
 * own plan: SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN with sequential scans priced out (on
 * a small test table its planner would rightly scan the table).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { insertEmails } from '../src/modules/economy/index.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function planOf(db: Kysely<Database>, query: string, accountId: number): Promise<string> {
  if (t.database.dialect.name === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(
      query.replaceAll('$1', String(accountId)),
    )}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(
      query.replaceAll('$1', String(accountId)),
    )}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the unread emails index (migration 017)', () => {
  it('serves the unread counts, and the server counts as before', async () => {
    const player = await registerPlayer(t.app, { username: 'OldHand' });
    const db = t.database.db;
    await insertEmails(
      db,
      player.me.id,
      Array.from({ length: 200 }, (_, i) => ({
        title: 'research_finished',
        params: { research: { id: 1, key: 'energy_technology' }, level: i + 1, planet: 'Home' },
        at: Date.parse('2026-01-01T00:00:00Z') + i * 60_000,
      })),
    );
    await db
      .updateTable('emails')
      .set({ read_at: '2026-02-01T00:00:00.000Z' })
      .where('account_id', '=', player.me.id)
      .where('title', '=', 'research_finished')
      .execute();

    for (const query of [
      'select count(*) from emails where account_id = $1 and read_at is null',
      // GET /me's form: a correlated count per account row.
      'select (select count(*) from emails where emails.account_id = accounts.id and emails.read_at is null) from accounts where id = $1',
    ])
      expect(await planOf(db, query, player.me.id)).toMatch(/emails_unread/);

    // The server's own answers: the welcome email alone is unread, on /me and in the inbox.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: player.headers });
    expect(me.json<{ data: { email_not_read_count: number } }>().data.email_not_read_count).toBe(1);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/emails?unread=true',
      headers: player.headers,
    });
    const page = unread.json<{ data: { id: number; read: boolean }[]; meta: { unread: number } }>();
    expect(page.data.map((email) => email.read)).toEqual([false]);
    expect(page.meta.unread).toBe(1);
  });
});
