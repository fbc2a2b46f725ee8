import { computePoints, levelCost, unitCost } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrentChangeError,
  loadAccountState,
  saveAccountState,
} from '../../src/modules/economy/state.repository.js';
import {
  clearConstructions,
  constructionCount,
  homePlanetId,
  readResources,
  setModule,
  setResearch,
  setResources,
} from '../economy-fixtures.js';
import { createListeningTestApp, registerPlayer, type TestApp, type TestPlayer } from '../helpers/index.js';
import { countStatuses, printFigure, scaled } from './support.js';

/**
 * Figure 1 of the battery: parallel identical spending requests against a listening server.
 * The test clock stands still, so nothing is produced between the set-up and the checks and every
 * debit must be exact to the unit. On SQLite the process serialises transactions; with
 * TEST_DATABASE_URL the same rounds run on PostgreSQL, where the account row lock and the guarded
 * save are what keep requests from spending twice.
 */
const PARALLEL = 20;
const ROUNDS = scaled(50, 10);
const DAY = 24 * 3600 * 1000;

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

interface Answer {
  status: number;
  body: { data?: { refund?: unknown[] }; i18n_comment?: string };
}

async function burst(player: TestPlayer, method: string, path: string, body?: unknown): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: player.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    }),
  );
}

/** Every round must be exactly one 200 and the rest one refusal key; never a 5xx. */
function expectOneWinner(answers: Answer[], refusalStatus: number, refusalKey: string): void {
  expect(countStatuses(answers.map((a) => a.status))).toEqual({ 200: 1, [refusalStatus]: PARALLEL - 1 });
  expect(answers.filter((a) => a.status !== 200).every((a) => a.body.i18n_comment === refusalKey)).toBe(true);
}

async function setMaxCapacity(planetId: number, maxCapacity: number): Promise<void> {
  await t.database.db
    .updateTable('planets')
    .set({ max_capacity: maxCapacity })
    .where('id', '=', planetId)
    .execute();
}

describe(`double spend: ${PARALLEL} identical parallel requests, ${ROUNDS} rounds`, () => {
  it('lets one level start through when the planet has room for one level only, debiting it exactly once', async () => {
    // A level queued behind another waits unpaid (GAME_RULES 6), so a round that allowed queueing
    // would let three requests "succeed" while paying once. One free capacity slot leaves room
    // for exactly one acknowledged start, which must be the paid one.
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setMaxCapacity(planetId, 1);
    const cost = levelCost(1, 1, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearConstructions(t.database.db, player.me.id);
      await setModule(t.database.db, planetId, 1, 1, 0);
      await setResources(t.database.db, planetId, {
        metal: cost.metal + 7,
        crystal: cost.crystal + 7,
        fuel: 0,
      });
      expectOneWinner(await burst(player, 'POST', '/me/planet/factories/1'), 409, 'CAPACITY_FULL');
      expect(await readResources(t.database.db, planetId)).toEqual({ metal: 7, crystal: 7, fuel: 0 });
      expect(await constructionCount(t.database.db, player.me.id)).toBe(1);
    }
    printFigure(
      'double spend, level starts',
      `${ROUNDS} rounds x ${PARALLEL}: one paid start per round, exact debit, no 5xx`,
    );
  });

  it('pays one level when the queue has room for three: one started and paid, two waiting unpaid, the rest refused', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const cost = levelCost(1, 1, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearConstructions(t.database.db, player.me.id);
      await setModule(t.database.db, planetId, 1, 1, 0);
      await setResources(t.database.db, planetId, {
        metal: cost.metal + 40,
        crystal: cost.crystal + 5,
        fuel: 0,
      });
      const answers = await burst(player, 'POST', '/me/planet/factories/1');
      // Waiting levels are paid when they start (GAME_RULES 6), so two more fit in the queue of three.
      expect(countStatuses(answers.map((a) => a.status))).toEqual({ 200: 3, 409: PARALLEL - 3 });
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.i18n_comment === 'QUEUE_FULL')).toBe(
        true,
      );
      expect(await readResources(t.database.db, planetId)).toEqual({ metal: 40, crystal: 5, fuel: 0 });
      expect(await constructionCount(t.database.db, player.me.id)).toBe(3);
    }
    printFigure(
      'double spend, queued levels',
      `${ROUNDS} rounds x ${PARALLEL}: three queued, the started one paid once, no 5xx`,
    );
  });

  it('lets one unit order through when the planet can pay for one, debiting it exactly once', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 2, 2, 1);
    await setResearch(t.database.db, player.me.id, 7, 1);
    const cost = unitCost(3, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearConstructions(t.database.db, player.me.id);
      await setResources(t.database.db, planetId, {
        metal: cost.metal + 3,
        crystal: cost.crystal + 3,
        fuel: cost.fuel,
      });
      expectOneWinner(
        await burst(player, 'POST', '/me/planet/ships/1', { value: 1 }),
        422,
        'INSUFFICIENT_RESOURCES',
      );
      expect(await readResources(t.database.db, planetId)).toEqual({ metal: 3, crystal: 3, fuel: 0 });
      expect(await constructionCount(t.database.db, player.me.id)).toBe(1);
    }
    printFigure(
      'double spend, unit orders',
      `${ROUNDS} rounds x ${PARALLEL}: one order per round, exact debit, no 5xx`,
    );
  });

  it('lets one commandant unlock through when the NMI pays for one, extending it exactly once', async () => {
    const player = await registerPlayer(t.app);
    const commandants = async () => {
      const response = await fetch(`${base}/me/commandants`, { headers: player.headers });
      const body = (await response.json()) as {
        data: { commandant: { id: number }; available_until: string | null }[];
      };
      return body.data.find((c) => c.commandant.id === 1)?.available_until ?? null;
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      await t.database.db.updateTable('accounts').set({ nmi: 10 }).where('id', '=', player.me.id).execute();
      const before = await commandants();
      expectOneWinner(await burst(player, 'POST', '/me/commandants/1', { time: 1 }), 422, 'INSUFFICIENT_NMI');
      const account = await t.database.db
        .selectFrom('accounts')
        .select('nmi')
        .where('id', '=', player.me.id)
        .executeTakeFirstOrThrow();
      expect(account.nmi).toBe(0);
      const after = await commandants();
      expect(Date.parse(after ?? '')).toBe((before === null ? t.clock() : Date.parse(before)) + DAY);
    }
    printFigure(
      'double spend, commandant unlocks',
      `${ROUNDS} rounds x ${PARALLEL}: one unlock per round, exact NMI debit, no 5xx`,
    );
  });

  it('refunds one cancel of a level in progress, whatever the number of parallel cancels', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const cost = levelCost(1, 1, 1);
    for (let round = 0; round < ROUNDS; round += 1) {
      await clearConstructions(t.database.db, player.me.id);
      await setResources(t.database.db, planetId, {
        metal: cost.metal + 11,
        crystal: cost.crystal + 11,
        fuel: 0,
      });
      const start = await fetch(`${base}/me/planet/factories/1`, { method: 'POST', headers: player.headers });
      expect(start.status).toBe(200);
      const answers = await burst(player, 'DELETE', '/me/planet/factories');
      expectOneWinner(answers, 409, 'NOTHING_TO_CANCEL');
      expect(await readResources(t.database.db, planetId)).toEqual({
        metal: cost.metal + 11,
        crystal: cost.crystal + 11,
        fuel: 0,
      });
      expect(await constructionCount(t.database.db, player.me.id)).toBe(0);
    }
    printFigure(
      'double spend, cancels',
      `${ROUNDS} rounds x ${PARALLEL}: one refund per round, exact, no 5xx`,
    );
  });

  it('refuses a save computed from a stale state, even without the account lock', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const db = t.database.db;
    const stale = await loadAccountState(db, player.me.id);
    const spend = structuredClone(stale);
    const planet = spend.planets[0];
    if (planet === undefined) throw new Error('a new player has a home planet');
    planet.resources.metal -= 100;
    const derived = { points: computePoints(spend), nextEventAt: null };
    const before = (await readResources(t.database.db, planetId)).metal;

    await saveAccountState(db, stale, spend, derived);
    await expect(saveAccountState(db, stale, spend, derived)).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect((await readResources(t.database.db, planetId)).metal).toBe(before - 100);
  });
});
