import type { SystemDetailResponse, SystemsResponse } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerPlayer,
  type TestApp,
  type TestPlayer,
  anyNumber,
  anyString,
  anyBoolean,
  anyArray,
  anyObject,
  stringMatching,
  type ErrorBody,
} from './helpers/index.js';

let t: TestApp;
let player: TestPlayer;
let neighbour: TestPlayer;
let homeSystemId: number;
beforeAll(async () => {
  t = await createTestApp();
  player = await registerPlayer(t.app, { race_id: 1 });
  neighbour = await registerPlayer(t.app, { race_id: 1 });
  const home = await t.database.db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .select('orbits.system_id')
    .where('planets.account_id', '=', player.me.id)
    .executeTakeFirstOrThrow();
  homeSystemId = home.system_id;
  // Put the neighbour in the player's system to see both "mine" and "someone else's" planets.
  const freeOrbit = await t.database.db
    .selectFrom('orbits')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select('orbits.id')
    .where('orbits.system_id', '=', homeSystemId)
    .where('planets.id', 'is', null)
    .orderBy('orbits.index')
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('planets')
    .set({ orbit_id: freeOrbit.id })
    .where('account_id', '=', neighbour.me.id)
    .execute();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: TestPlayer | null = player) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

type Summary = { id: number; name: string; security: { id: number; name: string } };

describe('GET /systems', () => {
  it('lists every system with position, security, race, connections and own-planet flag', async () => {
    const response = await get('/api/v1/systems');
    expect(response.statusCode).toBe(200);
    const systems = response.json<SystemsResponse>().data;
    expect(systems).toHaveLength(t.config.systemCount);
    expect(systems[0]).toEqual({
      id: anyNumber,
      name: anyString,
      position: { x: anyNumber, y: anyNumber },
      security: { id: anyNumber, name: stringMatching(/^(high|low|null)$/) },
      race: { id: anyNumber },
      connections: anyArray,
      has_own_planet: anyBoolean,
    });
    expect(systems.filter((s) => s.has_own_planet).map((s) => s.id)).toEqual([homeSystemId]);
    const byId = new Map(systems.map((s) => [s.id, s]));
    for (const system of systems) {
      expect(system.connections.length).toBeGreaterThan(0);
      for (const other of system.connections) expect(byId.get(other)?.connections).toContain(system.id);
    }
  });

  it('requires a session', async () => {
    expect((await get('/api/v1/systems', null)).statusCode).toBe(401);
  });
});

describe('GET /systems/{id}', () => {
  it('answers one entry per orbit in index order, with planets, owners and connections', async () => {
    const response = await get(`/api/v1/systems/${homeSystemId}`);
    expect(response.statusCode).toBe(200);
    const system = response.json<SystemDetailResponse>().data;
    expect(system).toMatchObject({ id: homeSystemId, security: { id: 1, name: 'high' }, race: { id: 1 } });
    const indexes = system.system_planets.map((p) => p.index);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    const planets = system.system_planets.filter((p) => p.planet !== null);
    expect(planets.map((p) => p.planet?.account)).toEqual(
      expect.arrayContaining([
        { id: player.me.id, username: player.username, is_me: true, race: { id: 1 } },
        { id: neighbour.me.id, username: neighbour.username, is_me: false, race: { id: 1 } },
      ]),
    );
    expect(planets[0]?.planet).toMatchObject({ name: 'Planète mère', planet_type: { name: 'default' } });
    expect(system.system_planets.some((p) => p.planet === null)).toBe(true);
    expect(system.connections.length).toBeGreaterThan(0);
    expect(system.connections[0]).toEqual({
      id: anyNumber,
      name: anyString,
      security: anyObject,
    });
  });

  it('lists debris by resource for orbits that hold some', async () => {
    const orbit = await t.database.db
      .selectFrom('orbits')
      .select(['id', 'system_id', 'index'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('orbits')
      .set({ debris_metal: 1200, debris_crystal: 0 })
      .where('id', '=', orbit.id)
      .execute();
    const system = (await get(`/api/v1/systems/${orbit.system_id}`)).json<SystemDetailResponse>().data;
    const entry = system.system_planets.find((p) => p.index === orbit.index);
    expect(entry?.debris).toEqual([{ resource: { id: 1, name: 'metal' }, amount: 1200 }]);
  });

  it('answers 404 NOT_FOUND for an unknown system and 400 for a malformed id', async () => {
    expect((await get('/api/v1/systems/99999')).json()).toMatchObject({ i18n_comment: 'NOT_FOUND' });
    expect((await get('/api/v1/systems/99999')).statusCode).toBe(404);
    expect((await get('/api/v1/systems/abc')).statusCode).toBe(400);
  });
});

describe('GET /systems/{from}/{to}', () => {
  it('answers a route from departure to arrival along gates', async () => {
    const systems = (await get('/api/v1/systems')).json<SystemsResponse>().data;
    const from = systems[0]!;
    const to = systems[systems.length - 1]!;
    const response = await get(`/api/v1/systems/${from.id}/${to.id}`);
    expect(response.statusCode).toBe(200);
    const route = response.json<{ data: Summary[] }>().data;
    expect(route[0]?.id).toBe(from.id);
    expect(route.at(-1)?.id).toBe(to.id);
    const links = new Map(systems.map((s) => [s.id, s.connections]));
    for (let i = 1; i < route.length; i += 1) expect(links.get(route[i - 1]!.id)).toContain(route[i]!.id);
    expect(route[0]).toEqual({ id: from.id, name: anyString, security: anyObject });
  });

  it('accepts each route preference and refuses an unknown one', async () => {
    for (const prefer of ['shortest', 'safer', 'less_secure']) {
      expect((await get(`/api/v1/systems/1/2?prefer=${prefer}`)).statusCode).toBe(200);
    }
    const response = await get('/api/v1/systems/1/2?prefer=fastest');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({ prefer: 'INVALID' });
  });

  it('answers 404 NOT_FOUND for an unknown system', async () => {
    const response = await get('/api/v1/systems/1/99999');
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().i18n_comment).toBe('NOT_FOUND');
  });

  it('answers 404 ROUTE_NOT_FOUND when no gates lead there', async () => {
    const isolated = await createTestApp();
    try {
      const someone = await registerPlayer(isolated.app);
      await isolated.database.db
        .deleteFrom('gates')
        .where((eb) => eb.or([eb('a', '=', 1), eb('b', '=', 1)]))
        .execute();
      const response = await isolated.app.inject({
        method: 'GET',
        url: '/api/v1/systems/1/2',
        headers: { cookie: someone.cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 1023, i18n_comment: 'ROUTE_NOT_FOUND' });
    } finally {
      await isolated.close();
    }
  });

  it('requires a session', async () => {
    expect((await get('/api/v1/systems/1/2', null)).statusCode).toBe(401);
  });
});
