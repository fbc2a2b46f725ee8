/**
 * Issue 22: DELETE /me. The account goes with everything that was its own, in one transaction,
 * while it has fleets in flight and queued constructions and other players' fleets head for its
 * planets (those turn round). A query over every table of the live schema finds no orphan row.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { ErrorBody, FleetList } from '@starhold/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constructionCount } from './economy-fixtures.js';
import { call, equip, homePlace, shipCount, type Place } from './fleets-fixtures.js';
import {
  createTestApp,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
let victim: TestPlayer;
let other: TestPlayer;
let victimHome: Place;
let otherHome: Place;
let otherPlanet: number;

/** Columns that point at an account or a planet, wherever they are in the live schema. */
const ACCOUNT_COLUMNS = ['account_id', 'target_account_id', 'target_account'];
const PLANET_COLUMNS = ['planet_id'];

/**
 * Rows of any table that still name the account (any account column), and rows anywhere whose
 * account or planet column points at nothing (orphans).
 */
async function leftovers(accountId: number): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  const db = t.database.db;
  for (const table of await db.introspection.getTables()) {
    for (const column of table.columns) {
      const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
        Number((await query.execute(db)).rows[0]?.n ?? 0);
      if (ACCOUNT_COLUMNS.includes(column.name)) {
        const named = await count(
          sql`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} = ${accountId}`,
        );
        const orphans = await count(
          sql`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} is not null
            and ${sql.ref(column.name)} not in (select id from accounts)`,
        );
        if (named > 0) found[`${table.name}.${column.name} = deleted`] = named;
        if (orphans > 0) found[`${table.name}.${column.name} orphans`] = orphans;
      }
      if (PLANET_COLUMNS.includes(column.name)) {
        const orphans = await count(
          sql`select count(*) as n from ${sql.table(table.name)} where ${sql.ref(column.name)} not in (select id from planets)`,
        );
        if (orphans > 0) found[`${table.name}.${column.name} orphans`] = orphans;
      }
    }
  }
  return found;
}

const deleteMe = (player: TestPlayer, payload: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/v1/me',
    headers: player.headers,
    remoteAddress: '10.33.0.1',
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  victim = await registerPlayer(t.app);
  other = await registerPlayer(t.app);
  await equip(t.database.db, victim.me.id, { 6: 5, 1: 20 });
  otherPlanet = await equip(t.database.db, other.me.id, { 6: 5, 1: 20 });
  victimHome = await homePlace(t.database.db, victim.me.id);
  otherHome = await homePlace(t.database.db, other.me.id);
});
afterAll(async () => {
  await t.close();
});

const order = (mission: number, to: Place, ships: { id: number; count: number }[], cargo?: object) => ({
  mission,
  target: { system_id: to.systemId, orbit: to.orbit },
  ships,
  speed: 10,
  prefer: 'shortest',
  ...(cargo ? { cargo } : {}),
});

describe('DELETE /me', () => {
  it('refuses a wrong password (403), a missing one (400) and no session (401), changing nothing', async () => {
    const wrong = await deleteMe(victim, { password: 'NotMine123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json<ErrorBody>().i18n_comment).toBe('WRONG_PASSWORD');
    const missing = await deleteMe(victim, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().fields).toEqual({ password: 'REQUIRED' });
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ password: victim.password }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(t, victim, 'GET', '/me')).status).toBe(200);
  });

  it('deletes the account with fleets in flight and queued constructions; no row names it, no orphan anywhere', async () => {
    // The victim: a spy fleet and a transport in flight to the other player, a queued mine.
    expect(
      (await call(t, victim, 'POST', '/me/fleets', order(4, otherHome, [{ id: 6, count: 2 }]))).status,
    ).toBe(201);
    const transport = order(1, otherHome, [{ id: 1, count: 5 }], { metal: 100, crystal: 0, fuel: 0 });
    expect((await call(t, victim, 'POST', '/me/fleets', transport)).status).toBe(201);
    expect((await call(t, victim, 'POST', '/me/planet/factories/1')).status).toBeLessThan(300);
    expect(await constructionCount(t.database.db, victim.me.id)).toBeGreaterThan(0);
    // The other player: a spy fleet and a transport heading for the victim's home planet.
    expect(
      (await call(t, other, 'POST', '/me/fleets', order(4, victimHome, [{ id: 6, count: 3 }]))).status,
    ).toBe(201);
    const back = order(1, victimHome, [{ id: 1, count: 4 }], { metal: 50, crystal: 0, fuel: 0 });
    expect((await call(t, other, 'POST', '/me/fleets', back)).status).toBe(201);
    const probesHome = await shipCount(t.database.db, otherPlanet, 6);
    const transportersHome = await shipCount(t.database.db, otherPlanet, 1);
    t.clock.advance(5_000);

    const response = await deleteMe(victim, { password: victim.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect(
      response.cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['auth_token', 'refresh_token']);

    expect(await leftovers(victim.me.id)).toEqual({});
    const orbit = await t.database.db
      .selectFrom('planets')
      .select('id')
      .where('orbit_id', '=', victimHome.orbitId)
      .executeTakeFirst();
    expect(orbit).toBeUndefined();
    expect((await call(t, victim, 'GET', '/me')).status).toBe(401);

    // The other player's fleets turned round at once, and land home with their ships and cargo.
    const fleets = (await call(t, other, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(fleets.own.map((fleet) => fleet.state)).toEqual(['returning', 'returning']);
    expect(fleets.hostile).toEqual([]);
    const latest = Math.max(...fleets.own.map((fleet) => Date.parse(fleet.returns_at ?? fleet.arrives_at)));
    t.clock.set(latest + 1_000);
    const again = await loginPlayer(t.app, other);
    expect(((await call(t, again, 'GET', '/me/fleets')).body.data as unknown as FleetList).own).toEqual([]);
    expect(await shipCount(t.database.db, otherPlanet, 6)).toBe(probesHome + 3);
    expect(await shipCount(t.database.db, otherPlanet, 1)).toBe(transportersHome + 4);
  });

  it('leaves the leaderboard and frees the username and email for a new registration', async () => {
    const ranking = await call(t, await loginPlayer(t.app, other), 'GET', '/accounts?limit=100');
    const rows = ranking.body.data as unknown as { id: number }[];
    expect(rows.some((row) => row.id === victim.me.id)).toBe(false);
    const again = await registerPlayer(t.app, { email: victim.email, username: victim.username });
    expect(again.me.id).not.toBe(victim.me.id);
  });
});
