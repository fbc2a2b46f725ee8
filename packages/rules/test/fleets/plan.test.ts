import { describe, expect, it } from 'vitest';
import { dispatchFleet, previewFleet, recallFleet } from '../../src/fleets/actions.js';
import { planFleet, type FleetOrder, type FleetSystem, type TargetOrbitView } from '../../src/fleets/plan.js';
import type { AccountState, FleetRefusalReason } from '../../src/types.js';
import { SPEED1, T0 } from '../factories.js';
import { EMPTY_ORBIT, fleetOwner, HOME, order, world } from './world.js';

const OTHER: TargetOrbitView = { planet: { accountId: 2, planetId: 50 }, debris: null };
const OWN_OTHER_PLANET: TargetOrbitView = { planet: { accountId: 1, planetId: 2 }, debris: null };
const DEBRIS: TargetOrbitView = { planet: null, debris: { metal: 5000, crystal: 1000 } };
/** System 2 is low security, system 67 high, system 17 null (default universe). */
const LOW = { systemId: 2, orbit: 1 };
const HIGH = { systemId: 67, orbit: 1 };

type Row = [string, Partial<FleetOrder>, TargetOrbitView, FleetRefusalReason, Partial<AccountState>?];

describe('planning a fleet refuses every invalid order with a typed reason', () => {
  it.each<Row>([
    ['an unknown mission', { mission: 9 as never }, OTHER, 'INVALID_FLEET'],
    ['a speed off the steps', { speedPercent: 55 }, OTHER, 'INVALID_FLEET'],
    ['a speed of 0', { speedPercent: 0 }, OTHER, 'INVALID_FLEET'],
    ['an unknown planet', { planetId: 99 }, OTHER, 'UNKNOWN_PLANET'],
    ['no ships', { ships: {} }, OTHER, 'INVALID_FLEET'],
    ['an unknown ship', { ships: { 99: 1 } }, OTHER, 'INVALID_FLEET'],
    ["another race's ship", { ships: { 17: 1 } }, OTHER, 'INVALID_FLEET'],
    ['a nomad ship', { ships: { 21: 1 } }, OTHER, 'INVALID_FLEET'],
    ['a count of 0', { ships: { 7: 0 } }, OTHER, 'INVALID_FLEET'],
    ['a fractional count', { ships: { 7: 1.5 } }, OTHER, 'INVALID_FLEET'],
    ['a NaN count', { ships: { 7: Number.NaN } }, OTHER, 'INVALID_FLEET'],
    ['more ships than owned', { ships: { 7: 31 } }, OTHER, 'NOT_ENOUGH_SHIPS'],
    ['a spy fleet without probes', { mission: 4, ships: { 1: 1 } }, OTHER, 'INVALID_FLEET'],
    ['a spy fleet with another ship', { mission: 4, ships: { 6: 2, 1: 1 } }, OTHER, 'INVALID_FLEET'],
    ['an exploit fleet without recycler', { mission: 5, ships: { 8: 1 } }, DEBRIS, 'INVALID_FLEET'],
    ['a colonize fleet without colony ship', { mission: 6, ships: { 8: 1 } }, EMPTY_ORBIT, 'INVALID_FLEET'],
    ['a negative cargo', { cargo: { metal: -1, crystal: 0, fuel: 0 } }, OTHER, 'INVALID_FLEET'],
    ['an infinite cargo', { cargo: { metal: Infinity, crystal: 0, fuel: 0 } }, OTHER, 'INVALID_FLEET'],
    [
      'cargo on an attack',
      { mission: 3, ships: { 1: 1 }, cargo: { metal: 1, crystal: 0, fuel: 0 } },
      OTHER,
      'INVALID_FLEET',
    ],
    [
      'cargo above the hold',
      { ships: { 7: 1 }, cargo: { metal: 5001, crystal: 0, fuel: 0 } },
      OTHER,
      'CARGO_TOO_LARGE',
    ],
    ['an unknown target system', { target: { systemId: 999, orbit: 1 } }, OTHER, 'UNKNOWN_SYSTEM'],
    ['an orbit beyond the system', { target: { systemId: 2, orbit: 13 } }, OTHER, 'UNKNOWN_SYSTEM'],
    ['an orbit 0', { target: { systemId: 2, orbit: 0 } }, OTHER, 'UNKNOWN_SYSTEM'],
    ['an unknown route preference', { prefer: 'fastest' as never }, OTHER, 'INVALID_FLEET'],
    ['a transport to an empty orbit', { mission: 1 }, EMPTY_ORBIT, 'INVALID_TARGET'],
    ["a park on another account's planet", { mission: 2 }, OTHER, 'INVALID_TARGET'],
    ['an attack on an own planet', { mission: 3, ships: { 1: 1 } }, OWN_OTHER_PLANET, 'INVALID_TARGET'],
    ['an attack on an empty orbit', { mission: 3, ships: { 1: 1 } }, EMPTY_ORBIT, 'INVALID_TARGET'],
    ['an attack in high security', { mission: 3, ships: { 1: 1 }, target: HIGH }, OTHER, 'PROTECTED_SPACE'],
    ['a spy on an own planet', { mission: 4, ships: { 6: 1 } }, OWN_OTHER_PLANET, 'INVALID_TARGET'],
    ['an exploit without debris', { mission: 5, ships: { 10: 1 } }, EMPTY_ORBIT, 'NO_DEBRIS'],
    [
      'an exploit of an empty field',
      { mission: 5, ships: { 10: 1 } },
      { planet: null, debris: { metal: 0, crystal: 0 } },
      'NO_DEBRIS',
    ],
    ['a colonize on an occupied orbit', { mission: 6, ships: { 9: 1 } }, OTHER, 'ORBIT_OCCUPIED'],
    [
      'a colonize beyond the Astrophysics limit',
      { mission: 6, ships: { 9: 1 } },
      EMPTY_ORBIT,
      'PLANET_LIMIT',
    ],
    [
      'not enough fuel',
      { ships: { 7: 10 } },
      OTHER,
      'INSUFFICIENT_RESOURCES',
      {
        planets: [fleetOwner().planets[0]!].map((p) => ({
          ...p,
          resources: { metal: 0, crystal: 0, fuel: 10 },
        })),
      },
    ],
    [
      'a cargo above the stock',
      { ships: { 7: 10 }, cargo: { metal: 10, crystal: 0, fuel: 0 } },
      OTHER,
      'INSUFFICIENT_RESOURCES',
      {
        planets: [fleetOwner().planets[0]!].map((p) => ({
          ...p,
          resources: { metal: 5, crystal: 0, fuel: 1e6 },
        })),
      },
    ],
    ['every slot in use', {}, OTHER, 'FLEET_SLOTS_FULL', { research: { 4: 0 } }],
  ])('%s', (_name, change, target, reason, accountChange) => {
    let account = fleetOwner(accountChange);
    if (reason === 'FLEET_SLOTS_FULL') {
      const sent = dispatchFleet(account, order(), world(HOME, OTHER), T0, SPEED1);
      if (!sent.ok) throw new Error(sent.message);
      account = sent.value.state;
    }
    const result = planFleet(account, order({ target: LOW, ...change }), world(HOME, target), T0, SPEED1);
    expect(result.ok ? 'ok' : result.reason).toBe(reason);
    const dispatched = dispatchFleet(
      account,
      order({ target: LOW, ...change }),
      world(HOME, target),
      T0,
      SPEED1,
    );
    expect(dispatched.ok ? 'ok' : dispatched.reason).toBe(reason);
  });

  it.each([null, 'fleet', 42])('refuses an order that is not an object (%o)', (bad) => {
    const result = planFleet(fleetOwner(), bad as unknown as FleetOrder, world(HOME, OTHER), T0, SPEED1);
    expect(result.ok ? 'ok' : result.reason).toBe('INVALID_FLEET');
  });

  it('accepts the valid orders of every mission and previews them', () => {
    const ok: [Partial<FleetOrder>, TargetOrbitView][] = [
      [{ mission: 1, cargo: { metal: 100, crystal: 0, fuel: 5 } }, OTHER],
      [{ mission: 2 }, OWN_OTHER_PLANET],
      [{ mission: 3, ships: { 1: 5 } }, OTHER],
      [{ mission: 4, ships: { 6: 3 } }, OTHER],
      [{ mission: 5, ships: { 10: 2, 1: 1 } }, DEBRIS],
      [{ mission: 6, ships: { 9: 1, 7: 1 } }, EMPTY_ORBIT],
    ];
    const account = fleetOwner({ research: { 4: 3, 6: 4, 7: 2 } });
    for (const [change, target] of ok) {
      const result = previewFleet(
        account,
        order({ target: LOW, ...change }),
        world(HOME, target),
        T0,
        SPEED1,
      );
      expect(result.ok ? 'ok' : result.message).toBe('ok');
      if (result.ok) expect(result.value.arrivesAt).toBe(T0 + result.value.durationSeconds * 1000);
    }
  });

  it('takes ships, cargo and the fuel of both ways at departure, and refuses what is not recallable', () => {
    const account = fleetOwner();
    const sent = dispatchFleet(
      account,
      order({ mission: 1, ships: { 7: 4 }, cargo: { metal: 1000, crystal: 500, fuel: 200 } }),
      world(HOME, OTHER),
      T0,
      SPEED1,
    );
    if (!sent.ok) throw new Error(sent.message);
    const { state, fleet } = sent.value;
    const before = account.planets[0]!;
    const after = state.planets[0]!;
    expect(after.ships[7]).toBe((before.ships[7] ?? 0) - 4);
    expect(after.resources.metal).toBe(before.resources.metal - 1000);
    expect(after.resources.crystal).toBe(before.resources.crystal - 500);
    expect(after.resources.fuel).toBe(before.resources.fuel - 200 - fleet.fuelPaid);
    expect(state.fleets).toHaveLength(1);
    expect(account.fleets).toBeUndefined();
    const unknown = recallFleet(state, 12345, T0 + 1000, SPEED1);
    expect(unknown.ok ? 'ok' : unknown.reason).toBe('UNKNOWN_FLEET');
    const recalled = recallFleet(state, fleet.id, T0 + 1000, SPEED1);
    if (!recalled.ok) throw new Error(recalled.message);
    expect(recalled.value.fleet.returnsAt).toBe(T0 + 2000);
    const again = recallFleet(recalled.value.state, fleet.id, T0 + 1500, SPEED1);
    expect(again.ok ? 'ok' : again.reason).toBe('NOT_RECALLABLE');
  });
});

describe('the stops of a route flown again', () => {
  it('are worked out once per route and universe, frozen and shared, and equal to the stops worked out afresh', () => {
    const bySystem = () =>
      new Map([...(world(HOME, OTHER).systems as FleetSystem[])].map((system) => [system.id, system]));
    const universe = bySystem();
    const plan = (systems: ReadonlyMap<number, FleetSystem> = universe) => {
      const planned = planFleet(fleetOwner(), order(), { ...world(HOME, OTHER), systems }, T0, SPEED1);
      if (!planned.ok) throw new Error(planned.message);
      return planned.value;
    };
    const first = plan();
    const again = plan();
    expect(again.route).toBe(first.route);
    expect(Object.isFrozen(first.route)).toBe(true);
    expect(Object.isFrozen(first.route[1])).toBe(true);
    // Another universe (another map of systems): worked out again, the same stops.
    const other = plan(bySystem());
    expect(other.route).not.toBe(first.route);
    expect(other.route).toEqual(first.route);
    expect(other.distance).toBe(first.distance);
  });
});
