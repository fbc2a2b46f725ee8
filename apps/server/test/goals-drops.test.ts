import type { LiveEvent } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, setModule, setResources } from './economy-fixtures.js';
import { openStream, type OpenStream } from './events-stream.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  TEST_EPOCH,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

/**
 * No silent losses (issue 26, decision 200): a waiting level the planet cannot pay at its turn is
 * dropped with a push to the player's open tabs, whichever queue held it (factories, buildings,
 * research: ship and defense orders are paid when placed and never dropped).
 */
let t: TestApp;
let baseUrl: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t.close();
});

async function call(player: TestPlayer, method: 'GET' | 'POST', url: string): Promise<number> {
  return (await t.app.inject({ method, url: `/api/v1${url}`, headers: player.headers })).statusCode;
}

describe('dropped levels', () => {
  it('are pushed as construction_dropped for the factory, building and research queues', async () => {
    t.clock.set(TEST_EPOCH);
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setModule(t.database.db, planetId, 2, 1, 1);
    await setModule(t.database.db, planetId, 2, 3, 1);
    await setResources(t.database.db, planetId, { metal: 5000, crystal: 5000, fuel: 5000 });
    // Each queue: one level in progress, one waiting behind it.
    for (const url of [
      '/me/planet/factories/1',
      '/me/planet/factories/2',
      '/me/planet/buildings/4',
      '/me/planet/buildings/1',
      '/me/planet/researchs/7',
      '/me/planet/researchs/1',
    ])
      expect(await call(player, 'POST', url), url).toBe(200);
    // Nothing left to pay the waiting levels with when their turn comes.
    await setResources(t.database.db, planetId, { metal: 0, crystal: 0, fuel: 0 });
    // Past every turn; a fresh session (the access token lives 15 minutes), whose tab listens
    // before the read that settles the account.
    t.clock.advance(3 * 3_600_000);
    const fresh = await loginPlayer(t.app, player);
    const stream = await openStream(baseUrl, fresh.cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => stream.comments.includes('connected'));
    expect(await call(fresh, 'GET', '/me/planet')).toBe(200);
    type Dropped = Extract<LiveEvent, { kind: 'construction_dropped' }>;
    const dropped = (events: readonly LiveEvent[]) =>
      events.filter((event): event is Dropped => event.kind === 'construction_dropped');
    await stream.waitFor((events) => dropped(events).length === 3);
    expect(
      dropped(stream.events)
        .map((event) => [event.type_id, event.module_id, event.level, event.reason])
        .sort(),
    ).toEqual([
      [1, 2, 1, 'INSUFFICIENT_RESOURCES'],
      [2, 1, 2, 'INSUFFICIENT_RESOURCES'],
      [5, 1, 1, 'INSUFFICIENT_RESOURCES'],
    ]);
    expect(stream.events.some((event) => event.kind === 'email_received')).toBe(true);
  });
});
