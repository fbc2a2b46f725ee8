import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findModule, levelCost } from '../src/index.js';
import { computePoints } from '../src/points.js';
import type { FleetState } from '../src/types.js';
import { createAccount, createPlanet } from './factories.js';

/** Levels 1..L of every module, added one by one in the record's order (what points count). */
function levelByLevel(typeId: 1 | 2 | 5, levels: Record<number, number>): number {
  let total = 0;
  for (const [id, level] of Object.entries(levels)) {
    if (findModule(typeId, Number(id)) === undefined) continue;
    for (let l = 1; l <= level; l += 1) {
      const cost = levelCost(typeId, Number(id), l);
      total += cost.metal + cost.crystal + cost.fuel;
    }
  }
  return total;
}

const levels = fc.dictionary(
  fc.integer({ min: 1, max: 16 }).map(String),
  fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 990, max: 1010 })),
  { maxKeys: 6 },
);

describe('computePoints', () => {
  it('counts every level of every module as adding them one by one does, to the last bit', () => {
    fc.assert(
      fc.property(levels, levels, levels, (factories, buildings, research) => {
        const points = computePoints(
          createAccount({ research, planets: [createPlanet({ id: 1, factories, buildings })] }),
        );
        expect(points.economy).toBe((levelByLevel(1, factories) + levelByLevel(2, buildings)) / 1000);
        expect(points.science).toBe(levelByLevel(5, research) / 1000);
      }),
      { numRuns: 300 },
    );
  });

  it('is zero for a new account', () => {
    expect(computePoints(createAccount())).toEqual({ economy: 0, science: 0, military: 0, total: 0 });
  });

  it('sums the costs of every level, research and owned unit, divided by 1000', () => {
    const account = createAccount({
      research: { 1: 2 },
      planets: [
        createPlanet({ id: 1, factories: { 1: 2 }, buildings: { 1: 1 }, ships: { 1: 2 } }),
        createPlanet({ id: 2, defenses: { 1: 3 } }),
      ],
    });
    const points = computePoints(account);
    expect(points.economy).toBeCloseTo((75 + 112 + 720) / 1000, 12);
    expect(points.science).toBeCloseTo((300 + 600) / 1000, 12);
    expect(points.military).toBeCloseTo((2 * 4000 + 3 * 2000) / 1000, 12);
    expect(points.total).toBeCloseTo(points.economy + points.science + points.military, 12);
  });

  it('ignores ids that are not in the catalogue', () => {
    expect(
      computePoints(createAccount({ planets: [createPlanet({ factories: { 9: 4 }, ships: { 99: 1 } })] }))
        .total,
    ).toBe(0);
  });

  it('counts ships in flight, frozen (as the server keeps them) or not, the same each time', () => {
    const fleetShips = { 1: 3, 2: 1 };
    // Points read a fleet's ships only.
    const withFleet = (ships: Record<number, number>) =>
      createAccount({ fleets: [{ id: 1, ships } as unknown as FleetState] });
    const plain = computePoints(withFleet({ ...fleetShips })).military;
    // Light fighter 3,000 + 1,000; heavy fighter 6,000 + 4,000 (the catalogue's costs).
    expect(plain).toBeCloseTo((3 * 4000 + 10000) / 1000, 12);
    const frozenShips = Object.freeze({ ...fleetShips });
    expect(computePoints(withFleet(frozenShips)).military).toBe(plain);
    expect(computePoints(withFleet(frozenShips)).military).toBe(plain);
    // Unfrozen ships may change between two counts: never taken from a kept figure.
    const changing: Record<number, number> = { ...fleetShips };
    const account = withFleet(changing);
    computePoints(account);
    changing[1] = 4;
    expect(computePoints(account).military).toBeCloseTo((4 * 4000 + 10000) / 1000, 12);
  });
});
