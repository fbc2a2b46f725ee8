import type { Fleet } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/modules/events/live-events.js';
import { setModule, setResources } from './economy-fixtures.js';
import { call, equip, freeOrbit, homePlace, moveToSecurity, type Place } from './fleets-fixtures.js';
import { openStream, settleDeliveries, type OpenStream } from './events-stream.js';
import {
  anyNumber,
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

/**
 * Fleet events pushed live (FLEETS.md section 8) to every account involved, through real event
 * streams: the defender told of a hostile departure, both sides of a combat, a spy and the
 * spied-on, a transport's sender and recipient, a colony, a return. Arrivals are applied by a
 * read of one account and pushed to both (the scheduler goes through the same save).
 */
const anyBoolean: unknown = expect.any(Boolean);

let t: TestApp;
let baseUrl: string;
let a: TestPlayer;
let b: TestPlayer;
let bPlace: Place;
let aStream: OpenStream;
let bStream: OpenStream;

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await registerPlayer(t.app);
  b = await registerPlayer(t.app);
  await equip(t.database.db, a.me.id, { 1: 300, 6: 10, 7: 5, 9: 1 }, { 5: 4, 6: 2 });
  const bHome = await homePlace(t.database.db, b.me.id);
  bPlace = await moveToSecurity(t.database.db, bHome.planetId, 2);
  await setResources(t.database.db, bPlace.planetId, { metal: 40_000, crystal: 20_000, fuel: 10_000 });
  await setModule(t.database.db, bPlace.planetId, 4, 1, 5);
  aStream = await openStream(baseUrl, a.cookie);
  bStream = await openStream(baseUrl, b.cookie);
  expect([aStream.status, bStream.status]).toEqual([200, 200]);
  await aStream.waitFor(() => aStream.comments.includes('connected'));
  await bStream.waitFor(() => bStream.comments.includes('connected'));
});
afterAll(async () => {
  aStream.close();
  bStream.close();
  await t.close();
});

async function send(order: Record<string, unknown>): Promise<Fleet> {
  const response = await call(t, a, 'POST', '/me/fleets', {
    target: { system_id: bPlace.systemId, orbit: bPlace.orbit },
    speed: 100,
    prefer: 'shortest',
    ...order,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as unknown as Fleet;
}

/** Past `at`, the arrivals applied by a read of `reader` (the target, unless said otherwise). */
async function readAt(at: string, reader: 'a' | 'b' = 'b'): Promise<void> {
  t.clock.set(Math.max(t.clock(), Date.parse(at) + 1));
  [a, b] = await Promise.all([loginPlayer(t.app, a), loginPlayer(t.app, b)]);
  expect((await call(t, reader === 'a' ? a : b, 'GET', '/me/planet')).status).toBe(200);
}

const ofFleet = (stream: OpenStream, fleetId: number): LiveEvent[] =>
  stream.events.filter((event) => 'fleet_id' in event && event.fleet_id === fleetId);

const has =
  (fleetId: number, kind: LiveEvent['kind']) =>
  (events: readonly LiveEvent[]): boolean =>
    events.some((event) => event.kind === kind && 'fleet_id' in event && event.fleet_id === fleetId);

describe('fleet events on the event stream', () => {
  it('an attack: the defender is told it left; both sides are told of the combat', async () => {
    const fleet = await send({ mission: 3, ships: [{ id: 1, count: 300 }] });
    await bStream.waitFor(has(fleet.id, 'hostile_fleet_departed'));
    expect(ofFleet(bStream, fleet.id)).toEqual([
      {
        kind: 'hostile_fleet_departed',
        fleet_id: fleet.id,
        mission: 3,
        system_id: bPlace.systemId,
        orbit: bPlace.orbit,
        arrives_at: fleet.arrives_at,
      },
    ]);

    await readAt(fleet.arrives_at);
    await aStream.waitFor(has(fleet.id, 'fleet_combat'));
    await bStream.waitFor(has(fleet.id, 'fleet_combat'));
    const combat = { kind: 'fleet_combat', fleet_id: fleet.id, owner_id: a.me.id, pirates: false };
    expect(ofFleet(aStream, fleet.id)).toEqual([{ ...combat, defending: false, winner: 'attacker' }]);
    expect(ofFleet(bStream, fleet.id)).toEqual([
      expect.objectContaining({ kind: 'hostile_fleet_departed' }),
      { ...combat, defending: true, winner: 'attacker' },
    ]);
    // Each with the new-email count of its transaction.
    expect(aStream.events).toContainEqual({ kind: 'email_received', count: 1 });
    expect(bStream.events).toContainEqual({ kind: 'email_received', count: 1 });

    // Home again: only the owner hears of it.
    const list = (await call(t, a, 'GET', '/me/fleets')).body.data as { own: Fleet[] };
    const returning = list.own.find((own) => own.id === fleet.id);
    await readAt(returning?.returns_at ?? '', 'a');
    await aStream.waitFor(has(fleet.id, 'fleet_returned'));
    expect(ofFleet(aStream, fleet.id).at(-1)).toEqual({
      kind: 'fleet_returned',
      fleet_id: fleet.id,
      planet_id: anyNumber,
    });
    await settleDeliveries();
    expect(ofFleet(bStream, fleet.id).map((event) => event.kind)).toEqual([
      'hostile_fleet_departed',
      'fleet_combat',
    ]);
  });

  it('a spy mission: the spy gets its report, the target is told it was spied on', async () => {
    const fleet = await send({ mission: 4, ships: [{ id: 6, count: 3 }] });
    await bStream.waitFor(has(fleet.id, 'hostile_fleet_departed'));
    await readAt(fleet.arrives_at);
    await aStream.waitFor(has(fleet.id, 'fleet_arrived'));
    await bStream.waitFor(has(fleet.id, 'fleet_spied_on'));
    expect(ofFleet(aStream, fleet.id)).toEqual([
      { kind: 'fleet_arrived', fleet_id: fleet.id, owner_id: a.me.id, notice: 'spy_report' },
    ]);
    expect(ofFleet(bStream, fleet.id).at(-1)).toEqual({
      kind: 'fleet_spied_on',
      fleet_id: fleet.id,
      planet_id: bPlace.planetId,
      detected: anyBoolean,
    });
  });

  it('a transport: the sender and the recipient are told, no hostile departure', async () => {
    const fleet = await send({
      mission: 1,
      ships: [{ id: 7, count: 1 }],
      cargo: { metal: 100, crystal: 0, fuel: 0 },
    });
    await readAt(fleet.arrives_at);
    const delivered = {
      kind: 'fleet_arrived',
      fleet_id: fleet.id,
      owner_id: a.me.id,
      notice: 'transport_delivered',
    };
    await aStream.waitFor(has(fleet.id, 'fleet_arrived'));
    await bStream.waitFor(has(fleet.id, 'fleet_arrived'));
    expect(ofFleet(aStream, fleet.id)).toEqual([delivered]);
    expect(ofFleet(bStream, fleet.id)).toEqual([delivered]);
  });

  it('a colony: its founder is told, with the new planet', async () => {
    const orbit = await freeOrbit(t.database.db);
    const fleet = await send({
      mission: 6,
      target: { system_id: orbit.systemId, orbit: orbit.orbit },
      ships: [{ id: 9, count: 1 }],
    });
    await readAt(fleet.arrives_at, 'a');
    await aStream.waitFor(has(fleet.id, 'colony_founded'));
    const colony = await t.database.db
      .selectFrom('planets')
      .select('id')
      .where('orbit_id', '=', orbit.orbitId)
      .executeTakeFirstOrThrow();
    expect(ofFleet(aStream, fleet.id)).toEqual([
      { kind: 'colony_founded', fleet_id: fleet.id, planet_id: colony.id },
    ]);
    await settleDeliveries();
    expect(ofFleet(bStream, fleet.id)).toEqual([]);
  });
});
