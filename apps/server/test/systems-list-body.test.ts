import { systemsResponseSchema } from '@starhold/contract';
import { gunzipSync } from 'node:zlib';
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
    expect(parsed.data.filter((s) => s.has_own_planet).map((s) => s.id)).toEqual(
      await ownSystemIds(player.me.id),
    );
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
    await t.database.db
      .updateTable('planets')
      .set({ orbit_id: freeOrbit.id })
      .where('account_id', '=', other.me.id)
      .execute();

    const after = await list(other, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const flagged = systemsResponseSchema
      .parse(after.json())
      .data.filter((s) => s.has_own_planet)
      .map((s) => s.id);
    expect(flagged).toEqual([freeOrbit.system_id]);
  });

  it('is gzipped for a client that takes gzip: the same list, its own ETag, and Vary on both', async () => {
    const other = await registerPlayer(t.app);
    const plain = await list(other);
    const zipped = await list(other, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const compressed = zipped.rawPayload;
    expect(Number(zipped.headers['content-length'])).toBe(compressed.length);
    expect(compressed.length).toBeLessThan(plain.rawPayload.length / 3);
    const decoded = gunzipSync(compressed).toString('utf8');
    expect(systemsResponseSchema.parse(JSON.parse(decoded))).toEqual(
      systemsResponseSchema.parse(plain.json()),
    );
    expect(
      systemsResponseSchema
        .parse(JSON.parse(decoded))
        .data.filter((s) => s.has_own_planet)
        .map((s) => s.id),
    ).toEqual(await ownSystemIds(other.me.id));

    // Each encoding revalidates against its own tag (the bytes differ), also within a list of tags.
    const gzEtag = String(zipped.headers.etag);
    expect(gzEtag).not.toBe(String(plain.headers.etag));
    expect((await list(other, { 'accept-encoding': 'gzip', 'if-none-match': gzEtag })).statusCode).toBe(304);
    expect(
      (await list(other, { 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${gzEtag}` })).statusCode,
    ).toBe(304);
    expect((await list(other, { 'if-none-match': gzEtag })).statusCode).toBe(200);
    expect(
      (await list(other, { 'accept-encoding': 'gzip;q=0, br', 'if-none-match': String(plain.headers.etag) }))
        .statusCode,
    ).toBe(304);
  });

  it("gzips each caller's own flags, for callers with planets in several systems", async () => {
    const owner = await registerPlayer(t.app);
    const orbits = await t.database.db
      .selectFrom('orbits')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select(['orbits.id', 'orbits.system_id'])
      .where('planets.id', 'is', null)
      .orderBy('orbits.system_id', 'desc')
      .limit(40)
      .execute();
    const [planet] = await t.database.db
      .selectFrom('planets')
      .selectAll()
      .where('account_id', '=', owner.me.id)
      .execute();
    const picked = [...new Map(orbits.map((orbit) => [orbit.system_id, orbit])).values()].slice(0, 3);
    await t.database.db
      .insertInto('planets')
      .values(
        picked.map((orbit, index) => ({
          ...planet!,
          id: undefined,
          idx: planet!.idx + 1 + index,
          orbit_id: orbit.id,
          name: `Colony ${index}`,
        })),
      )
      .execute();
    const zipped = await list(owner, { 'accept-encoding': 'gzip' });
    const flagged = systemsResponseSchema
      .parse(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')))
      .data.filter((s) => s.has_own_planet)
      .map((s) => s.id);
    expect(flagged).toEqual(await ownSystemIds(owner.me.id));
    expect(flagged.length).toBe(4);
  });

  it('sends the pieces of a caller answer over a real socket, keep-alive, HEAD too', async () => {
    const owner = await registerPlayer(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const headers = { cookie: owner.cookie, 'accept-encoding': 'gzip' };
      const zipped = await list(owner, { 'accept-encoding': 'gzip' });
      for (let round = 0; round < 3; round += 1) {
        // fetch decodes the gzip (and checks its CRC) itself.
        const response = await fetch(`${address}/api/v1/systems`, { headers });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe('gzip');
        expect(response.headers.get('etag')).toBe(zipped.headers.etag);
        expect(response.headers.get('x-content-type-options')).toBe(zipped.headers['x-content-type-options']);
        const parsed = systemsResponseSchema.parse(await response.json());
        expect(parsed.data.filter((s) => s.has_own_planet).map((s) => s.id)).toEqual(
          await ownSystemIds(owner.me.id),
        );
      }
      const head = await fetch(`${address}/api/v1/systems`, { method: 'HEAD', headers });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(zipped.rawPayload.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
      // One gzip of the list is about a seventh of it; the switchable one stays close to that.
      const plain = await list(owner);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    } finally {
      await new Promise((resolve) => t.app.server.close(resolve));
    }
  });
});
