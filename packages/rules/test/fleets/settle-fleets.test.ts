import { describe, expect, it } from 'vitest';
import { resolveCombat } from '../../src/combat/index.js';
import { dispatchFleet, recallFleet } from '../../src/fleets/actions.js';
import { nextEventfulFleetInstant, nextExternalFleetEvent, PIRATE_CHANCE } from '../../src/fleets/events.js';
import { fleetSeed } from '../../src/fleets/flight.js';
import type { CombatEngine } from '../../src/fleets/combat.js';
import type { TargetOrbitView } from '../../src/fleets/plan.js';
import { computePoints } from '../../src/points.js';
import { nextEventAt, nextWakeUpAt, settle } from '../../src/settle.js';
import { createRandom } from '../../src/universe/random.js';
import type { AccountState, FleetNotice, FleetPass, FleetState, GameEvent } from '../../src/types.js';
import { DAY, SPEED1, T0 } from '../factories.js';
import { fleetOwner, HOME, order, STUB_ENGINES, world } from './world.js';

const OWN_PLANET_2: TargetOrbitView = { planet: { accountId: 1, planetId: 2 }, debris: null };
const LOW = { systemId: 2, orbit: 1 };
/** System 60 is in null space, two null systems away from HOME (route 5-1-2-38-16-17-60). */
const NULL_TARGET = { systemId: 60, orbit: 1 };

const notices = (events: readonly GameEvent[]): FleetNotice[] =>
  events.filter((event): event is FleetNotice => event.kind === 'fleet_notice');

function send(account: AccountState, change: Parameters<typeof order>[0], target: TargetOrbitView, at = T0) {
  const sent = dispatchFleet(account, order(change), world(HOME, target), at, SPEED1);
  if (!sent.ok) throw new Error(sent.message);
  return sent.value;
}

describe('the wake-up past quiet pirate passes (decision 216)', () => {
  /** A fleet of `fighters` light fighters to null space, with one pass where the draw strikes. */
  function strikingPass(fighters: number) {
    const { state, fleet } = send(
      fleetOwner(),
      { target: NULL_TARGET, ships: { 1: fighters } },
      OWN_PLANET_2,
    );
    let at = fleet.departedAt + 1;
    while (!createRandom(fleetSeed(state.accountId, fleet.id, at, 'pirates')).chance(PIRATE_CHANCE)) at += 1;
    expect(at).toBeLessThan(fleet.arrivesAt);
    const passes = [{ systemId: 38, at }];
    return { state: { ...state, fleets: [{ ...fleet, passes }] }, at, arrivesAt: fleet.arrivesAt };
  }

  it('wakes at a pass where pirates attack a fleet worth their while', () => {
    const { state, at } = strikingPass(50);
    expect(nextEventAt(state)).toBe(at);
    expect(nextWakeUpAt(state)).toBe(at);
    expect(notices(settle(state, at, SPEED1).events).map((n) => n.key)).toEqual(['pirate_ambush']);
  });

  it('sleeps through a draw that strikes a fleet worth less than the cheapest pirate ship can be bought for', () => {
    // One light fighter: 10 to 30 % of its worth buys no nomad raider (4,500).
    const { state, at, arrivesAt } = strikingPass(1);
    expect(nextEventAt(state)).toBe(at);
    expect(nextWakeUpAt(state)).toBe(arrivesAt);
    expect(settle(state, arrivesAt - 1, SPEED1).events).toEqual([]);
  });

  it('works a fleet out again once settling drops its pass, a recall gives it new passes or a fight new ships', () => {
    const { state, at, arrivesAt } = strikingPass(50);
    const fleet = state.fleets[0] as FleetState;
    const striking = fleet.passes[0] as FleetPass;
    expect(nextWakeUpAt(state)).toBe(at);
    // Kept for the same fleet object: asked again, the same answer, under any bound.
    expect(nextWakeUpAt({ ...state })).toBe(at);
    expect(nextEventfulFleetInstant(state, at - 5)).toBe(at - 5);
    expect(nextEventfulFleetInstant(state, at + 1)).toBe(at);
    // Settling drops a fleet's first pass in place.
    fleet.passes.shift();
    expect(nextWakeUpAt(state)).toBe(arrivesAt);
    fleet.passes = [striking];
    expect(nextWakeUpAt(state)).toBe(at);
    // Ships worth too little for the cheapest pirate ship: the same draw brings nobody.
    fleet.ships = { 1: 1 };
    expect(nextWakeUpAt(state)).toBe(arrivesAt);
    fleet.ships = { 1: 50 };
    expect(nextWakeUpAt(state)).toBe(at);
    // The fleet turned round: its leg now ends at its return.
    const returnsAt = arrivesAt + 60_000;
    Object.assign(fleet, { state: 'returning', returnsAt, passes: [] });
    expect(nextWakeUpAt(state)).toBe(returnsAt);
  });

  it('draws the passes of a fleet only as far as asked, then goes on from there', () => {
    const { state, at, arrivesAt } = strikingPass(50);
    // Bounded before the striking pass: the bound; then past it: the pass, found where it left off.
    expect(nextEventfulFleetInstant(state, at - 1)).toBe(at - 1);
    expect(nextEventfulFleetInstant(state, at)).toBe(at);
    expect(nextEventfulFleetInstant(state, Infinity)).toBe(at);
    const { state: fresh } = strikingPass(50);
    expect(nextEventfulFleetInstant(fresh, Infinity)).toBe(at);
    expect(nextEventfulFleetInstant(fresh, at - 1)).toBe(at - 1);
    expect(arrivesAt).toBeGreaterThan(at);
  });

  it('sleeps through passes whose draw misses', () => {
    const { state, fleet } = send(fleetOwner(), { target: NULL_TARGET, ships: { 1: 50 } }, OWN_PLANET_2);
    const quiet = fleet.passes.filter(
      (pass) => !createRandom(fleetSeed(state.accountId, fleet.id, pass.at, 'pirates')).chance(PIRATE_CHANCE),
    );
    expect(quiet.length).toBeGreaterThan(0);
    const calm = { ...state, fleets: [{ ...fleet, passes: quiet }] };
    expect(nextEventAt(calm)).toBe(quiet[0]?.at);
    expect(nextWakeUpAt(calm)).toBe(fleet.arrivesAt);
  });
});

describe('fleets in settling', () => {
  it('unloads a transport on an own planet, then lands the ships home after the way back', () => {
    const cargo = { metal: 5000, crystal: 1000, fuel: 0 };
    const { state, fleet } = send(fleetOwner(), { target: LOW, ships: { 7: 2 }, cargo }, OWN_PLANET_2);
    const points = computePoints(state).military;
    expect(points).toBe(computePoints(fleetOwner()).military);
    expect(nextEventAt(state)).toBe(fleet.arrivesAt);
    const mid = settle(state, fleet.arrivesAt, SPEED1);
    expect(mid.state.settledAt).toBe(fleet.arrivesAt);
    expect(mid.state.planets[1]?.resources.metal).toBeGreaterThanOrEqual(5000);
    expect(mid.state.fleets?.[0]).toMatchObject({
      state: 'returning',
      returnsAt: fleet.arrivesAt + (fleet.arrivesAt - T0),
    });
    const end = settle(mid.state, T0 + DAY, SPEED1);
    expect(end.state.fleets).toEqual([]);
    expect(end.state.planets[0]?.ships[7]).toBe(30);
    expect(notices([...mid.events, ...end.events]).map((n) => n.key)).toEqual([
      'transport_delivered',
      'fleet_returned',
    ]);
    expect(computePoints(end.state).military).toBe(points);
  });

  it('parks ships and cargo on an own planet for one way of fuel', () => {
    const { state, fleet } = send(fleetOwner(), { mission: 2, target: LOW, ships: { 1: 5 } }, OWN_PLANET_2);
    const returning = send(fleetOwner(), { mission: 1, target: LOW, ships: { 1: 5 } }, OWN_PLANET_2);
    expect(2 * fleet.fuelPaid).toBe(returning.fleet.fuelPaid);
    const end = settle(state, T0 + DAY, SPEED1).state;
    expect(end.fleets).toEqual([]);
    expect(end.planets[1]?.ships[1]).toBe(5);
    expect(end.planets[0]?.ships[1]).toBe(45);
  });

  it('stops at an arrival the server must apply, and stays there until it is applied', () => {
    const other: TargetOrbitView = { planet: { accountId: 2, planetId: 50 }, debris: null };
    const { state, fleet } = send(fleetOwner(), { mission: 3, target: LOW, ships: { 1: 5 } }, other);
    const first = settle(state, T0 + DAY, SPEED1);
    expect(first.state.settledAt).toBe(fleet.arrivesAt);
    expect(nextExternalFleetEvent(first.state)).toEqual({
      fleetId: fleet.id,
      at: fleet.arrivesAt,
      mission: 3,
      target: LOW,
    });
    const again = settle(first.state, T0 + 2 * DAY, SPEED1);
    expect(again.state.settledAt).toBe(fleet.arrivesAt);
    const recall = recallFleet(first.state, fleet.id, T0 + DAY, SPEED1);
    expect(recall.ok ? 'ok' : recall.reason).toBe('FLEET_EVENT_PENDING');
  });

  it('recalls an outbound fleet: it comes back in the time it has flown', () => {
    const { state, fleet } = send(fleetOwner(), { target: LOW, ships: { 7: 3 } }, OWN_PLANET_2);
    const recalled = recallFleet(state, fleet.id, T0 + 600_000, SPEED1);
    if (!recalled.ok) throw new Error(recalled.message);
    expect(recalled.value.fleet.returnsAt).toBe(T0 + 1_200_000);
    expect(settle(recalled.value.state, T0 + 1_199_999, SPEED1).state.fleets).toHaveLength(1);
    const home = settle(recalled.value.state, T0 + 1_200_000, SPEED1).state;
    expect(home.fleets).toEqual([]);
    expect(home.planets[0]?.ships[7]).toBe(30);
    expect(home.planets[0]?.resources.fuel).toBe(state.planets[0]?.resources.fuel);
    const late = recallFleet(state, fleet.id, fleet.arrivesAt, SPEED1);
    expect(late.ok ? 'ok' : late.reason).toBe('NOT_RECALLABLE');
  });

  describe('pirates in null space', () => {
    /** The first departure second from T0 at which this fleet meets pirates (seeded, so fixed). */
    function ambushed(engine: CombatEngine): {
      events: GameEvent[];
      state: AccountState;
      sent: AccountState;
    } {
      for (let k = 0; k < 2000; k += 1) {
        const { state } = send(
          fleetOwner(),
          { target: NULL_TARGET, ships: { 1: 20, 7: 5 }, cargo: { metal: 20000, crystal: 0, fuel: 0 } },
          OWN_PLANET_2,
          T0 + k * 1000,
        );
        const settled = settle(state, T0 + 10 * DAY, SPEED1, engine);
        if (notices(settled.events).some((n) => n.key === 'pirate_ambush'))
          return { ...settled, sent: state };
      }
      throw new Error('no ambush in 2000 departures');
    }

    it('meets them with the seeded 4% chance and fights them with the real engine', () => {
      const { events } = ambushed((input) => STUB_ENGINES.defenderWins(input));
      const ambush = notices(events).find((n) => n.key === 'pirate_ambush');
      expect(ambush?.report?.kind).toBe('combat');
      if (ambush?.report?.kind === 'combat') {
        expect(ambush.report.attackerId).toBeNull();
        expect([17, 60]).toContain(ambush.report.systemId);
      }
      const real = ambushed((input) => {
        expect(input.attacker.units.every((stack) => stack.id >= 21 && stack.id <= 25)).toBe(true);
        return resolveCombat(input);
      });
      expect(notices(real.events).some((n) => n.key === 'pirate_ambush')).toBe(true);
    });

    it('loses a fleet destroyed there, cargo and all', () => {
      const { state, events } = ambushed(STUB_ENGINES.attackerWins);
      const ambush = notices(events).find((n) => n.key === 'pirate_ambush');
      expect(ambush?.params.destroyed).toBe(true);
      expect(state.fleets).toEqual([]);
      expect(notices(events).some((n) => n.key === 'fleet_returned')).toBe(false);
      expect(state.planets[0]?.ships).toMatchObject({ 1: 30, 7: 25 });
      const outbound =
        ambush !== undefined && ambush.at < (state.settledAt ?? 0) && ambush.params.cargo_lost === 20000;
      expect(outbound || ambush?.params.cargo_lost === 0).toBe(true);
    });
  });
});
