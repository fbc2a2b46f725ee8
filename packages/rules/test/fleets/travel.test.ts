import { describe, expect, it } from 'vitest';
import { planFleet } from '../../src/fleets/plan.js';
import { fleetSlots, fleetSpeed, flightSeconds, oneWayFuel, tripFuel } from '../../src/fleets/travel.js';
import { SPEED1, T0 } from '../factories.js';
import { fleetOwner, order, UNIVERSE, world } from './world.js';

/*
 * Two real routes of the default universe (generateUniverse('starhold', 80)), shortest preference.
 * Coordinates read from the generated systems:
 *   route A, system 1 (662, 584) -> 2 (597, 473): one hop of sqrt(65^2 + 111^2) = sqrt(16546)
 *     = 128.6312559, so D = 133.6312559 ua.
 *   route B, 5 (678, 649) -> 1 (662, 584) -> 2 (597, 473) -> 38 (630, 359) -> 16 (717, 247)
 *     -> 17 (709, 147) -> 60 (768, 22): hops sqrt(4481) = 66.9402719, sqrt(16546) = 128.6312559,
 *     sqrt(14085) = 118.6802427, sqrt(20113) = 141.8203089, sqrt(10064) = 100.3194896,
 *     sqrt(19106) = 138.2244551, sum 694.6160241, so D = 699.6160241 ua. 17 and 60 are null space.
 * Fleets:
 *   small cargo x10 (human ship 7: speed 5000, 10 fuel/ua, drive 7) with Combustion drive 2:
 *     v = 5000 * 1.2 = 6000, fuel per ua = 100.
 *   battleship x3 + probe x1 (ships 4 and 6: speeds 10000 on drive 9, 100000 on drive 7) with
 *     Hyperspace drive 1: v = min(13000, 120000) = 13000, fuel per ua = 3 * 500 + 1 = 1501.
 * duration = ceil(10 + 3500 / (p / 100) * sqrt(10 * D / v)); fuel one way = ceil(perUa * D / 1000
 * * (p / 100 + 1)^2 / 4). E.g. A, cargo, p = 100: sqrt(1336.3126 / 6000) = 0.4719307, * 3500 =
 * 1651.76, + 10 -> 1662 s; fuel 100 * 133.6313 / 1000 * 1 = 13.36 -> 14.
 *   A, cargo, p = 50: sqrt(.) * 7000 = 3303.5 + 10 -> 3314 s; fuel 13.3631 * 2.25 / 4 = 7.52 -> 8.
 *   A, cargo, p = 10: 3500 / 0.1 = 35000, * 0.4719307 = 16517.6, + 10 -> 16528 s; fuel 13.36 * 1.21 / 4 -> 5.
 *   A, battle, p = 100: sqrt(1336.3126 / 13000) = 0.3206169 * 3500 = 1122.2 + 10 -> 1133 s;
 *     fuel 1501 * 0.1336313 = 200.58 -> 201.
 *   B, cargo, p = 100: sqrt(6996.16 / 6000) = 1.0798271 * 3500 = 3779.4 + 10 -> 3790 s; fuel 69.96 -> 70.
 *   B, cargo, p = 50 -> 7569 s, fuel 69.9616 * 0.5625 = 39.35 -> 40; p = 10 -> 37804 s, 22.
 *   B, battle, p = 100: sqrt(6996.16 / 13000) = 0.7336058 * 3500 = 2567.6 + 10 -> 2578 s;
 *     fuel 1501 * 0.6996160 = 1050.12 -> 1051; p = 50 -> 5146 s, 591; p = 10 -> 25686 s, 318.
 * At GAME_SPEED 2 each duration is ceil(raw / 2): A cargo 100 -> 831, B battle 100 -> 1289.
 */
const CARGO = { 7: 10 };
const BATTLE = { 4: 3, 6: 1 };
const research = { 7: 2, 8: 0, 9: 1, 4: 3 };

describe('travel and fuel on two real routes of the default universe', () => {
  it('reads the coordinates the comment computes from', () => {
    const at = (id: number) => {
      const s = UNIVERSE.systems[id - 1];
      return [s?.x, s?.y, s?.security];
    };
    expect([1, 2, 5, 38, 16, 17, 60].map(at)).toEqual([
      [662, 584, 2],
      [597, 473, 2],
      [678, 649, 2],
      [630, 359, 2],
      [717, 247, 2],
      [709, 147, 3],
      [768, 22, 3],
    ]);
  });

  it.each([
    ['A', 1, 2, CARGO, 100, 1662, 14, 831],
    ['A', 1, 2, CARGO, 50, 3314, 8, 1657],
    ['A', 1, 2, CARGO, 10, 16528, 5, 8264],
    ['A', 1, 2, BATTLE, 100, 1133, 201, 567],
    ['A', 1, 2, BATTLE, 50, 2255, 113, 1128],
    ['A', 1, 2, BATTLE, 10, 11232, 61, 5616],
    ['B', 5, 60, CARGO, 100, 3790, 70, 1895],
    ['B', 5, 60, CARGO, 50, 7569, 40, 3785],
    ['B', 5, 60, CARGO, 10, 37804, 22, 18902],
    ['B', 5, 60, BATTLE, 100, 2578, 1051, 1289],
    ['B', 5, 60, BATTLE, 50, 5146, 591, 2573],
    ['B', 5, 60, BATTLE, 10, 25686, 318, 12843],
  ] as const)(
    'route %s (%i -> %i), %o at %i%%: %i s, %i fuel one way, %i s at speed 2',
    (_route, from, to, ships, p, seconds, fuel, secondsAtSpeed2) => {
      const account = fleetOwner({ research });
      const target = { systemId: to, orbit: 1 };
      const plan = planFleet(
        account,
        order({ mission: 1, ships, target, speedPercent: p }),
        world({ systemId: from, orbit: 1 }, { planet: { accountId: 1, planetId: 2 }, debris: null }),
        T0,
        SPEED1,
      );
      if (!plan.ok) throw new Error(plan.message);
      expect(plan.value.durationSeconds).toBe(seconds);
      expect(plan.value.fuelOneWay).toBe(fuel);
      expect(plan.value.fuel).toBe(2 * fuel);
      expect(flightSeconds(plan.value.distance, plan.value.speed, p, { gameSpeed: 2 })).toBe(secondsAtSpeed2);
      expect(plan.value.route.map((stop) => stop.systemId)).toEqual(
        from === 1 ? [1, 2] : [5, 1, 2, 38, 16, 17, 60],
      );
      expect(plan.value.distance).toBeCloseTo(from === 1 ? 133.6312559 : 699.6160241, 6);
      expect(plan.value.nullSystems).toBe(from === 1 ? 0 : 2);
      expect(oneWayFuel(ships, plan.value.distance, p)).toBe(fuel);
      // A mission that does not return (park) pays one way only.
      expect(tripFuel(ships, plan.value.distance, p, 2)).toBe(fuel);
    },
  );

  it('raises each ship by its drive research and takes the slowest', () => {
    const account = fleetOwner({ research: { 7: 3, 8: 2, 9: 1 } });
    expect(fleetSpeed(account, { 7: 1 })).toBeCloseTo(5000 * 1.3);
    expect(fleetSpeed(account, { 3: 1 })).toBeCloseTo(15000 * 1.4);
    expect(fleetSpeed(account, { 4: 1 })).toBeCloseTo(10000 * 1.3);
    expect(fleetSpeed(account, { 3: 1, 4: 2, 7: 5 })).toBeCloseTo(6500);
    expect(fleetSpeed(account, {})).toBe(0);
  });

  it('gives 1 + Computer technology fleet slots, 2 more while the Admiral is active', () => {
    expect(fleetSlots(fleetOwner({ research: {} }), T0)).toBe(1);
    expect(fleetSlots(fleetOwner({ research: { 4: 5 } }), T0)).toBe(6);
    const admiral = fleetOwner({ research: { 4: 2 }, commandants: { 3: T0 + 1000 } });
    expect(fleetSlots(admiral, T0)).toBe(5);
    expect(fleetSlots(admiral, T0 + 1000)).toBe(3);
  });
});
