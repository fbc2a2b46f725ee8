import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveCombat } from '../../src/combat/index.js';
import type { CombatResult } from '../../src/combat/types.js';
import { dispatchFleet, recallFleet } from '../../src/fleets/actions.js';
import type { CombatEngine } from '../../src/fleets/combat.js';
import { nextExternalFleetEvent } from '../../src/fleets/events.js';
import {
  resolveAttack,
  resolveColonize,
  resolveExploit,
  resolveSpy,
  resolveTransport,
  type MissionOutcome,
} from '../../src/fleets/missions.js';
import type { FleetOrder, TargetOrbitView } from '../../src/fleets/plan.js';
import { flightSeconds, oneWayFuel } from '../../src/fleets/travel.js';
import { nextEventAt, nextWakeUpAt, settle, settleForReading } from '../../src/settle.js';
import type { AccountState, CombatReportData, GameEvent, MissionId, Resources } from '../../src/types.js';
import type { Debris } from '../../src/universe/index.js';
import { createRandom } from '../../src/universe/random.js';
import { DAY, SPEED1, T0 } from '../factories.js';
import { defenderAccount, fleetOwner, HOME, order, world } from './world.js';

const RUNS = { numRuns: 1000 };

/**
 * Frozen through and through, as the server keeps the states it caches: a rules function that
 * changed its input in place (a fleet shared with its copy, decision 215) throws here.
 */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}
const HUMAN_SHIPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('travel formulas', () => {
  const ships = fc.dictionary(
    fc.constantFrom(...HUMAN_SHIPS).map(String),
    fc.integer({ min: 1, max: 10_000 }),
    { minKeys: 1, maxKeys: 5 },
  );
  const distance = fc.double({ min: 5, max: 20_000, noNaN: true });
  const percent = fc.constantFrom(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);
  const speed = fc.double({ min: 1000, max: 200_000, noNaN: true });

  it('fuel grows with distance and with the speed percentage, as the formula says', () => {
    fc.assert(
      fc.property(ships, distance, distance, percent, percent, (s, d1, d2, p1, p2) => {
        const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
        const [slow, fast] = p1 <= p2 ? [p1, p2] : [p2, p1];
        expect(oneWayFuel(s, near, slow)).toBeLessThanOrEqual(oneWayFuel(s, far, slow));
        expect(oneWayFuel(s, near, slow)).toBeLessThanOrEqual(oneWayFuel(s, near, fast));
        const perUa = Object.entries(s).reduce(
          (sum, [id, count]) => sum + count * [20, 75, 300, 500, 700, 1, 10, 50, 1000, 300][Number(id) - 1]!,
          0,
        );
        expect(oneWayFuel(s, far, fast)).toBe(
          Math.ceil(((perUa * far) / 1000) * ((fast / 100 + 1) ** 2 / 4)),
        );
      }),
      RUNS,
    );
  });

  it('duration grows with distance and falls with the speed percentage and the game speed', () => {
    fc.assert(
      fc.property(
        distance,
        distance,
        speed,
        percent,
        percent,
        fc.integer({ min: 1, max: 1000 }),
        (d1, d2, v, p1, p2, g) => {
          const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const [slow, fast] = p1 <= p2 ? [p1, p2] : [p2, p1];
          const config = { gameSpeed: g };
          expect(flightSeconds(near, v, slow, config)).toBeLessThanOrEqual(
            flightSeconds(far, v, slow, config),
          );
          expect(flightSeconds(near, v, fast, config)).toBeLessThanOrEqual(
            flightSeconds(near, v, slow, config),
          );
          expect(flightSeconds(near, v, slow, config)).toBeLessThanOrEqual(
            flightSeconds(near, v, slow, SPEED1),
          );
          const raw = 10 + (3500 / (fast / 100)) * Math.sqrt((10 * far) / v);
          expect(flightSeconds(far, v, fast, config)).toBe(Math.ceil(raw / g));
        },
      ),
      RUNS,
    );
  });
});

const OWN: TargetOrbitView = { planet: { accountId: 1, planetId: 2 }, debris: null };
const TARGETS = [
  { systemId: 2, orbit: 1 },
  { systemId: 60, orbit: 1 },
  { systemId: 17, orbit: 2 },
  { systemId: 38, orbit: 1 },
];

describe('recall', () => {
  it('brings an outbound fleet back in the time it has flown, with its ships and cargo', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (fraction, count) => {
          const cargo = { metal: 100, crystal: 0, fuel: 0 };
          const sent = dispatchFleet(
            fleetOwner(),
            order({ target: TARGETS[0], ships: { 7: count }, cargo }),
            world(HOME, OWN),
            T0,
            SPEED1,
          );
          if (!sent.ok) throw new Error(sent.message);
          const { fleet, state } = frozen(sent.value);
          const at = T0 + Math.floor(fraction * (fleet.arrivesAt - T0 - 1));
          const recalled = recallFleet(state, fleet.id, at, SPEED1);
          if (!recalled.ok) throw new Error(recalled.message);
          expect(recalled.value.fleet.returnsAt).toBe(at + (at - T0));
          const home = settle(recalled.value.state, at + (at - T0), SPEED1).state;
          expect(home.fleets).toEqual([]);
          expect(home.planets[0]?.ships[7]).toBe(30);
          expect(home.planets[0]?.resources.metal).toBe(fleetOwner().planets[0]?.resources.metal);
        },
      ),
      RUNS,
    );
  });
});

/** A stub engine that destroys a seeded share of every stack: conservation must not depend on the outcome. */
function randomEngine(seed: number): CombatEngine {
  return (input): CombatResult => {
    const random = createRandom(`${seed}:${input.seed}`);
    const cut = (stacks: typeof input.attacker.units) =>
      stacks.map((stack) => ({ ...stack, count: random.int(0, stack.count) }));
    const attackerSurvivors = cut(input.attacker.units);
    const defenderSurvivors = cut(input.defender.units);
    const alive = (stacks: typeof attackerSurvivors) => stacks.some((stack) => stack.count > 0);
    const winner = !alive(defenderSurvivors) ? 'attacker' : !alive(attackerSurvivors) ? 'defender' : 'draw';
    return { winner, rounds: [], attackerSurvivors, defenderSurvivors };
  };
}

const fleetOrderArb = fc.record({
  mission: fc.constantFrom<MissionId>(1, 2, 3, 4, 5, 6),
  target: fc.constantFrom(...TARGETS),
  speedPercent: fc.constantFrom(10, 50, 100),
  count: fc.integer({ min: 1, max: 3 }),
  toOther: fc.boolean(),
  engineSeed: fc.integer(),
  departure: fc.integer({ min: 0, max: 100_000 }),
});

const ZERO: Resources = { metal: 0, crystal: 0, fuel: 0 };
const add = (a: Resources, b: Partial<Resources>): Resources => ({
  metal: a.metal + (b.metal ?? 0),
  crystal: a.crystal + (b.crystal ?? 0),
  fuel: a.fuel + (b.fuel ?? 0),
});

/** Everything an account holds: planets, fleets' cargo, ships anywhere (by id). */
function holdings(account: AccountState): {
  resources: Resources;
  ships: Record<number, number>;
  defenses: Record<number, number>;
} {
  let resources = ZERO;
  const ships: Record<number, number> = {};
  const defenses: Record<number, number> = {};
  const count = (into: Record<number, number>, units: Record<number, number>) => {
    for (const [id, n] of Object.entries(units)) into[Number(id)] = (into[Number(id)] ?? 0) + n;
  };
  for (const planet of account.planets) {
    resources = add(resources, planet.resources);
    count(ships, planet.ships);
    count(defenses, planet.defenses);
  }
  for (const fleet of account.fleets ?? []) {
    resources = add(resources, fleet.cargo);
    count(ships, fleet.ships);
  }
  return { resources, ships, defenses };
}

function orderFor(mission: MissionId, count: number): Partial<FleetOrder> {
  switch (mission) {
    case 1:
      return { ships: { 7: count, 1: count }, cargo: { metal: 1000 * count, crystal: 10, fuel: 5 } };
    case 2:
      return { ships: { 1: count }, cargo: { metal: 10, crystal: 0, fuel: 0 } };
    case 3:
      return { ships: { 1: 5 * count, 8: count } };
    case 4:
      return { ships: { 6: count } };
    case 5:
      return { ships: { 10: count, 1: 1 } };
    case 6:
      return { ships: { 9: 1, 7: count }, cargo: { metal: 500, crystal: 0, fuel: 0 } };
  }
}

describe('conservation', () => {
  it('no mission creates resources or units: what leaves a planet lands on a planet, in debris, in plunder or is destroyed', () => {
    fc.assert(
      fc.property(fleetOrderArb, (input) => {
        // Stocks above the hangar capacity do not grow, so production does not blur the sums.
        const big = { metal: 1e7, crystal: 1e7, fuel: 1e7 };
        const base = fleetOwner({ research: { 4: 3, 6: 4, 7: 2, 8: 1, 9: 1 } });
        const owner: AccountState = {
          ...base,
          planets: base.planets.map((p) => ({ ...p, resources: { ...big } })),
        };
        const defender = defenderAccount({
          planets: defenderAccount().planets.map((p) => ({ ...p, resources: { ...big } })),
        });
        const engine = randomEngine(input.engineSeed);
        const own = input.mission <= 2 && !(input.mission === 1 && input.toOther);
        const view: TargetOrbitView =
          input.mission === 5
            ? { planet: null, debris: { metal: 30000, crystal: 9000 } }
            : input.mission === 6
              ? { planet: null, debris: null }
              : own
                ? OWN
                : { planet: { accountId: 2, planetId: 50 }, debris: null };
        const start = T0 + input.departure;
        const sent = dispatchFleet(
          { ...owner, settledAt: start },
          order({
            mission: input.mission,
            target: input.target,
            speedPercent: input.speedPercent,
            ...orderFor(input.mission, input.count),
          }),
          world(HOME, view),
          start,
          SPEED1,
          engine,
        );
        if (!sent.ok) throw new Error(`${sent.reason}: ${sent.message}`);
        const fuel = sent.value.fleet.fuelPaid;
        const before = holdings(owner);
        const defenderBefore = holdings(defender);
        let state = frozen(settle(frozen(sent.value.state), start + 60 * DAY, SPEED1, engine));
        const events: GameEvent[] = [...state.events];
        let other: AccountState = frozen(defender);
        let debris: Debris = view.debris ?? { metal: 0, crystal: 0 };
        let colonyShips = 0;
        const due = nextExternalFleetEvent(state.state);
        if (due !== null) {
          const id = due.fleetId;
          const result =
            due.mission === 1
              ? resolveTransport(state.state, id, other, 50, SPEED1, engine)
              : due.mission === 3
                ? resolveAttack(state.state, id, other, 50, debris, SPEED1, engine)
                : due.mission === 4
                  ? resolveSpy(state.state, id, other, 50, debris, SPEED1, engine)
                  : due.mission === 5
                    ? resolveExploit(state.state, id, debris)
                    : resolveColonize(state.state, id, {
                        free: true,
                        planetType: 'default',
                        maxCapacity: 150,
                        newPlanetId: 9,
                      });
          if (!result.ok) throw new Error(result.message);
          const outcome: MissionOutcome = frozen(result.value);
          if (outcome.target !== null) other = outcome.target;
          if (outcome.debris !== undefined) debris = outcome.debris;
          if (outcome.colony !== undefined) colonyShips = 1;
          events.push(...outcome.notices);
          // Only up to the fleet's return: a new colony produces, which would blur the sums.
          const back = outcome.owner.fleets?.[0]?.returnsAt ?? outcome.owner.settledAt;
          state = settle(outcome.owner, back, SPEED1, engine);
          events.push(...state.events);
        }
        expect(nextExternalFleetEvent(state.state)).toBeNull();
        expect(state.state.fleets ?? []).toEqual([]);
        const after = holdings(state.state);
        const defenderAfter = holdings(other);
        const reports = events.flatMap((event): CombatReportData[] =>
          event.kind === 'fleet_notice' && event.report?.kind === 'combat' && event.accountId === 1
            ? [event.report]
            : [],
        );
        // Units: what the owner had is what it has, plus what combats destroyed and the colony ship.
        const lostValue = reports.reduce((sum, r) => {
          const mine = r.attackerId === 1 ? r.attackerLosses : r.defenderLosses;
          return sum + mine.metal + mine.crystal + mine.fuel;
        }, 0);
        const worth = (ships: Record<number, number>) =>
          Object.entries(ships).reduce((sum, [shipId, n]) => {
            const cost = [
              [3000, 1000, 0],
              [6000, 4000, 0],
              [20000, 7000, 2000],
              [45000, 15000, 0],
              [50000, 25000, 15000],
              [0, 1000, 0],
              [2000, 2000, 0],
              [6000, 6000, 0],
              [10000, 20000, 10000],
              [10000, 6000, 2000],
            ][Number(shipId) - 1]!;
            return sum + n * (cost[0]! + cost[1]! + cost[2]!);
          }, 0);
        const probesLost = events.reduce(
          (sum, event) =>
            sum +
            (event.kind === 'fleet_notice' && event.report?.kind === 'spy' ? event.report.probesLost : 0),
          0,
        );
        expect(worth(after.ships) + lostValue + probesLost * 1000 + colonyShips * 40000).toBe(
          worth(before.ships),
        );
        for (const [shipId, n] of Object.entries(after.ships))
          expect(n).toBeLessThanOrEqual(before.ships[Number(shipId)] ?? 0);
        // Resources: the fuel burnt leaves the game; plunder moves from the defender to the owner;
        // cargo lost with destroyed ships and transports to the defender leave the owner.
        const plundered = reports.reduce((sum, r) => add(sum, r.attackerId === 1 ? r.plunder : ZERO), ZERO);
        const ownerDelta = {
          metal: after.resources.metal - before.resources.metal,
          crystal: after.resources.crystal - before.resources.crystal,
          fuel: after.resources.fuel - before.resources.fuel + fuel,
        };
        const defenderDelta = {
          metal: defenderAfter.resources.metal - defenderBefore.resources.metal,
          crystal: defenderAfter.resources.crystal - defenderBefore.resources.crystal,
          fuel: defenderAfter.resources.fuel - defenderBefore.resources.fuel,
        };
        const collected = {
          metal: (view.debris?.metal ?? 0) - (input.mission === 5 ? debris.metal : (view.debris?.metal ?? 0)),
          crystal:
            (view.debris?.crystal ?? 0) -
            (input.mission === 5 ? debris.crystal : (view.debris?.crystal ?? 0)),
        };
        const ambushed = events.some(
          (event) => event.kind === 'fleet_notice' && event.key === 'pirate_ambush',
        );
        for (const key of ['metal', 'crystal', 'fuel'] as const) {
          const fromDebris = key === 'fuel' ? 0 : collected[key];
          // The two accounts together end where they started, plus the debris collected, minus the
          // fuel burnt (counted in ownerDelta) and, after an ambush, the cargo lost with its ships.
          const change = ownerDelta[key] + defenderDelta[key] - fromDebris;
          if (ambushed) expect(change).toBeLessThanOrEqual(1e-6);
          else expect(change).toBeCloseTo(0, 6);
          expect(defenderDelta[key]).toBeGreaterThanOrEqual(-plundered[key] - 1e-6);
        }
        expect(debris.metal).toBeGreaterThanOrEqual(0);
        expect(debris.crystal).toBeGreaterThanOrEqual(0);
        // Defenses: never more than before (destroyed ones come back, at most all of them).
        for (const [defenseId, n] of Object.entries(defenderAfter.defenses))
          expect(n).toBeLessThanOrEqual(defenderBefore.defenses[Number(defenseId)] ?? 0);
      }),
      RUNS,
    );
  });

  it('two recycler fleets never take more than the field held', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (metal, crystal, a, b) => {
          const field = { metal, crystal };
          const view: TargetOrbitView = { planet: null, debris: { metal: metal + 1, crystal } };
          let account = fleetOwner();
          const ids: number[] = [];
          for (const count of [a, b]) {
            const sent = dispatchFleet(
              account,
              order({ mission: 5, target: TARGETS[0], ships: { 10: count } }),
              world(HOME, view),
              T0,
              SPEED1,
            );
            if (!sent.ok) throw new Error(sent.message);
            account = sent.value.state;
            ids.push(sent.value.fleet.id);
          }
          let left: Debris = field;
          let taken = 0;
          for (const id of ids) {
            const stopped = settle(account, T0 + DAY, SPEED1).state;
            expect(nextExternalFleetEvent(stopped)?.fleetId).toBe(id);
            const result = resolveExploit(stopped, id, left);
            if (!result.ok) throw new Error(result.message);
            const cargo = result.value.owner.fleets?.find((f) => f.id === id)?.cargo ?? ZERO;
            taken += cargo.metal + cargo.crystal;
            left = result.value.debris ?? left;
            expect(left.metal).toBeGreaterThanOrEqual(0);
            expect(left.crystal).toBeGreaterThanOrEqual(0);
            account = result.value.owner;
          }
          expect(taken + left.metal + left.crystal).toBe(metal + crystal);
          expect(taken).toBeLessThanOrEqual(metal + crystal);
        },
      ),
      RUNS,
    );
  });
});

function rounded(account: AccountState): AccountState {
  const round = (r: Resources): Resources => ({
    metal: Math.round(r.metal * 1e6) / 1e6,
    crystal: Math.round(r.crystal * 1e6) / 1e6,
    fuel: Math.round(r.fuel * 1e6) / 1e6,
  });
  return {
    ...account,
    planets: account.planets.map((planet) => ({ ...planet, resources: round(planet.resources) })),
  };
}

describe('settling through fleet events', () => {
  const fleetArb = fc.record({
    target: fc.constantFrom(...TARGETS),
    mission: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
    count: fc.integer({ min: 1, max: 10 }),
    departure: fc.integer({ min: 0, max: 20_000 }),
    recallAfter: fc.option(fc.integer({ min: 0, max: 40_000 })),
  });
  /** An account with up to three fleets sent (some recalled), frozen as the server keeps it. */
  function withFleets(fleets: readonly (typeof fleetArb extends fc.Arbitrary<infer F> ? F : never)[]) {
    let account = fleetOwner({ research: { 4: 5, 7: 2 } });
    for (const spec of fleets) {
      const sent = dispatchFleet(
        account,
        order({ mission: spec.mission, target: spec.target, ships: { 1: spec.count, 7: 1 } }),
        // Attacks stop settling at their arrival: both paths must stop at the same place.
        world(HOME, spec.mission === 3 ? { planet: { accountId: 2, planetId: 50 }, debris: null } : OWN),
        T0 + spec.departure * 1000,
        SPEED1,
        resolveCombat,
      );
      if (!sent.ok) continue;
      account = frozen(sent.value.state);
      if (spec.recallAfter !== null) {
        const recalled = recallFleet(
          account,
          sent.value.fleet.id,
          account.settledAt + spec.recallAfter * 1000,
          SPEED1,
          resolveCombat,
        );
        if (recalled.ok) account = frozen(recalled.value.state);
      }
    }
    return account;
  }

  it('nothing but the passes made changes before the wake-up, which quiet pirate passes do not bring forward', () => {
    let quietSkipped = 0;
    fc.assert(
      fc.property(
        fc.array(fleetArb, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (fleets, fraction) => {
          const account = withFleets(fleets);
          const exact = nextEventAt(account);
          const wakeUp = nextWakeUpAt(account);
          if (exact === null) {
            expect(wakeUp).toBeNull();
            return;
          }
          expect(wakeUp).not.toBeNull();
          expect(wakeUp as number).toBeGreaterThanOrEqual(exact);
          if ((wakeUp as number) > exact) quietSkipped += 1;
          // A fleet recalled at once is home at the instant it left: nothing comes before.
          if ((wakeUp as number) <= account.settledAt) return;
          // Any instant before the wake-up: no event, and the same fleets but for their passes.
          const before =
            account.settledAt + Math.floor(fraction * ((wakeUp as number) - 1 - account.settledAt));
          const settled = settle(account, before, SPEED1, resolveCombat);
          expect(settled.events).toEqual([]);
          const withoutPasses = (state: AccountState) =>
            (state.fleets ?? []).map((fleet) => ({ ...fleet, passes: [] }));
          expect(withoutPasses(settled.state)).toEqual(withoutPasses(account));
          expect(rounded(settled.state).planets.map((planet) => planet.ships)).toEqual(
            account.planets.map((planet) => planet.ships),
          );
          // Settled past some passes, the wake-up is where it was.
          expect(nextWakeUpAt(settled.state)).toBe(wakeUp);
          // And at the wake-up something happens: an event, or an arrival the server applies.
          const woken = settle(account, wakeUp as number, SPEED1, resolveCombat);
          expect(woken.events.length > 0 || nextExternalFleetEvent(woken.state) !== null).toBe(true);
        },
      ),
      RUNS,
    );
    // The routes cross null systems: quiet passes were there to leave out.
    expect(quietSkipped).toBeGreaterThan(50);
  });

  it('settling for a read gives what settle gives, fleets in flight or not', () => {
    fc.assert(
      fc.property(
        fc.array(fleetArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 200_000 }),
        (fleets, seconds) => {
          const account = withFleets(fleets);
          const at = account.settledAt + seconds * 1000;
          expect(settleForReading(account, at, SPEED1, resolveCombat)).toEqual(
            settle(account, at, SPEED1, resolveCombat),
          );
        },
      ),
      RUNS,
    );
  });

  it('to t1 then t2 equals settling to t2', () => {
    fc.assert(
      fc.property(
        fc.array(fleetArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (fleets, a, b) => {
          const account = withFleets(fleets);
          const [t1, t2] = a <= b ? [a, b] : [b, a];
          const end = account.settledAt + t2 * 1000;
          const direct = settle(account, end, SPEED1, resolveCombat);
          const first = settle(account, account.settledAt + t1 * 1000, SPEED1, resolveCombat);
          const split = settle(frozen(first.state), end, SPEED1, resolveCombat);
          // Production accrued in two steps differs from one step by float rounding only.
          expect(rounded(split.state)).toEqual(rounded(direct.state));
          const fleetEvents = (events: readonly GameEvent[]) =>
            events.filter((event) => event.kind === 'fleet_notice');
          expect([...fleetEvents(first.events), ...fleetEvents(split.events)]).toEqual(
            fleetEvents(direct.events),
          );
        },
      ),
      RUNS,
    );
  });
});
