import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStateCache, deepFreeze } from '../src/modules/economy/state-cache.js';
import { homePlanetId, setModule, setResources } from './economy-fixtures.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function planet(player: TestPlayer) {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: player.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { resources: { resource: { id: number }; value: number }[] } }>().data;
}

async function metalMineLevel(player: TestPlayer): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/me/planet/factories',
    headers: player.headers,
  });
  expect(response.statusCode).toBe(200);
  const modules = response.json<{ data: { modules: { id: number; level: number }[] } }>().data.modules;
  return modules.find((m) => m.id === 1)?.level ?? Number.NaN;
}

describe('reads served from the kept state', () => {
  it("show a write made behind the server's back (another process, the admin CLI) on the next read", async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    expect(await metalMineLevel(player)).toBe(0);
    expect(await metalMineLevel(player)).toBe(0);
    await setModule(t.database.db, planetId, 1, 1, 4);
    expect(await metalMineLevel(player)).toBe(4);

    await planet(player);
    await setResources(t.database.db, planetId, { metal: 12_345, crystal: 0, fuel: 0 });
    const metal = (await planet(player)).resources.find((r) => r.resource.id === 1)?.value;
    expect(metal).toBeGreaterThanOrEqual(12_345);
    expect(metal).toBeLessThan(12_400);
  });

  it('show a construction the server itself started, and what it cost', async () => {
    const player = await registerPlayer(t.app);
    const before = (await planet(player)).resources.find((r) => r.resource.id === 1)?.value ?? 0;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/1',
      headers: player.headers,
    });
    expect(started.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/planet/factories',
      headers: player.headers,
    });
    expect(list.json<{ data: { construction_lists: unknown[] } }>().data.construction_lists).toHaveLength(1);
    const after = (await planet(player)).resources.find((r) => r.resource.id === 1)?.value ?? 0;
    expect(after).toBeLessThan(before);
  });
});

describe('the state cache', () => {
  const state = (n: number) => ({ accountId: n }) as never;

  it('hands a state out only for the version it was kept at', () => {
    const cache = createStateCache(10);
    cache.set(1, 5, state(1));
    expect(cache.get(1, 5)).toEqual({ accountId: 1 });
    expect(cache.get(1, 6)).toBeUndefined();
    expect(cache.get(2, 5)).toBeUndefined();
    cache.set(1, 6, state(11));
    expect(cache.get(1, 5)).toBeUndefined();
    expect(cache.get(1, 6)).toEqual({ accountId: 11 });
  });

  it('lets the account loaded longest ago go first when full', () => {
    const cache = createStateCache(3);
    for (const id of [1, 2, 3]) cache.set(id, 0, state(id));
    cache.set(1, 1, state(1));
    cache.set(4, 0, state(4));
    expect(cache.size).toBe(3);
    expect(cache.get(2, 0)).toBeUndefined();
    expect(cache.get(1, 1)).toBeDefined();
    expect(cache.get(3, 0)).toBeDefined();
    expect(cache.get(4, 0)).toBeDefined();
  });

  it('freezes a kept state all the way down, so no request can change it for another', () => {
    const kept = deepFreeze({ planets: [{ resources: { metal: 1 } }] });
    expect(() => {
      kept.planets[0]!.resources.metal = 2;
    }).toThrow(TypeError);
    expect(() => (kept.planets as unknown[]).push({})).toThrow(TypeError);
  });
});
