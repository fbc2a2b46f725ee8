/**
 * The write path (decision 186): a write keeps the state it saved, and the account row's update
 * leaves the indexed derived columns alone when they did not change. On PostgreSQL a write on a
 * kept state is one guarded statement (decisions 212 and 249).
 */
import type { Fleet, FleetList } from '@starhold/contract';
import { computePoints, recallFleet, type AccountState } from '@starhold/rules';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyDeps, withAccounts } from '../src/modules/economy/index.js';
import { stateCacheFor } from '../src/modules/economy/state-cache.js';
import { guardedSaveStatement } from '../src/modules/economy/state.repository.js';
import { homePlanetId, setResources } from './economy-fixtures.js';
import { call, equip, fleetOrder, homePlace, shipCount, type Place } from './fleets-fixtures.js';
import { parseFleet } from '../src/modules/fleets/index.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function accountRow(id: number) {
  return t.database.db
    .selectFrom('accounts')
    .select(['state_version', 'total_points', 'economy_points', 'next_event_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function rankingVersion(): Promise<number> {
  const row = await t.database.db
    .selectFrom('ranking_version')
    .select('value')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

describe('a write', () => {
  it('keeps the state it saved under the version it gave the account, after the commit', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/1',
      headers: player.headers,
    });
    expect(started.statusCode).toBe(200);
    const { state_version } = await accountRow(player.me.id);
    const kept = stateCacheFor(t.database.db).get(player.me.id, Number(state_version));
    expect(kept).toBeDefined();
    expect(Object.isFrozen(kept)).toBe(true);
    // The construction it started, in the kept state.
    const queue = kept?.planets[0]?.queues.factories ?? [];
    expect(queue.map((item) => item.moduleId)).toEqual([1]);
  });

  it('writes the points and the next event when they change, and leaves them alone otherwise', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    // Points stored by hand, different from what the state gives: a save that changes no level
    // still writes them once, because the row does not hold the state's figures.
    await t.database.db
      .updateTable('accounts')
      .set({ total_points: 12_345 })
      .where('id', '=', player.me.id)
      .execute();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/1',
      headers: player.headers,
    });
    expect(started.statusCode).toBe(200);
    const afterStart = await accountRow(player.me.id);
    expect(afterStart.total_points).not.toBe(12_345);
    expect(afterStart.next_event_at).not.toBeNull();

    // Now the row holds the state's figures: a second start (queued behind the first) changes
    // neither, and the row's indexed columns are not written: the leaderboard's version, which
    // any write to a points column moves, stays where it was.
    // (SQLite keeps that version; PostgreSQL has no such table.)
    const ranked = t.database.dialect.keepsRankingVersion;
    const rankingBefore = ranked ? await rankingVersion() : 0;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/2',
      headers: player.headers,
    });
    expect(second.statusCode).toBe(200);
    const afterSecond = await accountRow(player.me.id);
    expect(afterSecond.total_points).toBe(afterStart.total_points);
    expect(afterSecond.next_event_at).toBe(afterStart.next_event_at);
    if (ranked) expect(await rankingVersion()).toBe(rankingBefore);
  });
});

describe('a write over several accounts (withAccounts, fleet arrivals)', () => {
  /** One transaction over both accounts: `change` gives each one's new state (or none). */
  async function together(ids: number[], change: (state: AccountState) => AccountState | null) {
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    await withAccounts(deps, ids, (_trx, states) =>
      Promise.resolve({
        changes: [...states.values()].flatMap((before) => {
          const after = change(before);
          return after === null ? [] : [{ before, after, events: [] }];
        }),
        result: null,
      }),
    );
  }
  const withMetal = (state: AccountState, metal: number): AccountState => ({
    ...state,
    planets: state.planets.map((planet, index) =>
      index === 0 ? { ...planet, resources: { ...planet.resources, metal } } : planet,
    ),
  });

  it('writes the points it changes and leaves the unchanged ones alone', async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const ids = [a.me.id, b.me.id];
    // A first save gives both rows the state's figures (registration may not).
    await together(ids, (state) => withMetal(state, 1_000));
    const ranked = t.database.dialect.keepsRankingVersion;
    const rankingBefore = ranked ? await rankingVersion() : 0;
    const rowsBefore = await Promise.all(ids.map(accountRow));

    // Only resources move: no points column is written (the ranking's version stays).
    await together(ids, (state) => withMetal(state, 2_000));
    const rowsAfter = await Promise.all(ids.map(accountRow));
    const derived = ({ total_points, economy_points, next_event_at }: (typeof rowsBefore)[number]) => ({
      total_points,
      economy_points,
      next_event_at,
    });
    expect(rowsAfter.map(derived)).toEqual(rowsBefore.map(derived));
    if (ranked) expect(await rankingVersion()).toBe(rankingBefore);

    // A level up in b's state: b's row gets its new points, a's stays.
    let bAfter: AccountState | undefined;
    await together(ids, (state) => {
      if (state.accountId !== b.me.id) return null;
      bAfter = {
        ...state,
        planets: state.planets.map((planet, index) =>
          index === 0 ? { ...planet, factories: { ...planet.factories, 1: 9 } } : planet,
        ),
      };
      return bAfter;
    });
    if (bAfter === undefined) throw new Error('b was not loaded');
    const points = computePoints(bAfter);
    const [aRow, bRow] = await Promise.all(ids.map(accountRow));
    expect(bRow?.total_points).toBeCloseTo(points.total, 9);
    expect(bRow?.total_points).not.toBe(rowsBefore[1]?.total_points);
    expect(aRow?.total_points).toBe(rowsBefore[0]?.total_points);
  });
});

describe('a guarded write (PostgreSQL, decision 212)', () => {
  it('saves a start on a kept state in one statement: the version moves once, the row triggers leave it', async (ctx) => {
    if (!t.database.dialect.guardedSingleStatementWrites) ctx.skip();
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    const start = (module: number) =>
      t.app.inject({ method: 'POST', url: `/api/v1/me/planet/factories/${module}`, headers: player.headers });
    // The first write after a change behind the server's back takes the locking path and keeps
    // its state; the row triggers of its planet and construction each move the version.
    expect((await start(1)).statusCode).toBe(200);
    const afterFirst = Number((await accountRow(player.me.id)).state_version);
    expect(stateCacheFor(t.database.db).get(player.me.id, afterFirst)).toBeDefined();
    // The second write finds that state kept: one statement, the version moved by exactly one.
    expect((await start(2)).statusCode).toBe(200);
    const afterSecond = Number((await accountRow(player.me.id)).state_version);
    expect(afterSecond).toBe(afterFirst + 1);
    const kept = stateCacheFor(t.database.db).get(player.me.id, afterSecond);
    expect(kept?.planets[0]?.queues.factories.map((item) => item.moduleId)).toEqual([1, 2]);
    const rows = await t.database.db
      .selectFrom('constructions')
      .select('module_id')
      .where('account_id', '=', player.me.id)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.module_id)).toEqual([1, 2]);

    // A change behind the server's back between two writes: the guard finds another version,
    // nothing is written by it, and the locking path saves the cancel on the tables' state.
    await setResources(t.database.db, planetId, { metal: 50_000, crystal: 50_000, fuel: 50_000 });
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/planet/factories',
      headers: player.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    const left = await t.database.db
      .selectFrom('constructions')
      .select('module_id')
      .where('account_id', '=', player.me.id)
      .execute();
    expect(left.map((row) => row.module_id)).toEqual([1]);
  });
});

describe('a guarded fleet order (PostgreSQL, decision 249)', () => {
  const transport = (place: Place) => fleetOrder(place, 1, { 7: 1 }, { metal: 100, crystal: 0, fuel: 0 });

  async function fleetRows(accountId: number) {
    return t.database.db
      .selectFrom('fleets')
      .select(['id', 'state', 'target_account_id', 'data'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  it('saves a dispatch and a recall on a kept state in one statement each, ships and fleet rows included', async (ctx) => {
    if (!t.database.dialect.guardedSingleStatementWrites) ctx.skip();
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const planetId = await equip(t.database.db, a.me.id, { 7: 3 });
    const bHome = await homePlace(t.database.db, b.me.id);
    // Equipped behind the server's back: the first order takes the locking path and keeps its state.
    const first = await call(t, a, 'POST', '/me/fleets', transport(bHome));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const afterFirst = Number((await accountRow(a.me.id)).state_version);
    expect(stateCacheFor(t.database.db).get(a.me.id, afterFirst)).toBeDefined();

    // The second finds it kept: one statement, the version moved by exactly one (the planet's
    // resources, its ships' row and the new fleet row are written without moving it again).
    const second = await call(t, a, 'POST', '/me/fleets', transport(bHome));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const sent = second.body.data as unknown as Fleet;
    const afterSecond = Number((await accountRow(a.me.id)).state_version);
    expect(afterSecond).toBe(afterFirst + 1);
    expect(await shipCount(t.database.db, planetId, 7)).toBe(1);
    const rows = await fleetRows(a.me.id);
    expect(rows.map((row) => [row.id, row.state, row.target_account_id])).toEqual([
      [(first.body.data as unknown as Fleet).id, 'outbound', b.me.id],
      [sent.id, 'outbound', b.me.id],
    ]);
    const kept = stateCacheFor(t.database.db).get(a.me.id, afterSecond);
    expect(kept?.fleets?.map((fleet) => fleet.id)).toEqual(rows.map((row) => row.id));
    expect(kept?.planets[0]?.ships[7]).toBe(1);
    // The row holds the state's own JSON (the state cache check of the suite compares the rest).
    expect(parseFleet(rows[1]?.data ?? '{}')).toEqual(JSON.parse(JSON.stringify(kept?.fleets?.[1])));

    // A recall a minute later (the fleet flies a minute back): the fleet's row updated, guarded,
    // in one statement too.
    t.clock.advance(60_000);
    const recalled = await call(t, a, 'POST', `/me/fleets/${sent.id}/recall`);
    expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
    expect(Number((await accountRow(a.me.id)).state_version)).toBe(afterSecond + 1);
    expect((await fleetRows(a.me.id)).map((row) => row.state)).toEqual(['outbound', 'returning']);
    const shown = await call(t, a, 'GET', `/me/fleets/${sent.id}`);
    expect(shown.body, JSON.stringify(shown.body)).toMatchObject({ data: { state: 'returning' } });
  });

  it('leaves an attack or spy order, which announces itself to the target, to the locking path', async (ctx) => {
    if (!t.database.dialect.guardedSingleStatementWrites) ctx.skip();
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await equip(t.database.db, a.me.id, { 6: 4, 7: 2 });
    const bHome = await homePlace(t.database.db, b.me.id);
    expect((await call(t, a, 'POST', '/me/fleets', transport(bHome))).status).toBe(201);
    const before = Number((await accountRow(a.me.id)).state_version);
    const spy = await call(t, a, 'POST', '/me/fleets', fleetOrder(bHome, 4, { 6: 2 }));
    expect(spy.status, JSON.stringify(spy.body)).toBe(201);
    // The locking path's row triggers moved the version once per row it wrote.
    expect(Number((await accountRow(a.me.id)).state_version)).toBeGreaterThan(before + 1);
    const hostile = (await call(t, b, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(hostile.hostile.map((fleet) => fleet.id)).toEqual([(spy.body.data as unknown as Fleet).id]);
  });

  it("writes nothing when a changed fleet's row no longer holds the data it was loaded with", async (ctx) => {
    if (!t.database.dialect.guardedSingleStatementWrites) ctx.skip();
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    await equip(t.database.db, a.me.id, { 7: 2 });
    const sent = await call(t, a, 'POST', '/me/fleets', transport(await homePlace(t.database.db, b.me.id)));
    expect(sent.status).toBe(201);
    const fleetId = (sent.body.data as unknown as Fleet).id;
    const version = Number((await accountRow(a.me.id)).state_version);
    const before = stateCacheFor(t.database.db).get(a.me.id, version);
    if (before === undefined) throw new Error('the state was not kept');
    const recalled = recallFleet(before, fleetId, t.clock(), t.config);
    if (!recalled.ok) throw new Error(recalled.message);
    const after = recalled.value.state;
    // The row's data changed behind the version's back (as if the version's trigger had missed it).
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select set_config('starhold.version_moved', ${String(a.me.id)}, true)`.execute(trx);
      await trx
        .updateTable('fleets')
        .set({ data: sql<string>`data || ' '` })
        .where('account_id', '=', a.me.id)
        .where('id', '=', fleetId)
        .execute();
    });
    expect(Number((await accountRow(a.me.id)).state_version)).toBe(version);
    const statement = guardedSaveStatement(
      before,
      after,
      { points: computePoints(after), nextEventAt: null },
      { version, now: t.clock() },
    );
    if (statement === null) throw new Error('a recall is a guarded change');
    const answer = await t.database.db.executeQuery(statement);
    expect(answer.rows[0]?.state_version ?? null).toBeNull();
    expect(Number((await accountRow(a.me.id)).state_version)).toBe(version);
    expect((await fleetRows(a.me.id)).map((row) => row.state)).toEqual(['outbound']);
  });
});
