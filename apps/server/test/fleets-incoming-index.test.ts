/**
 * Migration 021 (decision 256): the fleets heading for an account are found through the partial
 * index `fleets_incoming_idx`, never by going through every outbound fleet of `fleets_due_idx`,
 * whatever the planner knows of the table. The fleets below are inserted in one burst and never
 * analysed, as after a wave of dispatches: PostgreSQL then took a bitmap AND of the old target
 * index and the whole due index for the read path's `incoming_at`. Checked with the database's own
 * plans (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN with sequential scans priced out, as
 * emails-unread-index.test.ts does), on the queries' forms as the server writes them.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function planOf(db: Kysely<Database>, query: string): Promise<string> {
  if (t.database.dialect.name === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('the incoming fleets index (migration 021)', () => {
  it('finds the fleets heading for an account without going through every outbound fleet', async () => {
    const sender = await registerPlayer(t.app, { username: 'Sender' });
    const target = await registerPlayer(t.app, { username: 'Target' });
    const reader = await registerPlayer(t.app, { username: 'Reader' });
    const db = t.database.db;
    const at = Date.parse('2026-06-01T00:00:00Z');
    // 4,000 fleets in flight: 3,000 at no account (own planets, empty orbits), 1,000 at the target.
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      account_id: sender.me.id,
      id: 10_000 + i,
      mission: i % 4 === 0 ? 3 : 1,
      state: 'outbound',
      target_system_id: 1,
      target_orbit: 1,
      target_account_id: i % 4 === 0 ? target.me.id : null,
      arrives_at: new Date(at + i * 1000).toISOString(),
      data: '{}',
    }));
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto('fleets')
        .values(rows.slice(start, start + 500))
        .execute();

    const incoming = (id: number) =>
      // The read path's account row (shared-reads.repository.ts, incomingArrivalAt).
      `select id, (select min("fleets"."arrives_at") from "fleets" where "fleets"."target_account_id" = "accounts"."id" and "fleets"."state" = 'outbound') as incoming_at from accounts where id in (${id}, ${sender.me.id})`;
    const queries = [
      incoming(reader.me.id),
      incoming(target.me.id),
      // The hostile fleets of GET /me/fleets (incomingFleetRows).
      `select account_id, data from fleets where target_account_id = ${target.me.id} and state = 'outbound' and mission in (3, 4) order by arrives_at`,
      // The arrivals due that involve an account, its own and those heading for it (dueArrivalRows).
      `select account_id, id, arrives_at from fleets where account_id = ${target.me.id} and state = 'outbound' and arrives_at <= '2026-06-01T01:00:00.000Z' union all select account_id, id, arrives_at from fleets where target_account_id = ${target.me.id} and account_id <> ${target.me.id} and state = 'outbound' and arrives_at <= '2026-06-01T01:00:00.000Z' order by arrives_at, account_id, id`,
      // The owners whose fleets are due at an account (dueIncomingOwners).
      `select distinct account_id from fleets where target_account_id = ${target.me.id} and state = 'outbound' and arrives_at <= '2026-06-01T01:00:00.000Z'`,
    ];
    for (const query of queries) {
      const plan = await planOf(db, query);
      expect(plan, query).toMatch(/fleets_incoming_idx/);
      // The due arrivals' own branch may take the due index with the account in its condition.
      if (!query.includes('union all')) expect(plan, query).not.toMatch(/fleets_due_idx/);
    }

    // The answers themselves: the first fleet heading for the target, none for the reader.
    const { rows: found } = await sql<{ id: number; incoming_at: string | null }>`${sql.raw(
      incoming(target.me.id),
    )}`.execute(db);
    const byId = new Map(found.map((row) => [Number(row.id), row.incoming_at]));
    expect(byId.get(target.me.id)).toBe(new Date(at).toISOString());
    expect(byId.get(sender.me.id)).toBeNull();
  });
});
