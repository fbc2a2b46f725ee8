import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  economyDb,
  ConcurrentChangeError,
  loadAccountState,
  saveAccountState,
} from '../src/modules/economy/economy.repository.js';
import { computePoints } from '@starhold/rules';
import {
  clearConstructions,
  constructionCount,
  homePlanetId,
  readResources,
  setModule,
  setResearch,
  setResources,
} from './economy-fixtures.js';
import { createListeningTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

/**
 * Parallel real HTTP requests against a listening server. On SQLite the process serialises
 * transactions; with TEST_DATABASE_URL the same tests run on PostgreSQL, where the account row
 * lock and the guarded updates are what keep requests from spending twice.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  const listening = await createListeningTestApp();
  t = listening;
  base = listening.base;
});
afterAll(async () => {
  await t.close();
});

const PARALLEL = 20;
const ROUNDS = 50;
/** Light fighter (human ship 1): needs Shipyard 1 and Combustion drive 1. */
const FIGHTER_COST = { metal: 3000, crystal: 1000, fuel: 0 };

async function send(
  player: TestPlayer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { i18n_comment?: string } }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: player.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { i18n_comment?: string } };
}

function statuses(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('parallel requests on one account', () => {
  it(`lets exactly one of ${PARALLEL} identical orders through when the planet can pay for one (${ROUNDS} rounds)`, async () => {
    // One player for every round: the test universe has room for a few dozen home planets only.
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 2, 2, 1);
    await setResearch(t.database.db, player.me.id, 7, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearConstructions(t.database.db, player.me.id);
      await setResources(t.database.db, planetId, {
        metal: FIGHTER_COST.metal + 10,
        crystal: FIGHTER_COST.crystal + 10,
        fuel: 0,
      });

      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () => send(player, 'POST', '/me/planet/ships/1', { value: 1 })),
      );
      expect(statuses(results)).toEqual({ 200: 1, 422: PARALLEL - 1 });
      expect(
        results
          .filter((r) => r.status === 422)
          .every((r) => r.body.i18n_comment === 'INSUFFICIENT_RESOURCES'),
      ).toBe(true);
      expect(await readResources(t.database.db, planetId)).toEqual({ metal: 10, crystal: 10, fuel: 0 });
      expect(await constructionCount(t.database.db, player.me.id)).toBe(1);
    }
  });

  it(`pays a level once when ${PARALLEL} identical starts arrive together: one in progress, the rest wait or find the queue full`, async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100, crystal: 20, fuel: 0 });

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => send(player, 'POST', '/me/planet/factories/1')),
    );
    // Waiting levels are paid when they start, so two more fit in the queue of three.
    expect(statuses(results)).toEqual({ 200: 3, 409: PARALLEL - 3 });
    expect(results.filter((r) => r.status === 409).every((r) => r.body.i18n_comment === 'QUEUE_FULL')).toBe(
      true,
    );
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 40, crystal: 5, fuel: 0 });
    expect(await constructionCount(t.database.db, player.me.id)).toBe(3);
  });

  it(`refunds once when ${PARALLEL} cancels of the same level arrive together`, async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const start = await readResources(t.database.db, planetId);
    expect((await send(player, 'POST', '/me/planet/factories/1')).status).toBe(200);

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => send(player, 'DELETE', '/me/planet/factories')),
    );
    expect(statuses(results)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.i18n_comment === 'NOTHING_TO_CANCEL'),
    ).toBe(true);
    expect(await readResources(t.database.db, planetId)).toEqual(start);
    expect(await constructionCount(t.database.db, player.me.id)).toBe(0);
  });

  it('refuses a save computed from a stale state, even without the account lock', async () => {
    const player = await registerPlayer(t.app);
    const db = economyDb(t.database.db);
    const stale = await loadAccountState(db, player.me.id);
    const spend = structuredClone(stale);
    const planet = spend.planets[0];
    if (planet === undefined) throw new Error('a new player has a home planet');
    planet.resources.metal -= 100;
    const derived = { points: computePoints(spend), nextEventAt: null };

    await saveAccountState(db, stale, spend, derived);
    await expect(saveAccountState(db, stale, spend, derived)).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect((await readResources(t.database.db, planet.id)).metal).toBe(400);
  });
});
