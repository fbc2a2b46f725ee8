import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, readResources, setModule, setResearch, setResources } from './economy-fixtures.js';
import {
  createListeningTestApp,
  registerPlayer,
  TEST_EPOCH,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

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

interface Goal {
  id: number;
  key: string;
  state: string;
  done: boolean;
  claimed: boolean;
  next: boolean;
  progress: { current: number; target: number };
  reward: { metal: number; crystal: number; fuel: number; nmi: number };
  link: { screen: string; module_id: number | null };
}
interface Forecast {
  item_id: number | null;
  type_id: number;
  module_id: number;
  target_level: number;
  starts_at: string | null;
  drop_reason: string | null;
  drops_at: string | null;
  shortfall: { metal: number; crystal: number; fuel: number } | null;
}

async function call<T = Record<string, unknown>>(
  player: TestPlayer | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: { data: T; i18n_comment?: string; code?: number } }> {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player?.headers ?? { 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function claimRows(accountId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('goal_claims')
    .select('goal_id')
    .where('account_id', '=', accountId)
    .orderBy('goal_id')
    .execute();
  return rows.map((row) => row.goal_id);
}

async function nmiOf(accountId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('nmi')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.nmi;
}

/** A player with a fixed clock and round resources, so credited amounts compare exactly. */
async function freshPlayer(): Promise<{ player: TestPlayer; planetId: number }> {
  t.clock.set(TEST_EPOCH);
  const player = await registerPlayer(t.app);
  const planetId = await homePlanetId(t.database.db, player.me.id);
  await setResources(t.database.db, planetId, { metal: 1000, crystal: 1000, fuel: 0 });
  return { player, planetId };
}

describe('GET /me/goals', () => {
  it('lists the chain for a new player: the first goal in progress and put forward, the others locked', async () => {
    const { player } = await freshPlayer();
    const { status, body } = await call<Goal[]>(player, 'GET', '/me/goals');
    expect(status).toBe(200);
    const goals = body.data;
    expect(goals).toHaveLength(15);
    expect(goals[0]).toEqual({
      id: 1,
      key: 'metal_mine_1',
      state: 'in_progress',
      done: false,
      claimed: false,
      next: true,
      progress: { current: 0, target: 1 },
      reward: { metal: 60, crystal: 30, fuel: 0, nmi: 0 },
      link: { screen: 'factories', module_id: 1 },
    });
    expect(goals.slice(1).every((goal) => goal.state === 'locked' && !goal.next)).toBe(true);
    expect(goals.map((goal) => goal.key).slice(-4)).toEqual([
      'first_ship',
      'research_lab_3',
      'first_spy_mission',
      'first_colony',
    ]);
  });

  it('answers 401 without a session', async () => {
    const { status, body } = await call(null, 'GET', '/me/goals');
    expect(status).toBe(401);
    expect(body.i18n_comment).toBe('UNAUTHORIZED');
  });

  it('follows the state: a level built makes its goal claimable, a spy report the spy goal', async () => {
    const { player, planetId } = await freshPlayer();
    await setModule(t.database.db, planetId, 1, 1, 1);
    await t.database.db
      .insertInto('reports')
      .values({
        account_id: player.me.id,
        kind: 'spy',
        created_at: new Date(TEST_EPOCH).toISOString(),
        data: '{}',
      })
      .execute();
    const goals = (await call<Goal[]>(player, 'GET', '/me/goals')).body.data;
    expect(goals[0]).toMatchObject({ state: 'claimable', done: true, next: true });
    expect(goals[1]).toMatchObject({ state: 'in_progress', next: false });
    expect(goals.find((goal) => goal.key === 'first_spy_mission')?.state).toBe('claimable');
  });
});

describe('POST /me/goals/{id}/claim', () => {
  it('credits the reward to the focus planet once and marks the goal claimed', async () => {
    const { player, planetId } = await freshPlayer();
    await setModule(t.database.db, planetId, 1, 1, 1);
    const { status, body } = await call<Goal>(player, 'POST', '/me/goals/1/claim');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: 1, state: 'claimed', claimed: true, done: true, next: false });
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 1060, crystal: 1030, fuel: 0 });
    expect(await claimRows(player.me.id)).toEqual([1]);
    const goals = (await call<Goal[]>(player, 'GET', '/me/goals')).body.data;
    expect(goals[0]?.state).toBe('claimed');
    expect(goals[1]).toMatchObject({ state: 'in_progress', next: true });
  });

  it('refuses a second claim with GOAL_ALREADY_CLAIMED and changes nothing', async () => {
    const { player, planetId } = await freshPlayer();
    await setModule(t.database.db, planetId, 1, 1, 1);
    expect((await call(player, 'POST', '/me/goals/1/claim')).status).toBe(200);
    const resources = await readResources(t.database.db, planetId);
    const again = await call(player, 'POST', '/me/goals/1/claim');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ i18n_comment: 'GOAL_ALREADY_CLAIMED', code: 1241 });
    expect(await readResources(t.database.db, planetId)).toEqual(resources);
    expect(await claimRows(player.me.id)).toEqual([1]);
  });

  it('refuses a goal not done with GOAL_NOT_DONE and changes nothing', async () => {
    const { player, planetId } = await freshPlayer();
    const { status, body } = await call(player, 'POST', '/me/goals/2/claim');
    expect(status).toBe(409);
    expect(body).toMatchObject({ i18n_comment: 'GOAL_NOT_DONE', code: 1240 });
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 1000, crystal: 1000, fuel: 0 });
    expect(await claimRows(player.me.id)).toEqual([]);
  });

  it.each([
    ['an unknown goal', '99', 404, 'NOT_FOUND'],
    ['a goal id of zero', '0', 400, 'VALIDATION_ERROR'],
    ['a goal id that is not decimal', '0x1', 400, 'VALIDATION_ERROR'],
    ['a goal id beyond the id range', '99999999999', 400, 'VALIDATION_ERROR'],
  ])('refuses %s and changes nothing', async (_name, id, status, key) => {
    const { player, planetId } = await freshPlayer();
    const response = await call(player, 'POST', `/me/goals/${id}/claim`);
    expect(response.status).toBe(status);
    expect(response.body.i18n_comment).toBe(key);
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 1000, crystal: 1000, fuel: 0 });
    expect(await claimRows(player.me.id)).toEqual([]);
  });

  it('credits NMI for the last goals', async () => {
    const { player, planetId } = await freshPlayer();
    await setModule(t.database.db, planetId, 2, 3, 3);
    const nmi = await nmiOf(player.me.id);
    const { status, body } = await call<Goal>(player, 'POST', '/me/goals/13/claim');
    expect(status).toBe(200);
    expect(body.data.reward.nmi).toBe(10);
    expect(await nmiOf(player.me.id)).toBe(nmi + 10);
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 2000, crystal: 3000, fuel: 1000 });
  });

  it('counts research levels for the research goal', async () => {
    const { player } = await freshPlayer();
    await setResearch(t.database.db, player.me.id, 7, 1);
    expect((await call(player, 'POST', '/me/goals/9/claim')).status).toBe(200);
  });
});

describe('parallel claims', () => {
  const PARALLEL = 20;
  it(`credits one of ${PARALLEL} parallel claims of the same goal, resources and NMI once`, async () => {
    const { player, planetId } = await freshPlayer();
    await setModule(t.database.db, planetId, 2, 3, 3);
    const nmi = await nmiOf(player.me.id);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const response = await fetch(`${base}/me/goals/13/claim`, {
          method: 'POST',
          headers: player.headers,
        });
        return { status: response.status, body: (await response.json()) as { i18n_comment?: string } };
      }),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(
      results.filter(
        (result) => result.status === 409 && result.body.i18n_comment === 'GOAL_ALREADY_CLAIMED',
      ),
    ).toHaveLength(PARALLEL - 1);
    expect(await nmiOf(player.me.id)).toBe(nmi + 10);
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 2000, crystal: 3000, fuel: 1000 });
    expect(await claimRows(player.me.id)).toEqual([13]);
  });
});

describe('GET /me/alerts', () => {
  it('tells a new player that the home planet builds nothing', async () => {
    const { player } = await freshPlayer();
    const { status, body } = await call<unknown[]>(player, 'GET', '/me/alerts');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      {
        kind: 'queue_empty',
        planet_id: expect.any(Number) as number,
        planet_index: 0,
        planet_name: 'Planète mère',
      },
    ]);
  });

  it('announces a hangar full within the hour and drops the empty queue once something builds', async () => {
    const { player, planetId } = await freshPlayer();
    expect((await call(player, 'POST', '/me/planet/factories/2')).status).toBe(200);
    await setResources(t.database.db, planetId, { metal: 9_990, crystal: 1000, fuel: 0 });
    const { body } = await call<{ kind: string; resource_id?: number; full_at?: string }[]>(
      player,
      'GET',
      '/me/alerts',
    );
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ kind: 'storage_full', resource_id: 1 });
    const fullIn = Date.parse(body.data[0]?.full_at ?? '') - TEST_EPOCH;
    expect(fullIn).toBeGreaterThan(0);
    expect(fullIn).toBeLessThanOrEqual(3_600_000);
  });
});

describe('queue forecast', () => {
  it('forecasts the drop and the shortfall of a waiting level the planet cannot pay at its turn', async () => {
    const { player, planetId } = await freshPlayer();
    await setResources(t.database.db, planetId, { metal: 500, crystal: 500, fuel: 0 });
    expect((await call(player, 'POST', '/me/planet/factories/1')).status).toBe(200);
    expect((await call(player, 'POST', '/me/planet/factories/3')).status).toBe(200);
    const before = await call<Forecast>(player, 'POST', '/me/queue-forecast', { type_id: 1, module_id: 3 });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      item_id: null,
      type_id: 1,
      module_id: 3,
      target_level: 2,
      starts_at: null,
      drop_reason: 'INSUFFICIENT_RESOURCES',
      shortfall: { crystal: 0, fuel: 0 },
    });
    expect(before.body.data.shortfall?.metal).toBeGreaterThan(0);
    // The forecast queued nothing.
    expect((await call<Forecast[]>(player, 'GET', '/me/queue-forecast')).body.data).toHaveLength(1);
    expect((await call(player, 'POST', '/me/planet/factories/3')).status).toBe(200);
    const waiting = (await call<Forecast[]>(player, 'GET', '/me/queue-forecast')).body.data;
    expect(waiting.map((entry) => [entry.module_id, entry.drop_reason])).toEqual([
      [3, null],
      [3, 'INSUFFICIENT_RESOURCES'],
    ]);
    expect(waiting[0]?.starts_at).not.toBeNull();
    expect(waiting[1]?.shortfall).toEqual(before.body.data.shortfall);
  });

  it('says an item on an empty queue starts now', async () => {
    const { player } = await freshPlayer();
    const { status, body } = await call<Forecast>(player, 'POST', '/me/queue-forecast', {
      type_id: 1,
      module_id: 1,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ starts_at: new Date(TEST_EPOCH).toISOString(), drop_reason: null });
  });

  it.each([
    ['a ship type', { type_id: 3, module_id: 1 }, 400, 'VALIDATION_ERROR'],
    ['a missing module', { type_id: 1 }, 400, 'VALIDATION_ERROR'],
    ['an extra field', { type_id: 1, module_id: 1, quantity: 2 }, 400, 'VALIDATION_ERROR'],
    ['an unknown factory', { type_id: 1, module_id: 9 }, 404, 'NOT_FOUND'],
    ['a building whose requirements are missing', { type_id: 2, module_id: 2 }, 409, 'REQUIREMENTS_NOT_MET'],
  ])('refuses %s and queues nothing', async (_name, payload, status, key) => {
    const { player, planetId } = await freshPlayer();
    const response = await call(player, 'POST', '/me/queue-forecast', payload);
    expect(response.status).toBe(status);
    expect(response.body.i18n_comment).toBe(key);
    expect((await call<Forecast[]>(player, 'GET', '/me/queue-forecast')).body.data).toEqual([]);
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 1000, crystal: 1000, fuel: 0 });
  });
});
