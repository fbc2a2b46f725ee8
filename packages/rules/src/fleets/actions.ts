import { cloneAccount, writableFleet } from '../clone.js';
import { resolveCombat } from '../combat/index.js';
import { subtractResources } from '../formulas/index.js';
import { findPlanet } from '../requirements.js';
import { settle } from '../settle.js';
import type { AccountState, FleetResult, FleetState, GameEvent, RulesConfig } from '../types.js';
import type { CombatEngine } from './combat.js';
import { findFleet, outboundPasses, turnRound } from './flight.js';
import { planFleet, refuseFleet, type FleetOrder, type FleetPlan, type FleetWorld } from './plan.js';

export interface FleetActionOutcome {
  state: AccountState;
  /** What settling to `now` produced, then what the action itself did. */
  events: GameEvent[];
  fleet: FleetState;
}

/**
 * Settles to `now` (a clock behind the state applies at `settledAt`, decision 005). Refused while
 * an arrival the server must apply is due: the server applies it first, then retries.
 */
function begin(
  state: AccountState,
  now: number,
  config: RulesConfig,
  engine: CombatEngine,
): { account: AccountState; events: GameEvent[]; at: number } | ReturnType<typeof refuseFleet> {
  const at = Number.isFinite(now) ? Math.max(now, state.settledAt) : state.settledAt;
  const settled = settle(state, at, config, engine);
  if (settled.state.settledAt < at)
    return refuseFleet('FLEET_EVENT_PENDING', 'a fleet arrival must be applied before this action');
  const account = settled.state === state ? cloneAccount(state) : settled.state;
  return { account, events: settled.events, at };
}

/** `planFleet` for a preview: the account is settled to `now` first, nothing is changed. */
export function previewFleet(
  state: AccountState,
  order: FleetOrder,
  world: FleetWorld,
  now: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): FleetResult<FleetPlan & { arrivesAt: number }> {
  const begun = begin(state, now, config, engine);
  if ('ok' in begun) return begun;
  const plan = planFleet(begun.account, order, world, begun.at, config);
  if (!plan.ok) return plan;
  return { ok: true, value: { ...plan.value, arrivesAt: begun.at + plan.value.durationSeconds * 1000 } };
}

/**
 * Sends a fleet: the ships, the cargo and the fuel of the whole trip leave the planet now; the
 * fleet takes a slot until it lands (FLEETS.md sections 1 and 2).
 */
export function dispatchFleet(
  state: AccountState,
  order: FleetOrder,
  world: FleetWorld,
  now: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): FleetResult<FleetActionOutcome> {
  const begun = begin(state, now, config, engine);
  if ('ok' in begun) return begun;
  const { account, events, at } = begun;
  const checked = planFleet(account, order, world, at, config);
  if (!checked.ok) return checked;
  const plan = checked.value;
  const planet = findPlanet(account, order.planetId);
  if (planet === undefined) return refuseFleet('UNKNOWN_PLANET', `unknown planet ${String(order.planetId)}`);
  for (const [id, count] of Object.entries(plan.ships)) {
    const left = (planet.ships[Number(id)] ?? 0) - count;
    if (left > 0) planet.ships[Number(id)] = left;
    else delete planet.ships[Number(id)];
  }
  planet.resources = subtractResources(planet.resources, {
    metal: plan.cargo.metal,
    crystal: plan.cargo.crystal,
    fuel: plan.cargo.fuel + plan.fuel,
  });
  const durationMs = plan.durationSeconds * 1000;
  const fleet: FleetState = {
    id: account.nextItemId,
    mission: plan.mission,
    originPlanetId: planet.id,
    origin: plan.origin,
    target: plan.target,
    ownTargetPlanetId: plan.ownTargetPlanetId,
    route: plan.route,
    distance: plan.distance,
    speedPercent: plan.speedPercent,
    ships: plan.ships,
    cargo: plan.cargo,
    fuelPaid: plan.fuel,
    departedAt: at,
    arrivesAt: at + durationMs,
    returnsAt: null,
    state: 'outbound',
    passes: outboundPasses(plan.route, plan.distance, at, durationMs),
  };
  account.nextItemId += 1;
  account.fleets = [...(account.fleets ?? []), fleet];
  return { ok: true, value: { state: account, events, fleet } };
}

/**
 * Recalls an outbound fleet before it arrives: it turns round at once and flies back as long as
 * it has flown; the fuel is not refunded. A returning or arrived fleet is NOT_RECALLABLE.
 */
export function recallFleet(
  state: AccountState,
  fleetId: number,
  now: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): FleetResult<FleetActionOutcome> {
  if (findFleet(state, fleetId) === undefined)
    return refuseFleet('UNKNOWN_FLEET', `unknown fleet ${String(fleetId)}`);
  const begun = begin(state, now, config, engine);
  if ('ok' in begun) return begun;
  const { account, events, at } = begun;
  const found = findFleet(account, fleetId);
  if (found === undefined || found.state !== 'outbound' || at >= found.arrivesAt)
    return refuseFleet('NOT_RECALLABLE', 'the fleet has arrived or is already returning');
  const fleet = writableFleet(account, fleetId) ?? found;
  turnRound(fleet, at);
  return { ok: true, value: { state: account, events, fleet } };
}
