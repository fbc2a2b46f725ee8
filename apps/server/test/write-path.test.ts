/**
 * The write path (decision 186): a write keeps the state it saved, and the account row's update
 * leaves the indexed derived columns alone when they did not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateCacheFor } from '../src/modules/economy/state-cache.js';
import { homePlanetId, setResources } from './economy-fixtures.js';
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
