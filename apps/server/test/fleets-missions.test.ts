import type { Fleet, FleetList, Report } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/index.js';
import { emailsOf, readResources, setModule, setResources } from './economy-fixtures.js';
import {
  call,
  equip,
  freeOrbit,
  homePlace,
  moveToSecurity,
  shipCount,
  type Place,
} from './fleets-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

/**
 * Two players through the API: A spies on, attacks, supplies and recycles over B's planet (moved
 * to low security, where attacks are allowed), and founds a colony. Arrivals are applied by
 * whichever account is read first, or by the scheduler when nobody is.
 */
let t: TestApp;
let a: TestPlayer;
let b: TestPlayer;
let aPlanet: number;
let bPlace: Place;

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  a = await registerPlayer(t.app);
  b = await registerPlayer(t.app);
  // Astrophysics 2 (two planets), Espionage 4 (sees B's ships and defenses).
  aPlanet = await equip(t.database.db, a.me.id, { 1: 300, 6: 10, 7: 5, 9: 1, 10: 2 }, { 5: 4, 6: 2 });
  const bHome = await homePlace(t.database.db, b.me.id);
  bPlace = await moveToSecurity(t.database.db, bHome.planetId, 2);
  await setResources(t.database.db, bPlace.planetId, { metal: 40_000, crystal: 20_000, fuel: 10_000 });
  await setModule(t.database.db, bPlace.planetId, 4, 1, 5);
});
afterAll(async () => {
  await t.close();
});

/** Past `at`, with fresh sessions (the access token lives 15 minutes). */
async function passTo(at: string): Promise<void> {
  const target = Date.parse(at) + 1;
  if (target > t.clock()) t.clock.set(target);
  [a, b] = await Promise.all([loginPlayer(t.app, a), loginPlayer(t.app, b)]);
}

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

async function emailsTitled(accountId: number, title: string): Promise<Record<string, unknown>[]> {
  return (await emailsOf(t.database.db, accountId))
    .filter((email) => email.title === title)
    .map((email) => email.params as Record<string, unknown>);
}

async function report(player: TestPlayer, id: unknown): Promise<{ status: number; data: Report }> {
  const response = await call(t, player, 'GET', `/me/reports/${String(id)}`);
  return { status: response.status, data: response.body.data as unknown as Report };
}

describe('spy', () => {
  it("is applied when the target is read first: A's report, B's notice, each report its owner's only", async () => {
    const fleet = await send({ mission: 4, ships: [{ id: 6, count: 3 }] });
    const hostile = (await call(t, b, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    expect(hostile.hostile.map((h) => h.id)).toEqual([fleet.id]);
    // B's Espionage (0) is below A's (4): no composition.
    expect(hostile.hostile[0]?.ships).toBeUndefined();

    await passTo(fleet.arrives_at);
    expect((await call(t, b, 'GET', '/me/planet')).status).toBe(200);

    const spyReports = await emailsTitled(a.me.id, 'spy_report');
    expect(spyReports).toHaveLength(1);
    const reportId = spyReports[0]?.report_id;
    expect(typeof reportId).toBe('number');
    const own = await report(a, reportId);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({
      id: reportId,
      kind: 'spy',
      data: { target_id: b.me.id, spy_id: a.me.id },
    });
    expect(own.data.data.resources).toEqual({ metal: 40_000, crystal: 20_000, fuel: 10_000 });
    expect((await report(b, reportId)).status).toBe(404);
    expect(await emailsTitled(b.me.id, 'spied_on')).toHaveLength(1);

    // Read again by both: applied once.
    await call(t, a, 'GET', '/me/fleets');
    await call(t, b, 'GET', '/me/fleets');
    expect(await emailsTitled(a.me.id, 'spy_report')).toHaveLength(1);
    expect(await emailsTitled(b.me.id, 'spied_on')).toHaveLength(1);
  });
});

describe('attack', () => {
  it('fights, plunders and reports to both sides, each with its own copy', async () => {
    const bBefore = await readResources(t.database.db, bPlace.planetId);
    const fleet = await send({ mission: 3, ships: [{ id: 1, count: 300 }] });
    await passTo(fleet.arrives_at);
    const list = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    const back = list.own.find((own) => own.id === fleet.id);
    expect(back?.state).toBe('returning');

    const [mine] = await emailsTitled(a.me.id, 'combat_report');
    const [theirs] = await emailsTitled(b.me.id, 'combat_report');
    expect(mine?.report_id).toEqual(expect.any(Number));
    expect(theirs?.report_id).toEqual(expect.any(Number));
    expect(mine?.report_id).not.toBe(theirs?.report_id);
    const attackerCopy = await report(a, mine?.report_id);
    const defenderCopy = await report(b, theirs?.report_id);
    expect(attackerCopy.data.kind).toBe('combat');
    expect(defenderCopy.data.data).toEqual(attackerCopy.data.data);
    expect((await report(a, theirs?.report_id)).status).toBe(404);
    expect((await report(b, mine?.report_id)).status).toBe(404);

    const combat = attackerCopy.data.data as {
      winner: string;
      plunder: { metal: number; crystal: number; fuel: number };
    };
    expect(combat.winner).toBe('attacker');
    // What B lost to plunder is what the fleet carries home (production ran meanwhile on B).
    expect(back?.cargo).toEqual(combat.plunder);
    const bAfter = await readResources(t.database.db, bPlace.planetId);
    expect(bAfter.metal).toBeLessThan(bBefore.metal);
    expect(combat.plunder.metal).toBeGreaterThan(0);
    // The API's field names: snake_case like every other answer.
    expect(Object.keys(attackerCopy.data.data)).toEqual(
      expect.arrayContaining([
        'attacker_id',
        'defender_id',
        'attacker_losses',
        'defender_losses',
        'rebuilt_defenses',
      ]),
    );
    expect(JSON.stringify(attackerCopy.data.data)).not.toMatch(/"[a-z]+[A-Z]/);
  });
});

describe('transport to another player, applied by the scheduler', () => {
  it('unloads the cargo on B while nobody reads either account', async () => {
    const cargo = { metal: 1000, crystal: 500, fuel: 0 };
    const fleet = await send({ mission: 1, ships: [{ id: 7, count: 1 }], cargo });
    const before = await readResources(t.database.db, bPlace.planetId);
    t.clock.set(Date.parse(fleet.arrives_at) + 1);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    await runSchedulerOnce(deps, t.clock());
    const stored = await t.database.db
      .selectFrom('fleets')
      .select('state')
      .where('account_id', '=', a.me.id)
      .where('id', '=', fleet.id)
      .executeTakeFirstOrThrow();
    expect(stored.state).toBe('returning');
    const after = await readResources(t.database.db, bPlace.planetId);
    // B's stored row was settled to the arrival: production up to it, then the cargo.
    expect(after.metal - before.metal).toBeGreaterThanOrEqual(1000);
    expect(after.crystal - before.crystal).toBeGreaterThanOrEqual(500);
    const delivered = await emailsTitled(b.me.id, 'transport_delivered');
    expect(delivered).toEqual([
      expect.objectContaining({ metal: 1000, crystal: 500, from_account_id: a.me.id }),
    ]);
  });
});

describe('colonize', () => {
  it('founds a full planet: listed, focusable, with its own module screens', async () => {
    const orbit = await freeOrbit(t.database.db);
    const fleet = await send({
      mission: 6,
      target: { system_id: orbit.systemId, orbit: orbit.orbit },
      ships: [
        { id: 9, count: 1 },
        { id: 7, count: 1 },
      ],
      cargo: { metal: 300, crystal: 200, fuel: 100 },
    });
    await passTo(fleet.arrives_at);
    const planets = (await call(t, a, 'GET', '/me/planets')).body.data as unknown as {
      planets: { id: number }[];
    };
    expect(planets.planets).toHaveLength(2);
    expect(await emailsTitled(a.me.id, 'colonized')).toHaveLength(1);
    const colonyId = planets.planets[1]?.id ?? 0;
    expect(await shipCount(t.database.db, colonyId, 7)).toBe(1);
    expect(await shipCount(t.database.db, colonyId, 9)).toBe(0);
    const colony = await readResources(t.database.db, colonyId);
    expect(colony.metal).toBeGreaterThanOrEqual(300);
    expect((await call(t, a, 'POST', '/me/planet', { planet_index: 1 })).status).toBe(200);
    const factories = await call(t, a, 'GET', '/me/planet/factories');
    expect(factories.status).toBe(200);
    const start = await call(t, a, 'POST', '/me/planet/factories/1', {});
    expect(start.status).toBe(200);

    // A fleet leaves the colony for home: an own-planet transport, landed by settling alone.
    await t.database.db.updateTable('planets').set({ fuel: 100_000 }).where('id', '=', colonyId).execute();
    const home = await homePlace(t.database.db, a.me.id);
    const supply = await call(t, a, 'POST', '/me/fleets', {
      mission: 1,
      target: { system_id: home.systemId, orbit: home.orbit },
      ships: [{ id: 7, count: 1 }],
      speed: 100,
      prefer: 'shortest',
      cargo: { metal: 100, crystal: 0, fuel: 0 },
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(201);
    const supplyFleet = supply.body.data as unknown as Fleet;
    expect(supplyFleet.origin.planet_index).toBe(1);
    const homeBefore = await readResources(t.database.db, aPlanet);
    await passTo(supplyFleet.arrives_at);
    expect((await call(t, a, 'POST', '/me/planet', { planet_index: 0 })).status).toBe(200);
    const homeAfter = await readResources(t.database.db, aPlanet);
    expect(homeAfter.metal - homeBefore.metal).toBeGreaterThanOrEqual(100);
    expect(await emailsTitled(a.me.id, 'transport_delivered')).toContainEqual(
      expect.objectContaining({ metal: 100, report_id: null }),
    );
    expect(await shipCount(t.database.db, aPlanet, 9)).toBe(0);
  });
});

describe('exploit', () => {
  it('collects debris up to the recyclers hold; the field never goes below 0', async () => {
    await t.database.db
      .updateTable('orbits')
      .set({ debris_metal: 30_000, debris_crystal: 15_000 })
      .where('id', '=', bPlace.orbitId)
      .execute();
    const fleet = await send({ mission: 5, ships: [{ id: 10, count: 2 }] });
    await passTo(fleet.arrives_at);
    const list = (await call(t, a, 'GET', '/me/fleets')).body.data as unknown as FleetList;
    const back = list.own.find((own) => own.id === fleet.id);
    expect(back?.state).toBe('returning');
    // Two recyclers hold 40,000: an even share (20,000 each) then metal fills what crystal left.
    expect(back?.cargo).toEqual({ metal: 25_000, crystal: 15_000, fuel: 0 });
    const field = await t.database.db
      .selectFrom('orbits')
      .select(['debris_metal', 'debris_crystal'])
      .where('id', '=', bPlace.orbitId)
      .executeTakeFirstOrThrow();
    expect(field).toEqual({ debris_metal: 5_000, debris_crystal: 0 });
    expect(await emailsTitled(a.me.id, 'debris_collected')).toEqual([
      expect.objectContaining({ metal: 25_000, crystal: 15_000, report_id: null }),
    ]);
  });
});

describe('a target deleted while the fleet flies', () => {
  it('sends the fleet home; reads and the scheduler go on', async () => {
    const c = await registerPlayer(t.app);
    const cPlace = await moveToSecurity(t.database.db, (await homePlace(t.database.db, c.me.id)).planetId, 2);
    const fleet = await send({
      mission: 3,
      target: { system_id: cPlace.systemId, orbit: cPlace.orbit },
      ships: [{ id: 1, count: 10 }],
    });
    await t.database.db.deleteFrom('accounts').where('id', '=', c.me.id).execute();
    t.clock.set(Date.parse(fleet.arrives_at) + 1);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    expect(await runSchedulerOnce(deps, t.clock())).toBeLessThan(10);
    [a] = [await loginPlayer(t.app, a)];
    const list = await call(t, a, 'GET', '/me/fleets');
    expect(list.status).toBe(200);
    const back = (list.body.data as unknown as FleetList).own.find((own) => own.id === fleet.id);
    expect(back).toMatchObject({ state: 'returning', ships: [{ id: 1, count: 10 }] });
  });
});

describe('two colonists of two accounts on one orbit', () => {
  it('gives the orbit to the earlier arrival even when the later account is read first', async () => {
    const orbit = await freeOrbit(t.database.db);
    const colonists = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
    const sent: Fleet[] = [];
    for (const [i, player] of colonists.entries()) {
      await equip(t.database.db, player.me.id, { 9: 1 }, { 6: 2 });
      const response = await call(t, player, 'POST', '/me/fleets', {
        mission: 6,
        target: { system_id: orbit.systemId, orbit: orbit.orbit },
        ships: [{ id: 9, count: 1 }],
        speed: i === 0 ? 100 : 10,
        prefer: 'shortest',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      sent.push(response.body.data as unknown as Fleet);
    }
    const [first, second] = sent.map((fleet, i) => ({ fleet, player: colonists[i] }));
    const order = [first, second].sort(
      (x, y) => Date.parse(x?.fleet.arrives_at ?? '') - Date.parse(y?.fleet.arrives_at ?? ''),
    );
    const [earlier, later] = order;
    expect(Date.parse(earlier?.fleet.arrives_at ?? '')).toBeLessThan(
      Date.parse(later?.fleet.arrives_at ?? ''),
    );
    t.clock.set(Date.parse(later?.fleet.arrives_at ?? '') + 1);
    const reader = await loginPlayer(t.app, later?.player as TestPlayer);
    expect((await call(t, reader, 'GET', '/me/planets')).status).toBe(200);
    const owner = await t.database.db
      .selectFrom('planets')
      .select('account_id')
      .where('orbit_id', '=', orbit.orbitId)
      .executeTakeFirstOrThrow();
    expect(owner.account_id).toBe(earlier?.player?.me.id);
    expect(await emailsTitled(later?.player?.me.id ?? 0, 'colonization_failed')).toEqual([
      expect.objectContaining({ reason: 'ORBIT_OCCUPIED' }),
    ]);
  });
});

describe("the scheduler's batch of arrivals (decision 174)", () => {
  it('applies arrivals of several accounts on one orbit once each, in time order, the earlier colonist first', async () => {
    const orbit = await freeOrbit(t.database.db);
    const players = await Promise.all([registerPlayer(t.app), registerPlayer(t.app), registerPlayer(t.app)]);
    const sent: { player: TestPlayer; fleet: Fleet }[] = [];
    // Slower first: the last dispatched arrives first.
    for (const [i, player] of players.entries()) {
      await equip(t.database.db, player.me.id, { 9: 1 }, { 6: 2 });
      const response = await call(t, player, 'POST', '/me/fleets', {
        mission: 6,
        target: { system_id: orbit.systemId, orbit: orbit.orbit },
        ships: [{ id: 9, count: 1 }],
        speed: [30, 20, 10][i],
        prefer: 'shortest',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      sent.push({ player, fleet: response.body.data as unknown as Fleet });
    }
    const byArrival = [...sent].sort(
      (x, y) => Date.parse(x.fleet.arrives_at) - Date.parse(y.fleet.arrives_at),
    );
    t.clock.set(Math.max(...sent.map(({ fleet }) => Date.parse(fleet.arrives_at))) + 1);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    // One run, nobody reading: the batch path alone.
    await runSchedulerOnce(deps, t.clock());
    const owner = await t.database.db
      .selectFrom('planets')
      .select('account_id')
      .where('orbit_id', '=', orbit.orbitId)
      .executeTakeFirstOrThrow();
    expect(owner.account_id).toBe(byArrival[0]?.player.me.id);
    for (const [rank, { player }] of byArrival.entries()) {
      expect(await emailsTitled(player.me.id, rank === 0 ? 'colonized' : 'colonization_failed')).toHaveLength(
        1,
      );
      expect(await emailsTitled(player.me.id, rank === 0 ? 'colonization_failed' : 'colonized')).toHaveLength(
        0,
      );
    }
    const rows = await t.database.db
      .selectFrom('fleets')
      .select(['account_id', 'state'])
      .where(
        'account_id',
        'in',
        players.map((player) => player.me.id),
      )
      .execute();
    // None left outbound: the others turned round (or are home already).
    expect(rows.filter((row) => row.state === 'outbound')).toEqual([]);
    // Again: nothing more to apply, nothing applied twice.
    await runSchedulerOnce(deps, t.clock());
    for (const { player } of byArrival)
      expect(
        (await emailsOf(t.database.db, player.me.id)).filter((email) => email.title.startsWith('coloniz')),
      ).toHaveLength(1);
  });
});

describe('the scheduler batch over accounts sharing targets (decision 177)', () => {
  it('applies every transport once, whichever chunks run at once, and again finds nothing to apply', async () => {
    const targets = await Promise.all([registerPlayer(t.app), registerPlayer(t.app)]);
    const senders = await Promise.all(Array.from({ length: 4 }, () => registerPlayer(t.app)));
    const places = await Promise.all(targets.map((target) => homePlace(t.database.db, target.me.id)));
    const sent: Fleet[] = [];
    for (const [i, sender] of senders.entries()) {
      await equip(t.database.db, sender.me.id, { 7: 2 }, { 6: 2 });
      for (const [j, place] of places.entries()) {
        const response = await call(t, sender, 'POST', '/me/fleets', {
          mission: 1,
          target: { system_id: place.systemId, orbit: place.orbit },
          ships: [{ id: 7, count: 1 }],
          speed: [100, 70, 40, 10][(i + j) % 4],
          prefer: 'shortest',
          cargo: { metal: 100, crystal: 0, fuel: 0 },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        sent.push(response.body.data as unknown as Fleet);
      }
    }
    t.clock.set(Math.max(...sent.map((fleet) => Date.parse(fleet.arrives_at))) + 1);
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    const delivered = async () => ({
      targets: await Promise.all(targets.map((target) => emailsTitled(target.me.id, 'transport_delivered'))),
      senders: await Promise.all(senders.map((sender) => emailsTitled(sender.me.id, 'transport_delivered'))),
    });
    await runSchedulerOnce(deps, t.clock());
    const once = await delivered();
    expect(once.targets.map((emails) => emails.length)).toEqual([4, 4]);
    expect(once.senders.map((emails) => emails.length)).toEqual([2, 2, 2, 2]);
    const outbound = await t.database.db
      .selectFrom('fleets')
      .select('id')
      .where(
        'account_id',
        'in',
        senders.map((sender) => sender.me.id),
      )
      .where('state', '=', 'outbound')
      .execute();
    expect(outbound).toEqual([]);
    await runSchedulerOnce(deps, t.clock());
    expect(await delivered()).toEqual(once);
  });
});
