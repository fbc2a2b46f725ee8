import type { Fleet, FleetList, FleetPreview } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readResources, setResources } from './economy-fixtures.js';
import { call, equip, homePlace, RICH, shipCount, snapshot, type Place } from './fleets-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
let a: TestPlayer;
let b: TestPlayer;
let aPlanet: number;
let bHome: Place;

const spyOrder = () => ({
  mission: 4,
  target: { system_id: bHome.systemId, orbit: bHome.orbit },
  ships: [{ id: 6, count: 2 }],
  speed: 100,
  prefer: 'shortest',
});

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  a = await registerPlayer(t.app);
  b = await registerPlayer(t.app);
  aPlanet = await equip(t.database.db, a.me.id, { 6: 5, 7: 3, 1: 20 });
  bHome = await homePlace(t.database.db, b.me.id);
});
afterAll(async () => {
  await t.close();
});

describe('POST /me/fleets/preview', () => {
  it('answers the route, duration, arrival and fuel, and writes nothing', async () => {
    const before = await snapshot(t.database.db);
    const response = await call(t, a, 'POST', '/me/fleets/preview', spyOrder());
    expect(response.status).toBe(200);
    const preview = response.body.data as unknown as FleetPreview;
    expect(preview.route[0]).toBe((await homePlace(t.database.db, a.me.id)).systemId);
    expect(preview.route.at(-1)).toBe(bHome.systemId);
    expect(preview.distance).toBeGreaterThanOrEqual(5);
    expect(preview.duration_seconds).toBeGreaterThan(0);
    expect(Date.parse(preview.arrives_at)).toBe(t.clock() + preview.duration_seconds * 1000);
    expect(preview.fuel).toBeGreaterThan(0);
    expect(preview.cargo_capacity).toBe(10);
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('answers the refusal dispatch would give', async () => {
    const response = await call(t, a, 'POST', '/me/fleets/preview', {
      ...spyOrder(),
      ships: [{ id: 6, count: 6 }],
    });
    expect(response.status).toBe(409);
    expect(response.body.i18n_comment).toBe('NOT_ENOUGH_SHIPS');
  });
});

describe('bad orders change nothing', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['a negative count', { ships: [{ id: 6, count: -1 }] }, 400, 'VALIDATION_ERROR'],
    ['a fractional count', { ships: [{ id: 6, count: 1.5 }] }, 400, 'VALIDATION_ERROR'],
    ['a huge count', { ships: [{ id: 6, count: 1e12 }] }, 400, 'VALIDATION_ERROR'],
    ['more ships than owned', { ships: [{ id: 6, count: 99 }] }, 409, 'NOT_ENOUGH_SHIPS'],
    [
      'a ship listed twice',
      {
        ships: [
          { id: 6, count: 1 },
          { id: 6, count: 1 },
        ],
      },
      400,
      'VALIDATION_ERROR',
    ],
    ['an unknown mission', { mission: 7 }, 400, 'VALIDATION_ERROR'],
    ['a speed off the steps', { speed: 55 }, 400, 'VALIDATION_ERROR'],
    ['an unknown route preference', { prefer: 'fastest' }, 400, 'VALIDATION_ERROR'],
    ['an unknown ship', { ships: [{ id: 999, count: 1 }] }, 400, 'INVALID_FLEET'],
    ['another race ship', { ships: [{ id: 16, count: 1 }] }, 400, 'INVALID_FLEET'],
    ['a spy fleet with a fighter', { ships: [{ id: 1, count: 1 }] }, 400, 'INVALID_FLEET'],
    ['cargo on a spy fleet', { cargo: { metal: 1, crystal: 0, fuel: 0 } }, 400, 'INVALID_FLEET'],
    ['an unknown system', { target: { system_id: 99_999, orbit: 1 } }, 404, 'NOT_FOUND'],
    ['an orbit past the system', { target: { system_id: 1, orbit: 999 } }, 404, 'NOT_FOUND'],
    ['an attack in high security', { mission: 3, ships: [{ id: 1, count: 1 }] }, 409, 'PROTECTED_SPACE'],
    ['a negative cargo', { mission: 1, cargo: { metal: -1, crystal: 0, fuel: 0 } }, 400, 'VALIDATION_ERROR'],
    [
      'a cargo above the hold',
      { mission: 1, ships: [{ id: 7, count: 1 }], cargo: { metal: 10_000, crystal: 0, fuel: 0 } },
      409,
      'CARGO_TOO_LARGE',
    ],
    ['an unknown field', { extra: true }, 400, 'VALIDATION_ERROR'],
  ];
  it.each(cases)('%s', async (_, change, status, key) => {
    const before = await snapshot(t.database.db);
    for (const url of ['/me/fleets/preview', '/me/fleets']) {
      const response = await call(t, a, 'POST', url, { ...spyOrder(), ...change });
      expect(response.status).toBe(status);
      expect(response.body.i18n_comment).toBe(key);
      expect(typeof response.body.code).toBe('number');
    }
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('refuses an order whose fuel the planet lacks (422)', async () => {
    await setResources(t.database.db, aPlanet, { metal: 10, crystal: 10, fuel: 0 });
    const before = await snapshot(t.database.db);
    for (const url of ['/me/fleets/preview', '/me/fleets']) {
      const response = await call(t, a, 'POST', url, spyOrder());
      expect(response.status).toBe(422);
      expect(response.body.i18n_comment).toBe('INSUFFICIENT_RESOURCES');
    }
    expect(await snapshot(t.database.db)).toEqual(before);
    await setResources(t.database.db, aPlanet, RICH);
  });

  it('refuses a body that is not an object', async () => {
    const response = await call(t, a, 'POST', '/me/fleets', [1, 2]);
    expect(response.status).toBe(400);
    expect(response.body.i18n_comment).toBe('VALIDATION_ERROR');
  });
});

describe('dispatch, list, read and recall', () => {
  let fleet: Fleet;
  let militaryInFlight = 0;

  it('sends the fleet: 201, ships and fuel leave the planet', async () => {
    const resources = await readResources(t.database.db, aPlanet);
    const preview = (await call(t, a, 'POST', '/me/fleets/preview', spyOrder())).body
      .data as unknown as FleetPreview;
    const response = await call(t, a, 'POST', '/me/fleets', spyOrder());
    expect(response.status).toBe(201);
    fleet = response.body.data as unknown as Fleet;
    expect(fleet).toMatchObject({
      mission: 4,
      state: 'outbound',
      target: { system_id: bHome.systemId, orbit: bHome.orbit },
      ships: [{ id: 6, count: 2 }],
      route: preview.route,
      arrives_at: preview.arrives_at,
      returns_at: null,
      origin: { planet_index: 0 },
    });
    expect(await shipCount(t.database.db, aPlanet, 6)).toBe(3);
    const after = await readResources(t.database.db, aPlanet);
    // Production ran meanwhile only if the clock moved; it did not.
    expect(resources.fuel - after.fuel).toBe(preview.fuel);
  });

  it('counts the ships in flight for military points', async () => {
    const me = (await call(t, a, 'GET', '/me')).body.data as { military_points: number };
    militaryInFlight = me.military_points;
    // 2 probes in flight, 3 at home, 3 small cargos, 20 light fighters: all of them count.
    expect(militaryInFlight).toBeGreaterThan(0);
  });

  it('lists it for its owner and as a hostile fleet for the target', async () => {
    const own = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(own.own).toEqual([fleet]);
    expect(own.hostile).toEqual([]);
    const theirs = (await call(t, b, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(theirs.own).toEqual([]);
    // Equal Espionage (0 and 0): the target sees the composition.
    expect(theirs.hostile).toEqual([
      {
        id: fleet.id,
        mission: 4,
        origin: { system_id: fleet.origin.system_id },
        target: fleet.target,
        arrives_at: fleet.arrives_at,
        ships: [{ id: 6, count: 2 }],
      },
    ]);
  });

  it('reads one fleet; another account gets 404 for it', async () => {
    expect((await call(t, a, 'GET', `/me/fleets/${fleet.id}`)).body.data).toEqual(fleet);
    const other = await call(t, b, 'GET', `/me/fleets/${fleet.id}`);
    expect(other.status).toBe(404);
    expect(other.body.i18n_comment).toBe('NOT_FOUND');
    const unknown = await call(t, a, 'GET', '/me/fleets/999999');
    expect(unknown.status).toBe(404);
    const malformed = await call(t, a, 'GET', '/me/fleets/0x10');
    expect(malformed.status).toBe(400);
  });

  it("refuses another account's recall with 404 and changes nothing", async () => {
    const before = await snapshot(t.database.db);
    const response = await call(t, b, 'POST', `/me/fleets/${fleet.id}/recall`, {});
    expect(response.status).toBe(404);
    expect(await snapshot(t.database.db)).toEqual(before);
  });

  it('recalls it: returning, back after as long as it flew; a second recall is refused', async () => {
    t.clock.advance(1000);
    const response = await call(t, a, 'POST', `/me/fleets/${fleet.id}/recall`, {});
    expect(response.status).toBe(200);
    const recalled = response.body.data as unknown as Fleet;
    expect(recalled.state).toBe('returning');
    expect(Date.parse(recalled.returns_at ?? '')).toBe(t.clock() + 1000);
    const again = await call(t, a, 'POST', `/me/fleets/${fleet.id}/recall`, {});
    expect(again.status).toBe(409);
    expect(again.body.i18n_comment).toBe('NOT_RECALLABLE');
    const theirs = (await call(t, b, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(theirs.hostile).toEqual([]);
  });

  it('lands home when it returns: the probes are back, the fleet row is gone, an email says so', async () => {
    t.clock.advance(1000);
    const list = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(list.own).toEqual([]);
    expect(await shipCount(t.database.db, aPlanet, 6)).toBe(5);
    const rows = await t.database.db.selectFrom('fleets').selectAll().execute();
    expect(rows).toEqual([]);
    const emails = await t.database.db
      .selectFrom('emails')
      .select(['title'])
      .where('account_id', '=', a.me.id)
      .execute();
    expect(emails.map((email) => email.title)).toContain('fleet_returned');
    // The same ships, now all at home, are worth what they were worth in flight.
    const me = (await call(t, a, 'GET', '/me')).body.data as { military_points: number };
    expect(me.military_points).toBe(militaryInFlight);
  });
});

describe('GET /me/reports/{id}', () => {
  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(t, a, 'GET', '/me/reports/123456')).status).toBe(404);
    expect((await call(t, a, 'GET', '/me/reports/-1')).status).toBe(400);
  });
});

describe('an order while an arrival of the account cannot be applied yet', () => {
  it('is refused 503 FLEET_EVENT_PENDING with Retry-After, changing nothing, and goes through once it is', async () => {
    const sent = await call(t, a, 'POST', '/me/fleets', spyOrder());
    expect(sent.status).toBe(201);
    const fleet = sent.body.data as unknown as Fleet;
    // The arrival is due, but its row says it is not (as while another process holds it): the
    // server cannot apply it before the order, and the rules refuse to act past it.
    await t.database.db
      .updateTable('fleets')
      .set({ arrives_at: '2100-01-01T00:00:00.000Z' })
      .where('account_id', '=', a.me.id)
      .where('id', '=', fleet.id)
      .execute();
    t.clock.set(Date.parse(fleet.arrives_at) + 1);
    const before = await snapshot(t.database.db);
    for (const [url, body] of [
      ['/me/fleets', spyOrder()],
      [`/me/fleets/${fleet.id}/recall`, {}],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: (await loginPlayer(t.app, a)).headers,
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ i18n_comment: 'FLEET_EVENT_PENDING', code: 1110 });
    }
    expect(await snapshot(t.database.db)).toEqual(before);

    await t.database.db
      .updateTable('fleets')
      .set({ arrives_at: fleet.arrives_at })
      .where('account_id', '=', a.me.id)
      .where('id', '=', fleet.id)
      .execute();
    a = await loginPlayer(t.app, a);
    b = await loginPlayer(t.app, b);
    const again = await call(t, a, 'POST', '/me/fleets', spyOrder());
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const own = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(own.own.find((candidate) => candidate.id === fleet.id)?.state).toBe('returning');
  });
});
