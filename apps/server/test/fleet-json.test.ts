/**
 * A fleet's stored text (fleets.repository.ts `fleetJson`, decision 251): the fleet's JSON with its
 * route's stops as `[systemId, position, security]`, a frozen route's text kept; `parseFleet` gives
 * the fleet back, from that text and from rows written before, with the stops as objects.
 */
import fc from 'fast-check';
import type { FleetState, RouteStop } from '@starhold/rules';
import { describe, expect, it } from 'vitest';
import { fleetJson, parseFleet } from '../src/modules/fleets/fleets.repository.js';

const stopArb: fc.Arbitrary<RouteStop> = fc.record({
  systemId: fc.integer({ min: 1, max: 100_000 }),
  // + 0: JSON writes -0 as 0.
  position: fc.double({ min: 0, max: 1e6, noNaN: true }).map((value) => value + 0),
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

const SAMPLE: FleetState = {
  id: 7,
  mission: 3,
  originPlanetId: 101,
  origin: { systemId: 311, orbit: 1 },
  target: { systemId: 1, orbit: 2 },
  ownTargetPlanetId: null,
  route: [
    { systemId: 311, position: 0, security: 1 },
    { systemId: 510, position: 20.615528128088304, security: 2 },
    { systemId: 1, position: 44.80230137298395, security: 3 },
  ],
  distance: 49.80230137298395,
  speedPercent: 100,
  ships: { 11: 20 },
  cargo: { metal: 0, crystal: 0, fuel: 0 },
  fuelPaid: 344,
  departedAt: 1795961921154,
  arrivesAt: 1795961943154,
  returnsAt: null,
  state: 'outbound',
  passes: [{ systemId: 1, at: 1795961942924 }],
};

describe("a fleet's stored text", () => {
  it('holds the route as [systemId, position, security] stops, the rest as JSON.stringify writes it', () => {
    expect(fleetJson(SAMPLE)).toBe(
      '{"id":7,"mission":3,"originPlanetId":101,"origin":{"systemId":311,"orbit":1},' +
        '"target":{"systemId":1,"orbit":2},"ownTargetPlanetId":null,' +
        '"route":[[311,0,1],[510,20.615528128088304,2],[1,44.80230137298395,3]],' +
        '"distance":49.80230137298395,"speedPercent":100,"ships":{"11":20},' +
        '"cargo":{"metal":0,"crystal":0,"fuel":0},"fuelPaid":344,"departedAt":1795961921154,' +
        '"arrivesAt":1795961943154,"returnsAt":null,"state":"outbound",' +
        '"passes":[{"systemId":1,"at":1795961942924}]}',
    );
    expect(parseFleet(fleetJson(SAMPLE))).toEqual(SAMPLE);
  });

  it('reads the rows written before, stops as objects, and an empty route', () => {
    expect(parseFleet(JSON.stringify(SAMPLE))).toEqual(SAMPLE);
    const parked = { ...SAMPLE, route: [] };
    expect(fleetJson(parked)).toContain('"route":[]');
    expect(parseFleet(fleetJson(parked))).toEqual(parked);
    expect(parseFleet(JSON.stringify(parked))).toEqual(parked);
  });

  it('gives the fleet back, in either form, with the same text again, route frozen (kept) or not', () => {
    fc.assert(
      fc.property(fleetArb, fc.boolean(), fc.boolean(), (fleet, freezeRoute, freezeFleet) => {
        const plain = JSON.parse(JSON.stringify(fleet)) as FleetState;
        if (freezeRoute) Object.freeze(fleet.route);
        if (freezeFleet) Object.freeze(fleet);
        const text = fleetJson(fleet);
        expect(fleetJson(fleet)).toBe(text);
        expect(parseFleet(text)).toEqual(plain);
        expect(fleetJson(parseFleet(text))).toBe(text);
        expect(parseFleet(JSON.stringify(fleet))).toEqual(plain);
        // Never longer than the stops as objects; shorter as soon as there is a stop.
        const longer = JSON.stringify(fleet).length;
        if (fleet.route.length === 0) expect(text.length).toBe(longer);
        else expect(text.length).toBeLessThan(longer);
        // Another fleet on the same (kept) route, with other fields.
        const other = { ...fleet, id: fleet.id + 1, state: 'returning' as const, passes: [] };
        expect(parseFleet(fleetJson(other))).toEqual(JSON.parse(JSON.stringify(other)));
      }),
      { numRuns: 1000 },
    );
  });

  it("never keeps an unfrozen route's text: a route changed in place is written as it now is", () => {
    const route = SAMPLE.route.map((stop) => ({ ...stop }));
    const fleet = { ...SAMPLE, route };
    fleetJson(fleet);
    (route[1] as { position: number }).position = 21;
    expect(parseFleet(fleetJson(fleet)).route[1]?.position).toBe(21);
  });
});
