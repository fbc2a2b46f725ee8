/**
 * A fleet's stored text with its frozen route's text kept (fleets.repository.ts `fleetJson`): the
 * same bytes as `JSON.stringify`, so rows written before and after compare alike (the guarded
 * updates match a row by its text).
 */
import fc from 'fast-check';
import type { FleetState, RouteStop } from '@starhold/rules';
import { describe, expect, it } from 'vitest';
import { fleetJson } from '../src/modules/fleets/fleets.repository.js';

const stopArb: fc.Arbitrary<RouteStop> = fc.record({
  systemId: fc.integer({ min: 1, max: 100_000 }),
  position: fc.double({ min: 0, max: 1e6, noNaN: true }),
  security: fc.constantFrom(1 as const, 2 as const, 3 as const),
});

const fleetArb: fc.Arbitrary<FleetState> = fc.record({
  id: fc.integer({ min: 1, max: 1e6 }),
  mission: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, 5 as const, 6 as const),
  originPlanetId: fc.integer({ min: 1, max: 1e6 }),
  origin: fc.record({ systemId: fc.nat(), orbit: fc.integer({ min: 1, max: 15 }) }),
  target: fc.record({ systemId: fc.nat(), orbit: fc.integer({ min: 1, max: 15 }) }),
  ownTargetPlanetId: fc.option(fc.nat(), { nil: null }),
  route: fc.array(stopArb, { maxLength: 40 }),
  distance: fc.double({ min: 5, max: 1e6, noNaN: true }),
  speedPercent: fc.integer({ min: 10, max: 100 }),
  ships: fc.dictionary(fc.integer({ min: 1, max: 30 }).map(String), fc.integer({ min: 1, max: 1e6 })),
  cargo: fc.record({ metal: fc.nat(), crystal: fc.nat(), fuel: fc.nat() }),
  fuelPaid: fc.nat(),
  departedAt: fc.nat(),
  arrivesAt: fc.nat(),
  returnsAt: fc.option(fc.nat(), { nil: null }),
  state: fc.constantFrom('outbound' as const, 'returning' as const),
  passes: fc.array(fc.record({ systemId: fc.nat(), at: fc.nat() }), { maxLength: 10 }),
});

describe("a fleet's stored text", () => {
  it('is JSON.stringify exactly, route frozen (kept) or not, the first time and the next', () => {
    fc.assert(
      fc.property(fleetArb, fc.boolean(), fc.boolean(), (fleet, freezeRoute, freezeFleet) => {
        if (freezeRoute) Object.freeze(fleet.route);
        if (freezeFleet) Object.freeze(fleet);
        const expected = JSON.stringify(fleet);
        expect(fleetJson(fleet)).toBe(expected);
        expect(fleetJson(fleet)).toBe(expected);
        // Another fleet on the same (kept) route, with other fields.
        const other = { ...fleet, id: fleet.id + 1, state: 'returning' as const, passes: [] };
        expect(fleetJson(other)).toBe(JSON.stringify(other));
      }),
      { numRuns: 1000 },
    );
  });
});
