import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, readResources, setModule, setResources } from './economy-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;

async function metalShown(player: TestPlayer): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: player.headers });
  expect(response.statusCode).toBe(200);
  const resources = response.json<{ data: { resources: { resource: { id: number }; value: number }[] } }>()
    .data.resources;
  return resources.find((r) => r.resource.id === 1)?.value ?? Number.NaN;
}

async function storedSnapshot(accountId: number, planetId: number) {
  const account = await t.database.db
    .selectFrom('accounts')
    .select('settled_at')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { settledAt: account.settled_at, resources: await readResources(t.database.db, planetId) };
}

describe('reading the economy', () => {
  it('leaves the stored snapshot untouched when only time moved, and still shows the resources produced since', async () => {
    let player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 1, 1, 5);
    await setResources(t.database.db, planetId, { metal: 1000, crystal: 1000, fuel: 1000 });
    const stored = await storedSnapshot(player.me.id, planetId);

    const first = await metalShown(player);
    t.clock.advance(HOUR);
    player = await loginPlayer(t.app, player);
    const later = await metalShown(player);

    expect(later).toBeGreaterThan(first);
    expect(await storedSnapshot(player.me.id, planetId)).toEqual(stored);
  });

  it('shows the same resources whether or not an action saved the account in between', async () => {
    let reader = await registerPlayer(t.app);
    let actor = await registerPlayer(t.app);
    for (const player of [reader, actor]) {
      const planetId = await homePlanetId(t.database.db, player.me.id);
      await setModule(t.database.db, planetId, 1, 1, 5);
      await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    }
    t.clock.advance(HOUR);
    actor = await loginPlayer(t.app, actor);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/factories/1',
      headers: actor.headers,
    });
    expect(started.statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/planet/factories',
      headers: actor.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    t.clock.advance(HOUR);
    reader = await loginPlayer(t.app, reader);
    actor = await loginPlayer(t.app, actor);

    expect(await metalShown(reader)).toBe(await metalShown(actor));
  });
});
