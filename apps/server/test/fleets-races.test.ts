import { randomBytes } from 'node:crypto';
import type { Fleet, FleetList } from '@starhold/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/context.js';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/index.js';
import { stateCacheFor } from '../src/modules/economy/state-cache.js';
import { emailsOf, readResources, setModule, setResearch, setResources } from './economy-fixtures.js';
import {
  call,
  equip,
  fleetOrder,
  freeOrbit,
  homePlace,
  moveToSecurity,
  shipCount,
  type Place,
} from './fleets-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

/**
 * Races around fleets. Meaningful on PostgreSQL (TEST_DATABASE_URL), where requests run in
 * parallel on several connections; on SQLite the write transactions serialise and the same
 * assertions hold trivially.
 */
let t: TestApp;
/** A second server over the same database: its own Kysely instance, so its own kept states. */
let second: AppInstance;
let a: TestPlayer;
let b: TestPlayer;
let aPlanet: number;
let bPlace: Place;

/** A plugin that changes nothing: `withPlugin` then gives a new Kysely instance (another process's caches). */
const samePlugin: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: (args) => Promise.resolve(args.result),
};

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  second = await buildApp({
    config: t.config,
    db: t.database.db.withPlugin(samePlugin),
    dialect: t.database.dialect,
    clock: t.clock,
    random: randomBytes,
  });
  await second.ready();
  a = await registerPlayer(t.app);
  b = await registerPlayer(t.app);
  aPlanet = await equip(t.database.db, a.me.id, { 6: 5 });
  bPlace = await moveToSecurity(t.database.db, (await homePlace(t.database.db, b.me.id)).planetId, 2);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const spyOrder = (count: number) => ({
  mission: 4,
  target: { system_id: bPlace.systemId, orbit: bPlace.orbit },
  ships: [{ id: 6, count }],
  speed: 100,
  prefer: 'shortest',
});

async function fleetsOf(accountId: number): Promise<{ id: number; data: string; state: string }[]> {
  return t.database.db
    .selectFrom('fleets')
    .select(['id', 'data', 'state'])
    .where('account_id', '=', accountId)
    .execute();
}

const shipsInFlight = (rows: { data: string }[]): number =>
  rows.reduce(
    (sum, row) => sum + ((JSON.parse(row.data) as { ships: Record<string, number> }).ships['6'] ?? 0),
    0,
  );

describe('dispatch against dispatches and unit orders of the same planet', () => {
  it('never sends more ships or spends more fuel or metal than the planet had', async () => {
    // Fuel for two spy trips at most; metal for two light fighters at most.
    const preview = await call(t, a, 'POST', '/me/fleets/preview', spyOrder(2));
    const fuel = (preview.body.data as { fuel: number }).fuel;
    await setModule(t.database.db, aPlanet, 2, 2, 8);
    await setResearch(t.database.db, a.me.id, 7, 3);
    await setResources(t.database.db, aPlanet, { metal: 6500, crystal: 100_000, fuel: fuel * 2 + 1 });
    const calls = Array.from({ length: 8 }, (_, i) =>
      (i % 2 === 0 ? t.app : second).inject({
        method: 'POST',
        url: i < 4 ? '/api/v1/me/fleets' : '/api/v1/me/planet/ships/1',
        headers: a.headers,
        payload: JSON.stringify(i < 4 ? spyOrder(2) : { value: 1 }),
      }),
    );
    const responses = await Promise.all(calls);
    const dispatched = responses.slice(0, 4).filter((r) => r.statusCode === 201).length;
    const ordered = responses.slice(4).filter((r) => r.statusCode === 200).length;
    expect(dispatched).toBe(2);
    expect(ordered).toBe(2);
    for (const response of responses) expect([200, 201, 409, 422]).toContain(response.statusCode);
    const left = await readResources(t.database.db, aPlanet);
    expect(left.fuel).toBeGreaterThanOrEqual(0);
    expect(left.metal).toBeGreaterThanOrEqual(0);
    expect((await shipCount(t.database.db, aPlanet, 6)) + shipsInFlight(await fleetsOf(a.me.id))).toBe(5);
  });
});

describe('recall', () => {
  it('turns a fleet round once when two recalls race', async () => {
    const [fleet] = await fleetsOf(a.me.id);
    // Flown a while: a fleet recalled at its departure instant would be home at once.
    t.clock.advance(1000);
    const url = `/api/v1/me/fleets/${String(fleet?.id)}/recall`;
    const responses = await Promise.all(
      [t.app, second, t.app].map((app) =>
        app.inject({ method: 'POST', url, headers: a.headers, payload: '{}' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const recalled = responses.find((r) => r.statusCode === 200)?.json<{ data: Fleet }>().data;
    const stored = (await fleetsOf(a.me.id)).find((row) => row.id === fleet?.id);
    expect(stored?.state).toBe('returning');
    expect(JSON.parse(stored?.data ?? '{}')).toMatchObject({
      returnsAt: Date.parse(recalled?.returns_at ?? ''),
    });
  });
});

describe('an arrival read by both accounts on two servers and the scheduler at once', () => {
  it('is applied exactly once', async () => {
    const outbound = (await fleetsOf(a.me.id)).find((row) => row.state === 'outbound');
    const arrivesAt = (JSON.parse(outbound?.data ?? '{}') as { arrivesAt: number }).arrivesAt;
    t.clock.set(arrivesAt + 1);
    [a, b] = await Promise.all([loginPlayer(t.app, a), loginPlayer(t.app, b)]);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    const reads = [t.app, second].flatMap((app) =>
      [a, b, a, b].map((player) =>
        app.inject({ method: 'GET', url: '/api/v1/me/fleets', headers: player.headers }),
      ),
    );
    const [responses] = await Promise.all([Promise.all(reads), runSchedulerOnce(deps, t.clock())]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const spy = (await emailsOf(t.database.db, a.me.id)).filter((email) => email.title === 'spy_report');
    const spied = (await emailsOf(t.database.db, b.me.id)).filter((email) => email.title === 'spied_on');
    expect(spy).toHaveLength(1);
    expect(spied).toHaveLength(1);
    const reports = await t.database.db.selectFrom('reports').select('id').execute();
    expect(reports).toHaveLength(1);
  });
});

describe('two colonists on one free orbit, applied at once on two servers', () => {
  it('founds one colony; the other fleet is told the orbit is taken and flies home, no request fails', async () => {
    const orbit = await freeOrbit(t.database.db);
    const colonists = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
    const fleets: Fleet[] = [];
    for (const player of colonists) {
      await equip(t.database.db, player.me.id, { 9: 1 }, { 6: 2 });
      const response = await call(t, player, 'POST', '/me/fleets', {
        mission: 6,
        target: { system_id: orbit.systemId, orbit: orbit.orbit },
        ships: [{ id: 9, count: 1 }],
        speed: 100,
        prefer: 'shortest',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      fleets.push(response.body.data as unknown as Fleet);
    }
    t.clock.set(Math.max(...fleets.map((fleet) => Date.parse(fleet.arrives_at))) + 1);
    const players = await Promise.all(colonists.map((player) => loginPlayer(t.app, player)));
    const responses = await Promise.all(
      players.flatMap((player) =>
        [t.app, second].map((app) =>
          app.inject({ method: 'GET', url: '/api/v1/me/planets', headers: player.headers }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const onOrbit = await t.database.db
      .selectFrom('planets')
      .select('account_id')
      .where('orbit_id', '=', orbit.orbitId)
      .execute();
    expect(onOrbit).toHaveLength(1);
    const titles = await Promise.all(
      colonists.map(async (player) =>
        (await emailsOf(t.database.db, player.me.id))
          .map((email) => email.title)
          .filter((title) => title.startsWith('coloni')),
      ),
    );
    expect(titles.flat().sort()).toEqual(['colonization_failed', 'colonized']);
  });
});

describe('two recycler fleets of two accounts on one field, applied at once on two servers', () => {
  it('never take more than the field held', async () => {
    const field = await freeOrbit(t.database.db);
    await t.database.db
      .updateTable('orbits')
      .set({ debris_metal: 30_000, debris_crystal: 0 })
      .where('id', '=', field.orbitId)
      .execute();
    const recyclers = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
    const fleets: Fleet[] = [];
    for (const player of recyclers) {
      await equip(t.database.db, player.me.id, { 10: 1 });
      const response = await call(t, player, 'POST', '/me/fleets', {
        mission: 5,
        target: { system_id: field.systemId, orbit: field.orbit },
        ships: [{ id: 10, count: 1 }],
        speed: 100,
        prefer: 'shortest',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      fleets.push(response.body.data as unknown as Fleet);
    }
    t.clock.set(Math.max(...fleets.map((fleet) => Date.parse(fleet.arrives_at))) + 1);
    const players = await Promise.all(recyclers.map((player) => loginPlayer(t.app, player)));
    const responses = await Promise.all(
      players.flatMap((player) =>
        [t.app, second].map((app) =>
          app.inject({ method: 'GET', url: '/api/v1/me/fleets', headers: player.headers }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Each recycler holds 20,000: together they could take 40,000 of the 30,000.
    const carried = fleets.map((sent, i) => {
      const own = responses[i * 2]?.json<{ data: FleetList }>().data.own ?? [];
      return own.find((fleet) => fleet.id === sent.id)?.cargo.metal ?? 0;
    });
    const left = await t.database.db
      .selectFrom('orbits')
      .select('debris_metal')
      .where('id', '=', field.orbitId)
      .executeTakeFirstOrThrow();
    expect(carried.reduce((sum, metal) => sum + metal, 0) + left.debris_metal).toBe(30_000);
    expect(left.debris_metal).toBe(0);
  });
});

describe('transports raced on a kept state (decision 249: guarded on PostgreSQL)', () => {
  it('never send more cargo ships than the planet had, whichever path each order takes', async () => {
    const c = await registerPlayer(t.app);
    const cPlanet = await equip(t.database.db, c.me.id, { 7: 3 });
    const transport = JSON.stringify(fleetOrder(bPlace, 1, { 7: 1 }, { metal: 10, crystal: 0, fuel: 0 }));
    const send = (app: AppInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/me/fleets', headers: c.headers, payload: transport });
    // The first order keeps the state in the first server: its next orders start on it, guarded
    // by its version, while the second server's take the locking path.
    expect((await send(t.app)).statusCode).toBe(201);
    const version = await t.database.db
      .selectFrom('accounts')
      .select('state_version')
      .where('id', '=', c.me.id)
      .executeTakeFirstOrThrow();
    expect(stateCacheFor(t.database.db).get(c.me.id, Number(version.state_version))).toBeDefined();
    const responses = await Promise.all([t.app, t.app, second, t.app, second, t.app].map(send));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    for (const status of statuses) expect([201, 409]).toContain(status);
    const flying = (await fleetsOf(c.me.id)).reduce(
      (sum, row) => sum + ((JSON.parse(row.data) as { ships: Record<string, number> }).ships['7'] ?? 0),
      0,
    );
    expect(flying).toBe(3);
    expect(await shipCount(t.database.db, cPlanet, 7)).toBe(0);
    // Each of the three left the planet's metal once, with its cargo.
    expect((await readResources(t.database.db, cPlanet)).metal).toBe(1_000_000 - 30);
  });
});
