import { systemsMapResponseSchema, systemsResponseSchema } from '@starhold/contract';
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

const get = (url: string, who: TestPlayer, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: who.cookie, ...headers } });

/** The list's answer turned into columns, the way the map reads it. */
async function expectedColumns(who: TestPlayer) {
  const { data } = systemsResponseSchema.parse((await get('/systems', who)).json());
  const gates = data.flatMap((s) => s.connections.filter((id) => id > s.id).map((id) => [s.id, id]));
  gates.sort((g, h) => g[0]! - h[0]! || g[1]! - h[1]!);
  return {
    ids: data.map((s) => s.id),
    names: data.map((s) => s.name),
    x: data.map((s) => s.position.x),
    y: data.map((s) => s.position.y),
    security: data.map((s) => s.security.id),
    race: data.map((s) => s.race.id),
    gates: gates.flat(),
    own: data.filter((s) => s.has_own_planet).map((s) => s.id),
  };
}

async function moveHomeElsewhere(who: TestPlayer, count: number): Promise<number[]> {
  const orbits = await t.database.db
    .selectFrom('orbits')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select(['orbits.id', 'orbits.system_id'])
    .where('planets.id', 'is', null)
    .orderBy('orbits.system_id', 'desc')
    .limit(60)
    .execute();
  const [planet] = await t.database.db
    .selectFrom('planets')
    .selectAll()
    .where('account_id', '=', who.me.id)
    .execute();
  const picked = [...new Map(orbits.map((orbit) => [orbit.system_id, orbit])).values()].slice(0, count);
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
  return picked.map((orbit) => orbit.system_id);
}

describe('GET /systems/map', () => {
  it('holds the same universe as GET /systems, in columns, with the caller systems', async () => {
    const response = await get('/systems/map', player);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const parsed = systemsMapResponseSchema.parse(response.json());
    expect(response.body).toBe(JSON.stringify(parsed));
    expect(parsed.data).toEqual(await expectedColumns(player));
    expect(parsed.data.own.length).toBeGreaterThan(0);
    // The columns are much lighter than the list of objects.
    const list = await get('/systems', player);
    expect(response.rawPayload.length).toBeLessThan(list.rawPayload.length * 0.6);
  });

  it('gzips the shared columns once and appends each caller column, several systems included', async () => {
    const owner = await registerPlayer(t.app);
    const plain = await get('/systems/map', owner);
    const added = await moveHomeElsewhere(owner, 3);
    const zipped = await get('/systems/map', owner, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const decoded = systemsMapResponseSchema.parse(
      JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')),
    );
    expect(decoded.data).toEqual(await expectedColumns(owner));
    for (const id of added) expect(decoded.data.own).toContain(id);
    // Another caller gets the same prefix with their own column.
    const other = await get('/systems/map', player, { 'accept-encoding': 'gzip' });
    const otherDecoded = systemsMapResponseSchema.parse(JSON.parse(gunzipSync(other.rawPayload).toString()));
    expect(otherDecoded.data.own).toEqual((await expectedColumns(player)).own);
  });

  it('is private and revalidated per encoding, and a new system changes the ETag', async () => {
    const who = await registerPlayer(t.app);
    const first = await get('/systems/map', who);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await get('/systems/map', who, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const zipped = await get('/systems/map', who, { 'accept-encoding': 'gzip' });
    expect(String(zipped.headers.etag)).not.toBe(etag);
    expect(
      (await get('/systems/map', who, { 'if-none-match': String(zipped.headers.etag) })).statusCode,
    ).toBe(200);
    await moveHomeElsewhere(who, 1);
    const after = await get('/systems/map', who, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/systems/map' });
    expect(response.statusCode).toBe(401);
  });
});
