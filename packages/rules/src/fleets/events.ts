import { resolveCombat } from '../combat/index.js';
import { writableFleet } from '../clone.js';
import { addResources } from '../formulas/index.js';
import { findPlanet } from '../requirements.js';
import { createRandom, firstDraw } from '../universe/random.js';
import type {
  AccountState,
  FleetNotice,
  FleetNoticeKey,
  FleetPass,
  FleetReport,
  FleetState,
  GameEvent,
  Resources,
} from '../types.js';
import {
  combatResearch,
  losses,
  pirateForce,
  reportRounds,
  stacksOf,
  survivorsOf,
  type CombatEngine,
} from './combat.js';
import {
  findFleet,
  fleetLegEndsAt,
  fleetSeed,
  isExternalArrival,
  nextFleetEventAt,
  removeFleet,
  turnRound,
} from './flight.js';
import { cargoCapacity, cargoTotal, shipsWorth } from './travel.js';

/** Chance to meet pirates on entering a null-security system (FLEETS.md section 3). */
export const PIRATE_CHANCE = 0.04;

export function notice(
  fleet: FleetState,
  ownerId: number,
  accountId: number,
  at: number,
  key: FleetNoticeKey,
  params: FleetNotice['params'],
  report?: FleetReport,
): FleetNotice {
  return {
    kind: 'fleet_notice',
    at,
    accountId,
    fleetId: fleet.id,
    ownerId,
    key,
    params: { fleet_id: fleet.id, mission: fleet.mission, ...params },
    ...(report === undefined ? {} : { report }),
  };
}

/** The earliest instant a fleet of the account has something to do; null without fleets. */
export function nextFleetInstant(account: AccountState): number | null {
  let next = Infinity;
  for (const fleet of account.fleets ?? []) next = Math.min(next, nextFleetEventAt(fleet));
  return Number.isFinite(next) ? next : null;
}

/**
 * The pirates a fleet meets entering a null system at `at`, or null when none come: the draw missed
 * (96 %), or the fleet is worth too little for the cheapest pirate ship. The draw depends on the
 * owner, the fleet, the instant and the fleet's ships alone, so it is known from the moment the
 * pass is planned, for as long as the ships stay.
 */
function pirateAmbush(accountId: number, fleet: FleetState, at: number): Record<number, number> | null {
  const seed = fleetSeed(accountId, fleet.id, at, 'pirates');
  // The stream's first number decides (`chance`); the generator is made only when pirates come.
  if (!(firstDraw(seed) < PIRATE_CHANCE)) return null;
  const random = createRandom(seed);
  random.next();
  const budget = shipsWorth(fleet.ships) * (0.1 + 0.2 * random.next());
  const force = pirateForce(budget, random);
  return Object.keys(force).length === 0 ? null : force;
}

/**
 * Whether pirates come at a pass, kept per pass object with the ships it was drawn for: a pass
 * belongs to one fleet of one account and is never changed (settling drops it, a recall plans new
 * ones), and the states the server keeps share their passes from one request to the next.
 */
const ambushes = new WeakMap<FleetPass, { ships: FleetState['ships']; ambush: boolean }>();

function ambushAt(accountId: number, fleet: FleetState, pass: FleetPass): boolean {
  const kept = ambushes.get(pass);
  if (kept !== undefined && kept.ships === fleet.ships) return kept.ambush;
  const ambush = pirateAmbush(accountId, fleet, pass.at) !== null;
  ambushes.set(pass, { ships: fleet.ships, ambush });
  return ambush;
}

/**
 * The earliest instant before `before` a fleet of the account has something to do that changes
 * more than its list of passes: a leg's end, or a pass where pirates come. A quiet pass (96 % of
 * them and more) is left out: settling over it or past it gives the same state and no event
 * (decision 216). Until that instant the fleets keep their ships, so each pass is drawn for the
 * ships it will meet the pirates with. Returns `before` when nothing comes earlier. Only the passes
 * before every leg's end are drawn.
 */
export function nextEventfulFleetInstant(account: AccountState, before: number): number {
  let next = before;
  for (const fleet of account.fleets ?? []) next = firstEventfulInstant(account.accountId, fleet, next);
  return next;
}

/**
 * What is known of a fleet's passes, kept per fleet object with what it was worked out from: the
 * passes before `quietUntil` bring no pirates, and `ambush` is the first that does (null: none
 * found yet). A fleet left alone by a write is the same object from one request to the next
 * (decision 215), so the wake-up draws each of its passes once, and only as far as it needs to.
 * Settling only ever drops a fleet's first pass or gives it a new list, and a fight gives it new
 * ships: the identities and the count below tell.
 */
const scans = new WeakMap<
  FleetState,
  {
    accountId: number;
    ships: FleetState['ships'];
    passes: FleetState['passes'];
    first: FleetPass | undefined;
    count: number;
    legEnd: number;
    quietUntil: number;
    ambush: number | null;
  }
>();

/** min(`before`, the fleet's leg end, its first pass before both where pirates come). */
function firstEventfulInstant(accountId: number, fleet: FleetState, before: number): number {
  const legEnd = fleetLegEndsAt(fleet);
  const { ships, passes } = fleet;
  let scan = scans.get(fleet);
  if (
    scan === undefined ||
    scan.legEnd !== legEnd ||
    scan.passes !== passes ||
    scan.first !== passes[0] ||
    scan.count !== passes.length ||
    scan.ships !== ships ||
    scan.accountId !== accountId
  ) {
    scan = {
      accountId,
      ships,
      passes,
      first: passes[0],
      count: passes.length,
      legEnd,
      quietUntil: -Infinity,
      ambush: null,
    };
    scans.set(fleet, scan);
  }
  const bound = Math.min(before, legEnd);
  if (scan.ambush === null && scan.quietUntil < bound) {
    for (const pass of passes) {
      if (pass.at < scan.quietUntil) continue;
      if (pass.at >= bound) break;
      if (ambushAt(accountId, fleet, pass)) {
        scan.ambush = pass.at;
        break;
      }
    }
    if (scan.ambush === null) scan.quietUntil = bound;
  }
  return Math.min(bound, scan.ambush ?? Infinity);
}

/** Cargo beyond what the surviving ships hold is lost with the ships that carried it, pro rata. */
export function fitCargo(cargo: Resources, room: number): Resources {
  const total = cargoTotal(cargo);
  if (total <= room) return cargo;
  const keep = total > 0 ? room / total : 0;
  return {
    metal: Math.floor(cargo.metal * keep),
    crystal: Math.floor(cargo.crystal * keep),
    fuel: Math.floor(cargo.fuel * keep),
  };
}

/**
 * A pirate draw on entering a null system. Pirates attack; the fleet defends. Survivors go on;
 * a fleet destroyed is removed, its cargo lost. No debris: the fight happens between orbits.
 */
function pirateDraw(
  account: AccountState,
  fleet: FleetState,
  pass: FleetPass,
  events: GameEvent[],
  engine: CombatEngine,
): void {
  const force = pirateAmbush(account.accountId, fleet, pass.at);
  if (force === null) return;
  const attacker = stacksOf(force);
  const defender = stacksOf(fleet.ships);
  const result = engine({
    attacker: { units: attacker, research: combatResearch(null) },
    defender: { units: defender, research: combatResearch(account) },
    seed: fleetSeed(account.accountId, fleet.id, pass.at, 'ambush'),
  });
  const pirateLosses = losses(attacker, result.attackerSurvivors);
  const fleetLosses = losses(defender, result.defenderSurvivors);
  fleet.ships = survivorsOf(result.defenderSurvivors, 'ship');
  const cargoBefore = fleet.cargo;
  fleet.cargo = fitCargo(fleet.cargo, cargoCapacity(fleet.ships));
  const destroyed = Object.keys(fleet.ships).length === 0;
  const report: FleetReport = {
    kind: 'combat',
    at: pass.at,
    attackerId: null,
    defenderId: account.accountId,
    systemId: pass.systemId,
    orbit: null,
    planetId: null,
    winner: result.winner,
    rounds: reportRounds(result),
    attackerLosses: pirateLosses.cost,
    defenderLosses: fleetLosses.cost,
    debris: { metal: 0, crystal: 0 },
    plunder: { metal: 0, crystal: 0, fuel: 0 },
    rebuiltDefenses: [],
  };
  events.push(
    notice(
      fleet,
      account.accountId,
      account.accountId,
      pass.at,
      'pirate_ambush',
      {
        system_id: pass.systemId,
        destroyed,
        cargo_lost: cargoTotal(cargoBefore) - cargoTotal(fleet.cargo),
      },
      report,
    ),
  );
  if (destroyed) removeFleet(account, fleet.id);
}

function arriveAtOwnPlanet(account: AccountState, fleet: FleetState, at: number, events: GameEvent[]): void {
  const planet = fleet.ownTargetPlanetId === null ? undefined : findPlanet(account, fleet.ownTargetPlanetId);
  if (planet === undefined) {
    // The planet is the account's own and planets are never lost; turning round is the safe fallback.
    turnRound(fleet, at);
    return;
  }
  const cargo = fleet.cargo;
  planet.resources = addResources(planet.resources, cargo);
  fleet.cargo = { metal: 0, crystal: 0, fuel: 0 };
  const params = { planet_id: planet.id, metal: cargo.metal, crystal: cargo.crystal, fuel: cargo.fuel };
  if (fleet.mission === 2) {
    for (const [id, count] of Object.entries(fleet.ships))
      planet.ships[Number(id)] = (planet.ships[Number(id)] ?? 0) + count;
    removeFleet(account, fleet.id);
    events.push(
      notice(fleet, account.accountId, account.accountId, at, 'transport_delivered', {
        ...params,
        parked: true,
      }),
    );
    return;
  }
  turnRound(fleet, at);
  events.push(
    notice(fleet, account.accountId, account.accountId, at, 'transport_delivered', {
      ...params,
      parked: false,
    }),
  );
}

/** Ships and cargo land on the origin planet (cargo even above the hangar capacity, like refunds). */
export function landHome(account: AccountState, fleet: FleetState, at: number, events: GameEvent[]): void {
  const planet = findPlanet(account, fleet.originPlanetId);
  removeFleet(account, fleet.id);
  if (planet === undefined) return;
  planet.resources = addResources(planet.resources, fleet.cargo);
  for (const [id, count] of Object.entries(fleet.ships))
    planet.ships[Number(id)] = (planet.ships[Number(id)] ?? 0) + count;
  events.push(
    notice(fleet, account.accountId, account.accountId, at, 'fleet_returned', {
      planet_id: planet.id,
      metal: fleet.cargo.metal,
      crystal: fleet.cargo.crystal,
      fuel: fleet.cargo.fuel,
    }),
  );
}

/**
 * Applies the account's fleet events due at `at` (earlier ones only in a malformed state), by fleet id (FLEETS.md section 7): pirate draws,
 * then an arrival or a return. Stops at the first arrival the server must apply and returns that
 * fleet; the fleets after it at the same instant wait for the next settle.
 */
export function processFleetsAt(
  account: AccountState,
  at: number,
  events: GameEvent[],
  engine: CombatEngine = resolveCombat,
): FleetState | null {
  const due = (account.fleets ?? [])
    .filter((fleet) => nextFleetEventAt(fleet) <= at)
    .map((fleet) => fleet.id)
    .sort((a, b) => a - b);
  for (const id of due) {
    // The account's own copy of the fleet: its events change it (decision 215).
    let fleet = writableFleet(account, id);
    for (
      let pass = fleet?.passes[0];
      fleet !== undefined && pass !== undefined && pass.at <= at;
      pass = fleet?.passes[0]
    ) {
      fleet.passes.shift();
      pirateDraw(account, fleet, pass, events, engine);
      fleet = findFleet(account, id);
    }
    if (fleet === undefined) continue;
    if (fleet.state === 'outbound' && fleet.arrivesAt <= at) {
      if (isExternalArrival(fleet)) return fleet;
      arriveAtOwnPlanet(account, fleet, at, events);
    } else if (fleet.state === 'returning' && (fleet.returnsAt ?? at) <= at)
      landHome(account, fleet, at, events);
  }
  return null;
}

/**
 * The arrival the server must apply next (attack, spy, exploit, colonize, transport to another
 * account), or null. When `settle` stops before `now`, it stopped at this event: its `at` is the
 * state's `settledAt`.
 */
export function nextExternalFleetEvent(
  state: AccountState,
): { fleetId: number; at: number; mission: FleetState['mission']; target: FleetState['target'] } | null {
  let best: FleetState | null = null;
  for (const fleet of state.fleets ?? []) {
    if (!isExternalArrival(fleet)) continue;
    if (
      best === null ||
      fleet.arrivesAt < best.arrivesAt ||
      (fleet.arrivesAt === best.arrivesAt && fleet.id < best.id)
    )
      best = fleet;
  }
  return best === null
    ? null
    : { fleetId: best.id, at: best.arrivesAt, mission: best.mission, target: { ...best.target } };
}
