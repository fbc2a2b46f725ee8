/**
 * Fleet rows as stored (decision 251): a new row holds its route's stops as arrays; a row written
 * before, stops as objects, is read, shown, recalled (its update guarded by the text it holds)
 * and landed as any other.
 */
import type { Fleet, FleetList } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateCacheFor } from '../src/modules/economy/state-cache.js';
import { parseFleet } from '../src/modules/fleets/index.js';
import { call, equip, homePlace, shipCount, type Place } from './fleets-fixtures.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

let t: TestApp;
let a: TestPlayer;
let b: TestPlayer;
let aPlanet: number;
let bHome: Place;

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  a = await registerPlayer(t.app);
  b = await registerPlayer(t.app);
  aPlanet = await equip(t.database.db, a.me.id, { 6: 5 });
  bHome = await homePlace(t.database.db, b.me.id);
});
afterAll(async () => {
  await t.close();
});

const fleetRow = async (accountId: number) =>
  t.database.db
    .selectFrom('fleets')
    .select(['id', 'state', 'data'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();

describe('a fleet row', () => {
  let sent: Fleet;

  it("holds the route's stops as [systemId, position, security]", async () => {
    const response = await call(t, a, 'POST', '/me/fleets', {
      mission: 4,
      target: { system_id: bHome.systemId, orbit: bHome.orbit },
      ships: [{ id: 6, count: 2 }],
      speed: 100,
      prefer: 'shortest',
    });
    expect(response.status).toBe(201);
    sent = response.body.data as unknown as Fleet;
    const row = await fleetRow(a.me.id);
    const stored = JSON.parse(row?.data ?? '{}') as { route: unknown[] };
    expect(stored.route.length).toBe(sent.route.length);
    for (const [index, stop] of stored.route.entries()) {
      expect(stop).toEqual([sent.route[index], expect.any(Number), expect.any(Number)]);
    }
    expect(parseFleet(row?.data ?? '{}').route.map((stop) => stop.systemId)).toEqual(sent.route);
  });

  it('written before (stops as objects) is read, recalled and landed as the others', async () => {
    const row = await fleetRow(a.me.id);
    const before = JSON.stringify(parseFleet(row?.data ?? '{}'));
    expect(before).toContain('"route":[{"systemId"');
    await t.database.db
      .updateTable('fleets')
      .set({ data: before })
      .where('account_id', '=', a.me.id)
      .execute();
    // The process forgets what it kept: the next request reads the rows.
    stateCacheFor(t.database.db).clear();

    const shown = (await call(t, a, 'GET', `/me/fleets/${sent.id}`)).body.data;
    expect(shown).toEqual(sent);
    const theirs = (await call(t, b, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(theirs.hostile.map((fleet) => fleet.id)).toEqual([sent.id]);

    t.clock.advance(1000);
    const recalled = await call(t, a, 'POST', `/me/fleets/${sent.id}/recall`, {});
    expect(recalled.status).toBe(200);
    const after = await fleetRow(a.me.id);
    expect(after?.state).toBe('returning');
    // Written again in the new form.
    expect(after?.data).toContain('"route":[[');
    expect(parseFleet(after?.data ?? '{}').route).toEqual(parseFleet(before).route);

    t.clock.advance(1000);
    const list = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(list.own).toEqual([]);
    expect(await fleetRow(a.me.id)).toBeUndefined();
    expect(await shipCount(t.database.db, aPlanet, 6)).toBe(5);
  });
});
