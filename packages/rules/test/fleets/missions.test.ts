import { describe, expect, it } from 'vitest';
import { resolveCombat } from '../../src/combat/index.js';
import { dispatchFleet } from '../../src/fleets/actions.js';
import { plunder, rebuildDefenses } from '../../src/fleets/combat.js';
import { nextExternalFleetEvent } from '../../src/fleets/events.js';
import {
  detectionChance,
  resolveAttack,
  resolveColonize,
  resolveExploit,
  resolveSpy,
  resolveTransport,
  spyScore,
} from '../../src/fleets/missions.js';
import type { FleetOrder, TargetOrbitView } from '../../src/fleets/plan.js';
import { settle } from '../../src/settle.js';
import type { AccountState, Resources } from '../../src/types.js';
import { createRandom } from '../../src/universe/random.js';
import { DAY, SPEED1, T0 } from '../factories.js';
import { defenderAccount, fleetOwner, HOME, order, STUB_ENGINES, world } from './world.js';

const OTHER: TargetOrbitView = { planet: { accountId: 2, planetId: 50 }, debris: null };
const LOW = { systemId: 2, orbit: 1 };

/** Dispatches at T0 and settles far ahead: settling stops at the arrival, which the server applies. */
export function arrived(
  change: Partial<FleetOrder>,
  target: TargetOrbitView = OTHER,
  owner: AccountState = fleetOwner(),
): { owner: AccountState; fleetId: number; at: number } {
  const sent = dispatchFleet(owner, order({ target: LOW, ...change }), world(HOME, target), T0, SPEED1);
  if (!sent.ok) throw new Error(sent.message);
  const settled = settle(sent.value.state, T0 + 30 * DAY, SPEED1).state;
  const due = nextExternalFleetEvent(settled);
  if (due === null) throw new Error('no arrival');
  expect(settled.settledAt).toBe(due.at);
  return { owner: settled, fleetId: sent.value.fleet.id, at: due.at };
}

const sum = (r: Resources): number => r.metal + r.crystal + r.fuel;

describe('plunder', () => {
  it.each([
    [
      'an even share when every resource has plenty',
      { metal: 1e5, crystal: 1e5, fuel: 1e5 },
      30000,
      { metal: 10000, crystal: 10000, fuel: 10000 },
    ],
    [
      'metal fills the room the others leave',
      { metal: 1e5, crystal: 0, fuel: 0 },
      30000,
      { metal: 30000, crystal: 0, fuel: 0 },
    ],
    [
      'the share first, then metal, crystal, fuel in turn',
      { metal: 10000, crystal: 1e5, fuel: 4000 },
      30000,
      { metal: 5000, crystal: 23000, fuel: 2000 },
    ],
    [
      'never more than half of each resource',
      { metal: 7, crystal: 9, fuel: 11 },
      1e9,
      { metal: 3, crystal: 4, fuel: 5 },
    ],
    [
      'the remainder of an uneven room to metal',
      { metal: 100, crystal: 100, fuel: 100 },
      10,
      { metal: 4, crystal: 3, fuel: 3 },
    ],
    ['nothing without room', { metal: 1e5, crystal: 1e5, fuel: 1e5 }, 0, { metal: 0, crystal: 0, fuel: 0 }],
    [
      'nothing from an empty planet',
      { metal: 0, crystal: 0, fuel: 0 },
      5000,
      { metal: 0, crystal: 0, fuel: 0 },
    ],
  ])('%s', (_name, stock, room, expected) => {
    const taken = plunder(stock, room);
    expect(taken).toEqual(expected);
    expect(sum(taken)).toBeLessThanOrEqual(room);
  });
});

describe('attack', () => {
  it('leaves 30% of the destroyed ships’ metal and crystal as debris, both sides, on the field there', () => {
    const { owner, fleetId } = arrived({ mission: 3, ships: { 1: 10 } });
    const result = resolveAttack(
      owner,
      fleetId,
      defenderAccount(),
      50,
      { metal: 100, crystal: 50 },
      SPEED1,
      STUB_ENGINES.halves,
    );
    if (!result.ok) throw new Error(result.message);
    // Attacker loses 5 light fighters (3000 / 1000 each); the defender 10 swarm fighters (2500 /
    // 1500) and 2 of 5 spore probes (0 / 1000); defenses leave nothing.
    // Metal 15000 + 25000 = 40000 -> 12000; crystal 5000 + 15000 + 2000 = 22000 -> 6600.
    expect(result.value.debris).toEqual({ metal: 12100, crystal: 6650 });
    const report = result.value.notices[0]?.report;
    expect(report?.kind === 'combat' ? report.debris : null).toEqual({ metal: 12000, crystal: 6600 });
    expect(result.value.owner.fleets?.[0]?.ships).toEqual({ 1: 5 });
    expect(result.value.owner.fleets?.[0]?.state).toBe('returning');
    // A draw takes no plunder.
    expect(result.value.target?.planets[0]?.resources).toEqual(defenderAccount().planets[0]?.resources);
  });

  it('plunders when the attacker wins, what the planet loses is what the fleet carries', () => {
    const { owner, fleetId } = arrived({ mission: 3, ships: { 1: 10, 8: 1 } });
    const defender = defenderAccount();
    const result = resolveAttack(owner, fleetId, defender, 50, null, SPEED1, STUB_ENGINES.attackerWins);
    if (!result.ok) throw new Error(result.message);
    const fleet = result.value.owner.fleets?.[0];
    // Room 10 * 50 + 25000 = 25500: share 8500 each, fuel has 15000 available.
    expect(fleet?.cargo).toEqual({ metal: 8500, crystal: 8500, fuel: 8500 });
    const before = defender.planets[0]!.resources;
    const after = result.value.target!.planets[0]!.resources;
    expect(before.metal - after.metal).toBeCloseTo(8500, 6);
    expect(before.fuel - after.fuel).toBeCloseTo(8500, 6);
    expect(result.value.notices.map((n) => [n.accountId, n.key])).toEqual([
      [1, 'combat_report'],
      [2, 'combat_report'],
    ]);
  });

  it('rebuilds each destroyed defense with probability 70%, the same for the same seed', () => {
    const draw = (seed: string) =>
      rebuildDefenses(
        [
          { id: 1, count: 10000 },
          { id: 3, count: 7 },
        ],
        createRandom(seed),
      );
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    const many = draw('a')[0]?.count ?? 0;
    expect(many / 10000).toBeGreaterThan(0.68);
    expect(many / 10000).toBeLessThan(0.72);
    const { owner, fleetId } = arrived({ mission: 3, ships: { 1: 10 } });
    const once = resolveAttack(
      owner,
      fleetId,
      defenderAccount(),
      50,
      null,
      SPEED1,
      STUB_ENGINES.attackerWins,
    );
    const twice = resolveAttack(
      owner,
      fleetId,
      defenderAccount(),
      50,
      null,
      SPEED1,
      STUB_ENGINES.attackerWins,
    );
    if (!once.ok || !twice.ok) throw new Error('refused');
    const defenses = once.value.target?.planets[0]?.defenses ?? {};
    expect(defenses).toEqual(twice.value.target?.planets[0]?.defenses);
    expect(defenses[11] ?? 0).toBeLessThanOrEqual(30);
    expect(defenses[12] ?? 0).toBeLessThanOrEqual(10);
    expect((defenses[11] ?? 0) + (defenses[12] ?? 0)).toBeGreaterThan(0);
  });

  it('destroys a fleet that loses every ship, and fights with the real engine', () => {
    const { owner, fleetId } = arrived({ mission: 3, ships: { 1: 1 } });
    const lost = resolveAttack(
      owner,
      fleetId,
      defenderAccount(),
      50,
      null,
      SPEED1,
      STUB_ENGINES.defenderWins,
    );
    if (!lost.ok) throw new Error(lost.message);
    expect(lost.value.owner.fleets).toEqual([]);
    const real = resolveAttack(owner, fleetId, defenderAccount(), 50, null, SPEED1, resolveCombat);
    if (!real.ok) throw new Error(real.message);
    const report = real.value.notices[0]?.report;
    expect(report?.kind).toBe('combat');
    expect(real.value.owner.fleets?.[0]?.ships[1] ?? 0).toBeLessThanOrEqual(1);
  });

  it('is refused before the arrival is due and while the target has an earlier arrival to apply', () => {
    const sent = dispatchFleet(
      fleetOwner(),
      order({ mission: 3, ships: { 1: 1 }, target: LOW }),
      world(HOME, OTHER),
      T0,
      SPEED1,
    );
    if (!sent.ok) throw new Error(sent.message);
    const early = resolveAttack(sent.value.state, sent.value.fleet.id, defenderAccount(), 50, null, SPEED1);
    expect(early.ok ? 'ok' : early.reason).toBe('NOT_DUE');
    const { owner, fleetId } = arrived({ mission: 3, ships: { 1: 1 } });
    const unknownPlanet = resolveAttack(owner, fleetId, defenderAccount(), 51, null, SPEED1);
    expect(unknownPlanet.ok ? 'ok' : unknownPlanet.reason).toBe('INVALID_TARGET');
  });
});

describe('espionage', () => {
  it.each([
    [1, 0, 1],
    [3, 0, 3],
    [1, 2, 5],
    [10, -2, 6],
    [2, 3, 11],
  ])('scores %i probes at a technology gap of %i as %i', (probes, delta, score) => {
    expect(spyScore(probes, delta)).toBe(score);
  });

  it.each([
    [0, 0, 0.02],
    [1000, 0, 1],
    [500, 1, 0.26],
    [98, 2, 0.0295],
    [200, -3, 1],
  ])('detects probes among %i ships at a gap of %i with probability %f', (ships, delta, p) => {
    expect(detectionChance(ships, delta)).toBeCloseTo(p, 10);
  });

  it.each<[number, Record<number, number>, string[]]>([
    [1, {}, ['resources']],
    [2, {}, ['resources', 'ships']],
    [3, {}, ['resources', 'ships', 'defenses']],
    [3, { 5: 2 }, ['resources', 'ships', 'defenses', 'buildings', 'research']],
  ])('shows what a score allows: %i probes, research %o', (probes, research, shown) => {
    const owner = fleetOwner({ research: { 4: 3, 7: 2, ...research } });
    const { owner: at, fleetId } = arrived({ mission: 4, ships: { 6: probes } }, OTHER, owner);
    const result = resolveSpy(at, fleetId, defenderAccount(), 50, null, SPEED1, STUB_ENGINES.defenderWins);
    if (!result.ok) throw new Error(result.message);
    const report = result.value.notices[0]?.report;
    if (report?.kind !== 'spy') throw new Error('no spy report');
    expect(
      ['resources', 'ships', 'defenses', 'buildings', 'research'].filter((key) => key in report),
    ).toEqual(shown);
    expect(result.value.notices.map((n) => [n.accountId, n.key])).toEqual([
      [1, 'spy_report'],
      [2, 'spied_on'],
    ]);
    // With the stub's outcome, detected probes are all destroyed and leave debris; undetected ones return.
    if (report.detected) {
      expect(report.probesLost).toBe(probes);
      expect(result.value.debris?.crystal).toBe(Math.floor((probes * 1000 * 3) / 10));
      expect(result.value.owner.fleets).toEqual([]);
    } else expect(result.value.owner.fleets?.[0]?.state).toBe('returning');
  });
});

describe('exploit', () => {
  it.each([
    ['a small field entirely', { 10: 1 }, { metal: 5000, crystal: 1000 }, { metal: 5000, crystal: 1000 }],
    [
      'an even share of the room',
      { 10: 1 },
      { metal: 50000, crystal: 30000 },
      { metal: 10000, crystal: 10000 },
    ],
    [
      'metal in the room crystal leaves',
      { 10: 1 },
      { metal: 50000, crystal: 4000 },
      { metal: 16000, crystal: 4000 },
    ],
    [
      'only with the recyclers’ room',
      { 10: 1, 8: 1 },
      { metal: 1e6, crystal: 0 },
      { metal: 20000, crystal: 0 },
    ],
  ])('collects %s', (_name, ships, field, taken) => {
    const { owner, fleetId } = arrived({ mission: 5, ships }, { planet: null, debris: field });
    const result = resolveExploit(owner, fleetId, field);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.owner.fleets?.[0]?.cargo).toEqual({ ...taken, fuel: 0 });
    expect(result.value.debris).toEqual({
      metal: field.metal - taken.metal,
      crystal: field.crystal - taken.crystal,
    });
    const empty = resolveExploit(owner, fleetId, null);
    if (!empty.ok) throw new Error(empty.message);
    expect(empty.value.debris).toEqual({ metal: 0, crystal: 0 });
  });
});

describe('colonize and transport', () => {
  const orbit = { free: true, planetType: 'gas' as const, maxCapacity: 180, newPlanetId: 77 };
  it('founds a planet of the orbit with the cargo and the other ships, using up one colony ship', () => {
    const owner = fleetOwner({ research: { 4: 3, 6: 4 } });
    const cargo = { metal: 1000, crystal: 2000, fuel: 300 };
    const { owner: at, fleetId } = arrived(
      { mission: 6, ships: { 9: 2, 7: 1 }, cargo },
      { planet: null, debris: null },
      owner,
    );
    const result = resolveColonize(at, fleetId, orbit);
    if (!result.ok) throw new Error(result.message);
    const colony = result.value.owner.planets[2];
    expect(colony).toMatchObject({
      id: 77,
      type: 'gas',
      maxCapacity: 180,
      resources: cargo,
      ships: { 9: 1, 7: 1 },
    });
    expect(result.value.owner.fleets).toEqual([]);
    expect(result.value.colony).toEqual({ planetId: 77, systemId: 2, orbit: 1 });
    expect(result.value.notices[0]?.key).toBe('colonized');
  });

  it.each([
    ['the orbit was taken meanwhile', { ...orbit, free: false }, { 4: 3, 6: 4 }, 'ORBIT_OCCUPIED'],
    ['the limit was reached meanwhile', orbit, { 4: 3, 6: 4 }, 'PLANET_LIMIT'],
  ])('returns when %s', (_name, view, research, reason) => {
    const owner = fleetOwner({ research });
    const { owner: at, fleetId } = arrived(
      { mission: 6, ships: { 9: 1 } },
      { planet: null, debris: null },
      owner,
    );
    const crowded =
      reason === 'PLANET_LIMIT' ? { ...at, planets: [...at.planets, { ...at.planets[1]!, id: 3 }] } : at;
    const result = resolveColonize(crowded, fleetId, view);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.owner.fleets?.[0]?.state).toBe('returning');
    expect(result.value.notices[0]).toMatchObject({ key: 'colonization_failed', params: { reason } });
  });

  it('returns when pirates destroyed every colony ship on the way', () => {
    const owner = fleetOwner({ research: { 4: 3, 6: 4 } });
    const { owner: at, fleetId } = arrived(
      { mission: 6, ships: { 9: 1, 7: 2 } },
      { planet: null, debris: null },
      owner,
    );
    const plundered = { ...at, fleets: at.fleets?.map((fleet) => ({ ...fleet, ships: { 7: 2 } })) };
    const result = resolveColonize(plundered, fleetId, orbit);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.colony).toBeUndefined();
    expect(result.value.owner.planets).toHaveLength(2);
    expect(result.value.owner.fleets?.[0]).toMatchObject({ state: 'returning', ships: { 7: 2 } });
    expect(result.value.notices[0]).toMatchObject({
      key: 'colonization_failed',
      params: { reason: 'NO_COLONY_SHIP' },
    });
  });

  it('unloads a transport on another account’s planet, even above its capacity, and returns empty', () => {
    const cargo = { metal: 1e5, crystal: 0, fuel: 0 };
    const { owner, fleetId } = arrived({ mission: 1, ships: { 7: 20 }, cargo });
    const result = resolveTransport(owner, fleetId, defenderAccount(), 50, SPEED1);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.target?.planets[0]?.resources.metal).toBeGreaterThanOrEqual(190_000);
    expect(result.value.owner.fleets?.[0]?.cargo).toEqual({ metal: 0, crystal: 0, fuel: 0 });
    expect(result.value.notices.map((n) => [n.accountId, n.key])).toEqual([
      [1, 'transport_delivered'],
      [2, 'transport_delivered'],
    ]);
  });
});
