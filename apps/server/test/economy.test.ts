import type { Me } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/economy.service.js';
import {
  constructionCount,
  emailsOf,
  homePlanetId,
  readResources,
  setModule,
  setResearch,
  setResources,
} from './economy-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
  anyNumber,
  anyString,
  anyArray,
  objectContaining,
} from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(player: TestPlayer, method: Method, url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  // Each test narrows the fields it reads; the contract's schemas already checked the body on the way out.
  return {
    status: response.statusCode,
    body: response.json<{ data: Record<string, unknown>; i18n_comment?: string }>(),
  };
}

/** Moves the game clock; the 15-minute access token then needs a fresh login. */
async function wait(player: TestPlayer, ms: number): Promise<TestPlayer> {
  t.clock.advance(ms);
  return loginPlayer(t.app, player);
}

async function me(player: TestPlayer): Promise<Me> {
  return (await call(player, 'GET', '/me')).body.data as Me;
}

interface Item {
  id: number;
  level?: number;
  value?: number;
  production_per_hour?: number;
  nb_upgrade_on_progress: number;
  can_be_improved: boolean;
}

async function moduleOf(player: TestPlayer, kind: string, id: number): Promise<Item> {
  const list = await call(player, 'GET', `/me/planet/${kind}`);
  const item = (list.body.data.modules as Item[]).find((m) => m.id === id);
  if (item === undefined) throw new Error(`${kind} ${id} is not listed`);
  return item;
}

async function resourceStrip(
  player: TestPlayer,
): Promise<Record<string, { value: number; production_per_hour: number }>> {
  const planet = (await call(player, 'GET', '/me/planet')).body.data;
  return Object.fromEntries(
    (planet.resources as { resource: { name: string }; value: number; production_per_hour: number }[]).map(
      (r) => [r.resource.name, r],
    ),
  );
}

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe('economy: factories and production', () => {
  it('builds metal mine 1, pays its cost, and production rises by the formula amount when it finishes', async () => {
    let player = await registerPlayer(t.app);
    const before = await moduleOf(player, 'factories', 1);
    expect(before).toMatchObject({ level: 0, value: 500, production_per_hour: 30, can_be_improved: true });

    const started = await call(player, 'POST', '/me/planet/factories/1');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ type_id: 1, module_id: 1, state: 2, scheduled_value: 1 });
    const strip = await resourceStrip(player);
    expect(strip.metal?.value).toBe(440);
    expect(strip.crystal?.value).toBe(485);

    const finishAt = Date.parse(started.body.data.scheduled_at as string);
    player = await wait(player, finishAt - t.clock());
    const after = await moduleOf(player, 'factories', 1);
    // 30 · L · 1.1^L at L = 1, on top of the passive 30.
    expect(after.level).toBe(1);
    expect(after.production_per_hour).toBeCloseTo(30 + 33, 9);
    expect(after.nb_upgrade_on_progress).toBe(0);
    expect((await me(player)).economy_points).toBeCloseTo(0.075, 9);
  });

  it('grows resources by production over time and stops at the hangar capacity', async () => {
    let player = await registerPlayer(t.app);
    player = await wait(player, 2 * HOUR);
    const strip = await resourceStrip(player);
    expect(strip.metal?.value).toBe(500 + 60);
    expect(strip.crystal?.value).toBe(500 + 30);

    player = await wait(player, 1000 * HOUR);
    const capped = (await call(player, 'GET', '/me/planet')).body.data.resources as {
      value: number;
      max: number;
    }[];
    expect(capped[0]?.value).toBe(capped[0]?.max);
  });

  it('drops a queued level that cannot be paid when its turn comes, emails why, and starts the next one', async () => {
    let player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 120, crystal: 50, fuel: 0 });

    const first = await call(player, 'POST', '/me/planet/factories/1');
    expect(first.status).toBe(200);
    expect((await call(player, 'POST', '/me/planet/factories/3')).body.data).toMatchObject({
      state: 1,
      scheduled_at: null,
    });
    expect((await call(player, 'POST', '/me/planet/factories/2')).status).toBe(200);
    expect((await call(player, 'GET', '/me/planet/factories')).body.data.construction_lists).toHaveLength(3);

    player = await wait(player, Date.parse(first.body.data.scheduled_at as string) - t.clock());
    const list = (await call(player, 'GET', '/me/planet/factories')).body.data;
    expect(list.construction_lists).toEqual([
      objectContaining({
        type_id: 1,
        module_id: 2,
        state: 2,
        scheduled_value: 1,
        scheduled_at: anyString,
      }),
    ]);
    const failed = (await emailsOf(t.database.db, player.me.id)).filter(
      (e) => e.title === 'construction_failed',
    );
    expect(failed).toEqual([
      {
        title: 'construction_failed',
        params: {
          construction: { type: 'factory', type_id: 1, module_id: 3, key: 'fuel_synthesizer', level: 1 },
          planet: 'Planète mère',
          reason: 'INSUFFICIENT_RESOURCES',
        },
      },
    ]);
  });

  it('refunds the whole cost when the level in progress is cancelled, and nothing for a waiting one', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const start = await readResources(t.database.db, planetId);
    await call(player, 'POST', '/me/planet/factories/1');
    const waiting = (await call(player, 'POST', '/me/planet/factories/2')).body.data as { id: number };

    const cancelWaiting = await call(player, 'DELETE', `/me/planet/factories?id=${waiting.id}`);
    expect(cancelWaiting.status).toBe(200);
    expect(cancelWaiting.body.data.refund).toEqual([]);
    expect(cancelWaiting.body.data.construction_lists).toHaveLength(1);

    const cancel = await call(player, 'DELETE', '/me/planet/factories');
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.refund).toEqual([
      { resource: { id: 1, name: 'metal' }, amount: 60 },
      { resource: { id: 2, name: 'crystal' }, amount: 15 },
    ]);
    expect(cancel.body.data.construction_lists).toEqual([]);
    expect(await readResources(t.database.db, planetId)).toEqual(start);

    const again = await call(player, 'DELETE', '/me/planet/factories');
    expect(again).toMatchObject({ status: 409, body: { i18n_comment: 'NOTHING_TO_CANCEL' } });
  });

  it('demolishes one level at once without refund, and the points fall', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 1, 1, 2);
    const resources = await readResources(t.database.db, planetId);

    const demolished = await call(player, 'DELETE', '/me/planet/factories/1');
    expect(demolished.status).toBe(200);
    expect(demolished.body.data).toMatchObject({ id: 1, level: 1 });
    expect(await readResources(t.database.db, planetId)).toEqual(resources);
    expect((await me(player)).economy_points).toBeCloseTo(0.075, 9);
  });
});

describe('economy: units and research', () => {
  it('delivers ordered ships one by one and counts them in military points', async () => {
    let player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 2, 2, 1);
    await setResearch(t.database.db, player.me.id, 7, 1);
    await setResources(t.database.db, planetId, { metal: 9000, crystal: 3000, fuel: 0 });

    const order = await call(player, 'POST', '/me/planet/ships/1', { value: 3 });
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({
      type_id: 3,
      module_id: 1,
      state: 2,
      scheduled_value: 3,
      delivered: 0,
    });
    expect(await readResources(t.database.db, planetId)).toEqual({ metal: 0, crystal: 0, fuel: 0 });

    // (3000 + 1000) / (2500 · (1 + shipyard 1)) · 3600 s per light fighter.
    const unitMs = 2880 * SECOND;
    player = await wait(player, unitMs);
    expect(await moduleOf(player, 'ships', 1)).toMatchObject({ value: 1, nb_upgrade_on_progress: 2 });
    expect((await me(player)).military_points).toBeCloseTo(4, 9);

    player = await wait(player, unitMs);
    expect(await moduleOf(player, 'ships', 1)).toMatchObject({ value: 2, nb_upgrade_on_progress: 1 });
    expect((await call(player, 'GET', '/me/planet/ships')).body.data.construction_lists).toEqual([
      objectContaining({ id: order.body.data.id, delivered: 2, scheduled_value: 3 }),
    ]);

    player = await wait(player, unitMs);
    expect(await moduleOf(player, 'ships', 1)).toMatchObject({ value: 3, nb_upgrade_on_progress: 0 });
    expect((await call(player, 'GET', '/me/planet/ships')).body.data.construction_lists).toEqual([]);
    expect((await me(player)).military_points).toBeCloseTo(12, 9);
  });

  it('finishes a research, emails it, and the research raises production', async () => {
    let player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 2, 3, 1);

    const started = await call(player, 'POST', '/me/planet/researchs/1');
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ type_id: 5, module_id: 1, state: 2, scheduled_value: 1 });
    const planet = (await call(player, 'GET', '/me/planet')).body.data;
    expect(planet.construction_lists).toEqual([objectContaining({ type_id: 5, module_id: 1 })]);

    player = await wait(player, Date.parse(started.body.data.scheduled_at as string) - t.clock());
    const strip = await resourceStrip(player);
    // Mining technology 1: +2% on the passive 30 metal and 15 crystal per hour.
    expect(strip.metal?.production_per_hour).toBeCloseTo(30.6, 9);
    expect(strip.crystal?.production_per_hour).toBeCloseTo(15.3, 9);
    expect((await me(player)).science_points).toBeCloseTo(0.3, 9);
    const finished = (await emailsOf(t.database.db, player.me.id)).filter(
      (e) => e.title === 'research_finished',
    );
    expect(finished).toEqual([
      {
        title: 'research_finished',
        params: { research: { id: 1, key: 'mining_technology' }, level: 1, planet: 'Planète mère' },
      },
    ]);
  });

  it('answers requirements, layers and damages of the player’s own units', async () => {
    const player = await registerPlayer(t.app);
    const requirements = await call(player, 'GET', '/me/planet/buildings/2/requirements');
    expect(requirements.body.data).toEqual({
      building_requirements: [{ building: { id: 1 }, level: 2, current_level: 0, module_id: 2 }],
      research_requirements: [],
    });
    const layers = await call(player, 'GET', '/me/planet/ships/1/layers');
    expect(layers.status).toBe(200);
    expect(layers.body.data.length).toBeGreaterThan(0);
    expect(layers.body.data[0]).toMatchObject({
      id: anyNumber,
      value: anyNumber,
      resistances: anyArray,
    });
    const damages = await call(player, 'GET', '/me/planet/defenses/1/damages');
    expect(damages.status).toBe(200);
    expect(damages.body.data[0]).toMatchObject({
      id: anyNumber,
      resistance: { id: anyNumber },
      value: anyNumber,
    });
    const ships = (await call(player, 'GET', '/me/planet/ships')).body.data.modules as {
      ship: { race: { id: number } };
    }[];
    expect(ships).toHaveLength(10);
    expect(ships.every((s) => s.ship.race.id === 1)).toBe(true);
  });
});

describe('economy: commandants', () => {
  it('counts a commandant’s bonus until it expires, then emails the expiry', async () => {
    let player = await registerPlayer(t.app);
    await t.database.db
      .insertInto('commandants')
      .values({
        account_id: player.me.id,
        commandant_id: 1,
        available_until: new Date(t.clock() + HOUR).toISOString(),
      })
      .execute();
    // Geologist: +10% on the passive 30 metal per hour.
    expect((await resourceStrip(player)).metal?.production_per_hour).toBeCloseTo(33, 9);

    player = await wait(player, 2 * HOUR);
    const strip = await resourceStrip(player);
    expect(strip.metal?.production_per_hour).toBeCloseTo(30, 9);
    expect(strip.metal?.value).toBe(500 + 33 + 30);
    const expired = (await emailsOf(t.database.db, player.me.id)).filter(
      (e) => e.title === 'commandant_expired',
    );
    expect(expired).toEqual([
      { title: 'commandant_expired', params: { commandant: { id: 1, key: 'geologist' } } },
    ]);
  });
});

describe('economy: refusals and bad input change nothing', () => {
  async function snapshot(player: TestPlayer) {
    const paths = [
      '/me/planet',
      '/me/planet/factories',
      '/me/planet/buildings',
      '/me/planet/ships',
      '/me/planet/researchs',
    ];
    return Promise.all(paths.map(async (path) => (await call(player, 'GET', path)).body));
  }

  it('answers 404 for unknown modules and another race’s units', async () => {
    const player = await registerPlayer(t.app);
    const before = await snapshot(player);
    for (const [method, url, payload] of [
      ['POST', '/me/planet/ships/11', { value: 1 }],
      ['GET', '/me/planet/ships/11'],
      ['GET', '/me/planet/defenses/15/layers'],
      ['POST', '/me/planet/ships/999', { value: 1 }],
      ['POST', '/me/planet/factories/4'],
      ['GET', '/me/planet/researchs/18'],
      ['DELETE', '/me/planet/buildings/9'],
      ['DELETE', '/me/planet/factories?id=12345'],
      ['POST', '/me/planet', { planet_index: 1 }],
    ] as const) {
      const response = await call(player, method, url, payload);
      expect({ url, ...response }).toMatchObject({ url, status: 404, body: { i18n_comment: 'NOT_FOUND' } });
    }
    expect(await snapshot(player)).toEqual(before);
  });

  it('answers 400 for every malformed quantity, id or planet field', async () => {
    const player = await registerPlayer(t.app);
    const before = await snapshot(player);
    const quantities: unknown[] = [
      { value: 0 },
      { value: -1 },
      { value: 1.5 },
      { value: '10' },
      { value: 1e9 },
      { value: null },
      undefined,
      {},
      { value: 1, extra: true },
    ];
    for (const payload of quantities) {
      const response = await call(player, 'POST', '/me/planet/ships/1', payload);
      expect({ payload, ...response }).toMatchObject({
        status: 400,
        body: { i18n_comment: 'VALIDATION_ERROR' },
      });
    }
    for (const url of [
      '/me/planet/factories/abc',
      '/me/planet/factories/0',
      '/me/planet/factories/1.5',
      '/me/planet/factories/-1',
    ]) {
      expect((await call(player, 'POST', url)).status).toBe(400);
    }
    for (const payload of [{ planet_index: -1 }, { planet_index: '0' }, { planet_index: 0.5 }, {}]) {
      expect((await call(player, 'POST', '/me/planet', payload)).status).toBe(400);
    }
    for (const name of ['ab', '   ab   ', 'x'.repeat(21), 'bad\u0007name', 42]) {
      expect((await call(player, 'PUT', '/me/planet', { name })).status).toBe(400);
    }
    expect(await snapshot(player)).toEqual(before);
  });

  it('answers the rule’s key with 409 or 422 and keeps the planet as it was', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const expectRefusal = async (
      method: Method,
      url: string,
      status: number,
      key: string,
      payload?: unknown,
    ) => {
      const before = await snapshot(player);
      const response = await call(player, method, url, payload);
      expect({ url, ...response }).toMatchObject({ url, status, body: { i18n_comment: key } });
      expect(await snapshot(player)).toEqual(before);
    };

    await expectRefusal('POST', '/me/planet/buildings/1', 422, 'INSUFFICIENT_RESOURCES');
    await expectRefusal('POST', '/me/planet/buildings/2', 409, 'REQUIREMENTS_NOT_MET');
    await expectRefusal('POST', '/me/planet/researchs/1', 409, 'REQUIREMENTS_NOT_MET');
    await expectRefusal('POST', '/me/planet/ships/1', 409, 'REQUIREMENTS_NOT_MET', { value: 1 });
    await expectRefusal('DELETE', '/me/planet/factories/1', 409, 'LEVEL_ZERO');
    await expectRefusal('DELETE', '/me/planet/buildings', 409, 'NOTHING_TO_CANCEL');
    await expectRefusal('DELETE', '/me/planet/researchs', 409, 'NOTHING_TO_CANCEL');

    await setModule(t.database.db, planetId, 1, 1, 1);
    for (let i = 0; i < 3; i += 1)
      expect((await call(player, 'POST', '/me/planet/factories/1')).status).toBe(200);
    await expectRefusal('POST', '/me/planet/factories/2', 409, 'QUEUE_FULL');
    await expectRefusal('DELETE', '/me/planet/factories/1', 409, 'PENDING_LEVELS');

    await t.database.db.updateTable('planets').set({ max_capacity: 4 }).where('id', '=', planetId).execute();
    await expectRefusal('POST', '/me/planet/buildings/1', 409, 'CAPACITY_FULL');
    expect(await constructionCount(t.database.db, player.me.id)).toBe(3);
  });
});

describe('planets', () => {
  it('renames the focus planet after trimming, and keeps the focus on owned planets only', async () => {
    const player = await registerPlayer(t.app);
    const renamed = await call(player, 'PUT', '/me/planet', { name: '  New Eden  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('New Eden');
    const list = await call(player, 'GET', '/me/planets');
    expect(list.body.data.planets).toEqual([
      objectContaining({ index: 0, name: 'New Eden', capacity: 0, max_capacity: 163 }),
    ]);
    const focus = await call(player, 'POST', '/me/planet', { planet_index: 0 });
    expect(focus.status).toBe(200);
    expect(focus.body.data).toMatchObject({
      index: 0,
      planet_type: { name: 'default' },
      race: { id: 1 },
      system: { security: { id: 1, name: 'high' }, race: { id: 1 } },
    });
  });

  it('forgets a visit whose transaction rolled back, so the next screen writes it', async () => {
    let player = await registerPlayer(t.app);
    t.clock.advance(2 * 60 * SECOND);
    player = await loginPlayer(t.app, player);
    const visitAt = new Date(t.clock()).toISOString();
    // The action records the visit, then is refused: its transaction, visit included, rolls back.
    const refused = await call(player, 'POST', '/me/planet/factories/999');
    expect(refused.status).toBe(404);
    const stored = await t.database.db
      .selectFrom('planets')
      .select('last_visit')
      .where('account_id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    expect(stored.last_visit).not.toBe(visitAt);
    expect((await call(player, 'GET', '/me/planet')).body.data.last_visit).toBe(visitAt);
  });

  it('writes the last visit at most once a minute', async () => {
    let player = await registerPlayer(t.app);
    const first = (await call(player, 'GET', '/me/planet')).body.data.last_visit as string;
    expect(first).toBe(new Date(t.clock()).toISOString());
    t.clock.advance(30 * SECOND);
    expect((await call(player, 'GET', '/me/planet')).body.data.last_visit).toBe(first);
    player = await wait(player, 31 * SECOND);
    expect((await call(player, 'GET', '/me/planet')).body.data.last_visit).toBe(
      new Date(t.clock()).toISOString(),
    );
  });
});

describe('scheduler', () => {
  it('settles an offline player whose construction has finished: levels, points and next event', async () => {
    const player = await registerPlayer(t.app);
    const started = await call(player, 'POST', '/me/planet/factories/1');
    const finishAt = Date.parse(started.body.data.scheduled_at as string);
    const account = () =>
      t.database.db
        .selectFrom('accounts')
        .select(['economy_points', 'next_event_at'])
        .where('id', '=', player.me.id)
        .executeTakeFirstOrThrow();
    expect(await account()).toEqual({ economy_points: 0, next_event_at: new Date(finishAt).toISOString() });

    t.clock.set(finishAt + HOUR);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    expect(await runSchedulerOnce(deps, t.clock())).toBeGreaterThanOrEqual(1);
    expect(await account()).toEqual({ economy_points: 0.075, next_event_at: null });
    expect(await runSchedulerOnce(deps, t.clock())).toBe(0);
  });
});

describe('economy: /me is live', () => {
  it('settles a due account when /me alone is read, so points appear without another economy call', async () => {
    let player = await registerPlayer(t.app);
    const started = await call(player, 'POST', '/me/planet/factories/1');
    expect((await me(player)).economy_points).toBe(0);

    player = await wait(player, Date.parse(started.body.data.scheduled_at as string) - t.clock());
    expect((await me(player)).economy_points).toBeCloseTo(0.075, 9);
  });
});
