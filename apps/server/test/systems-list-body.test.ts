import { systemsResponseSchema } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  player = await registerPlayer(t.app);
});
afterAll(async () => {
  await t.close();
});

const list = (who: TestPlayer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/systems', headers: { cookie: who.cookie, ...headers } });

async function ownSystemIds(accountId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .select('orbits.system_id')
    .where('planets.account_id', '=', accountId)
    .execute();
  return [...new Set(rows.map((row) => row.system_id))].sort((a, b) => a - b);
}

describe('GET /systems body and caching', () => {
  it('sends JSON that matches the contract and is byte for byte what JSON.stringify gives', async () => {
    const response = await list(player);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const parsed = systemsResponseSchema.parse(response.json());
    expect(response.body).toBe(JSON.stringify(parsed));
    expect(parsed.data.filter((s) => s.has_own_planet).map((s) => s.id)).toEqual(await ownSystemIds(player.me.id));
  });

  it('is private and revalidated: the same ETag answers 304 without a body', async () => {
    const first = await list(player);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await list(player, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await list(player, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('gives a new ETag and the new flags once the caller has a planet in another system', async () => {
    const other = await registerPlayer(t.app);
    const before = await list(other);
    const [home] = await ownSystemIds(other.me.id);
    const freeOrbit = await t.database.db
      .selectFrom('orbits')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select(['orbits.id', 'orbits.system_id'])
      .where('orbits.system_id', '!=', home!)
      .where('planets.id', 'is', null)
      .orderBy('orbits.id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('planets').set({ orbit_id: freeOrbit.id }).where('account_id', '=', other.me.id).execute();

    const after = await list(other, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const flagged = systemsResponseSchema.parse(after.json()).data.filter((s) => s.has_own_planet).map((s) => s.id);
    expect(flagged).toEqual([freeOrbit.system_id]);
  });
});
