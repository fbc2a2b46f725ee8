import { cloneAccount, writableFleet } from '../clone.js';
import { resolveCombat } from '../combat/index.js';
import { findShipDef } from '../catalogue/index.js';
import { addResources, maxPlanets, researchLevel, subtractResources } from '../formulas/index.js';
import { findPlanet } from '../requirements.js';
import { settle } from '../settle.js';
import { createRandom } from '../universe/random.js';
import type { Debris } from '../universe/index.js';
import type {
  AccountState,
  CombatReportData,
  FleetNotice,
  FleetState,
  GameEvent,
  PlanetState,
  PlanetTypeKey,
  Resources,
  RulesConfig,
  SpyReportData,
  UnitCount,
} from '../types.js';
import {
  combatResearch,
  debrisOf,
  losses,
  plunder,
  rebuildDefenses,
  reportRounds,
  stacksOf,
  survivorsOf,
  type CombatEngine,
} from './combat.js';
import { notice } from './events.js';
import { findFleet, fleetSeed, isExternalArrival, removeFleet, turnRound } from './flight.js';
import { cargoCapacity, cargoTotal } from './travel.js';

/*
 * The arrivals the server applies (FLEETS.md sections 1, 4, 5 and 6). Each takes the owner's
 * state stopped at the arrival (what `settle` returns when `nextExternalFleetEvent` is due), the
 * other state the arrival touches, and returns every new state with the notices to store and push.
 */

export type MissionRefusalReason = 'UNKNOWN_FLEET' | 'NOT_DUE' | 'TARGET_BLOCKED' | 'INVALID_TARGET';
export interface MissionRefusal {
  ok: false;
  reason: MissionRefusalReason;
  message: string;
}
export type MissionResult = { ok: true; value: MissionOutcome } | MissionRefusal;

export interface MissionOutcome {
  owner: AccountState;
  /** The other account, settled to the arrival and changed (attack, spy, transport); else null. */
  target: AccountState | null;
  /** What settling the other account to the arrival produced (before the mission's own notices). */
  targetEvents: GameEvent[];
  /** The orbit's debris field after the arrival; undefined when the mission does not touch it. */
  debris?: Debris;
  /** The planet a successful colonization founded (the server records the orbit as taken). */
  colony?: { planetId: number; systemId: number; orbit: number };
  /** For both accounts: `accountId` says who is told. */
  notices: FleetNotice[];
}

const refuseMission = (reason: MissionRefusalReason, message: string): MissionRefusal => ({
  ok: false,
  reason,
  message,
});

interface Arrival {
  owner: AccountState;
  fleet: FleetState;
  at: number;
}

/** The owner's copy with the fleet whose arrival is due now. */
function beginArrival(state: AccountState, fleetId: number): Arrival | MissionRefusal {
  const found = findFleet(state, fleetId);
  if (found === undefined) return refuseMission('UNKNOWN_FLEET', `unknown fleet ${String(fleetId)}`);
  if (
    !isExternalArrival(found) ||
    state.settledAt !== found.arrivesAt ||
    (found.passes[0]?.at ?? Infinity) <= found.arrivesAt
  )
    return refuseMission('NOT_DUE', 'settle the owner to the arrival first');
  const owner = cloneAccount(state);
  const fleet = writableFleet(owner, fleetId);
  if (fleet === undefined) return refuseMission('UNKNOWN_FLEET', `unknown fleet ${String(fleetId)}`);
  return { owner, fleet, at: found.arrivesAt };
}

/**
 * The other account at the arrival: settled to it (units finished by then fight), or taken as it
 * is when it was already settled past it. Refused when its own earlier arrival must come first.
 */
function targetAt(
  target: AccountState,
  planetId: number,
  at: number,
  config: RulesConfig,
  engine: CombatEngine,
): { account: AccountState; planet: PlanetState; events: GameEvent[] } | MissionRefusal {
  if (findPlanet(target, planetId) === undefined)
    return refuseMission('INVALID_TARGET', `account ${target.accountId} has no planet ${planetId}`);
  const settled = settle(target, at, config, engine);
  if (settled.state.settledAt < at)
    return refuseMission('TARGET_BLOCKED', "apply the target's earlier fleet arrival first");
  const account = settled.state === target ? cloneAccount(target) : settled.state;
  const planet = findPlanet(account, planetId);
  if (planet === undefined) return refuseMission('INVALID_TARGET', `no planet ${planetId}`);
  return { account, planet, events: settled.events };
}

const addDebris = (field: Debris | null, extra: Debris): Debris => ({
  metal: (field?.metal ?? 0) + extra.metal,
  crystal: (field?.crystal ?? 0) + extra.crystal,
});

const counts = (units: Readonly<Record<number, number>>): UnitCount[] =>
  Object.entries(units)
    .filter(([, count]) => count > 0)
    .map(([id, count]) => ({ id: Number(id), count }))
    .sort((a, b) => a.id - b.id);

function addUnits(into: Record<number, number>, units: readonly UnitCount[]): void {
  for (const { id, count } of units) into[id] = (into[id] ?? 0) + count;
}

/** The fleet flies home with what it holds, or is gone when no ship is left. */
/**
 * The fleet against the planet's ships and defenses (an attack, or detected probes for one round):
 * losses, the debris of destroyed ships, defenses rebuilt by seeded draw, and the survivors written
 * back onto the fleet and the planet.
 */
function fightAtPlanet(
  owner: AccountState,
  fleet: FleetState,
  defenderAccount: AccountState,
  planet: PlanetState,
  at: number,
  engine: CombatEngine,
  purpose: 'attack' | 'spy',
  maxRounds?: number,
) {
  const attacker = stacksOf(fleet.ships);
  const defender = stacksOf(planet.ships, planet.defenses);
  const result = engine({
    attacker: { units: attacker, research: combatResearch(owner) },
    defender: { units: defender, research: combatResearch(defenderAccount) },
    seed: fleetSeed(owner.accountId, fleet.id, at, purpose),
    ...(maxRounds === undefined ? {} : { maxRounds }),
  });
  const attackerLosses = losses(attacker, result.attackerSurvivors);
  const defenderLosses = losses(defender, result.defenderSurvivors);
  const fresh = debrisOf(
    attackerLosses.shipMetal + defenderLosses.shipMetal,
    attackerLosses.shipCrystal + defenderLosses.shipCrystal,
  );
  const rebuilt = rebuildDefenses(
    defenderLosses.destroyedDefenses,
    createRandom(fleetSeed(owner.accountId, fleet.id, at, 'rebuild')),
  );
  fleet.ships = survivorsOf(result.attackerSurvivors, 'ship');
  planet.ships = survivorsOf(result.defenderSurvivors, 'ship');
  planet.defenses = survivorsOf(result.defenderSurvivors, 'defense');
  addUnits(planet.defenses, rebuilt);
  return { result, attackerLosses, defenderLosses, fresh, rebuilt };
}

function sendBack(owner: AccountState, fleet: FleetState, at: number): void {
  if (Object.keys(fleet.ships).length === 0) removeFleet(owner, fleet.id);
  else turnRound(fleet, at);
}

/** Transport to another account's planet: the cargo is unloaded (even above its hangar capacity). */
export function resolveTransport(
  ownerState: AccountState,
  fleetId: number,
  targetState: AccountState,
  targetPlanetId: number,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): MissionResult {
  const begun = beginArrival(ownerState, fleetId);
  if ('ok' in begun) return begun;
  const { owner, fleet, at } = begun;
  if (fleet.mission !== 1) return refuseMission('INVALID_TARGET', 'not a transport fleet');
  const target = targetAt(targetState, targetPlanetId, at, config, engine);
  if ('ok' in target) return target;
  const cargo = fleet.cargo;
  target.planet.resources = addResources(target.planet.resources, cargo);
  fleet.cargo = { metal: 0, crystal: 0, fuel: 0 };
  turnRound(fleet, at);
  const params = { planet_id: targetPlanetId, metal: cargo.metal, crystal: cargo.crystal, fuel: cargo.fuel };
  return {
    ok: true,
    value: {
      owner,
      target: target.account,
      targetEvents: target.events,
      notices: [
        notice(fleet, owner.accountId, owner.accountId, at, 'transport_delivered', {
          ...params,
          to_account_id: target.account.accountId,
        }),
        notice(fleet, owner.accountId, target.account.accountId, at, 'transport_delivered', {
          ...params,
          from_account_id: owner.accountId,
        }),
      ],
    },
  };
}

/**
 * Attack (FLEETS.md section 4): the fleet against the planet's ships and defenses, 30% of every
 * destroyed ship's metal and crystal to the orbit's debris, each destroyed defense rebuilt with
 * probability 70%, and plunder when the attacker wins.
 */
export function resolveAttack(
  ownerState: AccountState,
  fleetId: number,
  targetState: AccountState,
  targetPlanetId: number,
  debris: Debris | null,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): MissionResult {
  const begun = beginArrival(ownerState, fleetId);
  if ('ok' in begun) return begun;
  const { owner, fleet, at } = begun;
  if (fleet.mission !== 3) return refuseMission('INVALID_TARGET', 'not an attack fleet');
  const target = targetAt(targetState, targetPlanetId, at, config, engine);
  if ('ok' in target) return target;
  const { planet } = target;
  const { result, attackerLosses, defenderLosses, fresh, rebuilt } = fightAtPlanet(
    owner,
    fleet,
    target.account,
    planet,
    at,
    engine,
    'attack',
  );
  let taken: Resources = { metal: 0, crystal: 0, fuel: 0 };
  if (result.winner === 'attacker' && Object.keys(fleet.ships).length > 0) {
    taken = plunder(planet.resources, cargoCapacity(fleet.ships) - cargoTotal(fleet.cargo));
    planet.resources = subtractResources(planet.resources, taken);
    fleet.cargo = addResources(fleet.cargo, taken);
  }
  const report: CombatReportData = {
    kind: 'combat',
    at,
    attackerId: owner.accountId,
    defenderId: target.account.accountId,
    systemId: fleet.target.systemId,
    orbit: fleet.target.orbit,
    planetId: targetPlanetId,
    winner: result.winner,
    rounds: reportRounds(result),
    attackerLosses: attackerLosses.cost,
    defenderLosses: defenderLosses.cost,
    debris: fresh,
    plunder: taken,
    rebuiltDefenses: rebuilt,
  };
  const params = {
    planet_id: targetPlanetId,
    winner: result.winner,
    attacker_id: owner.accountId,
    defender_id: target.account.accountId,
  };
  const notices = [
    notice(fleet, owner.accountId, owner.accountId, at, 'combat_report', params, report),
    notice(fleet, owner.accountId, target.account.accountId, at, 'combat_report', params, report),
  ];
  sendBack(owner, fleet, at);
  return {
    ok: true,
    value: {
      owner,
      target: target.account,
      targetEvents: target.events,
      debris: addDebris(debris, fresh),
      notices,
    },
  };
}

/** Espionage score: probes + d * |d|, d the attacker's minus the defender's Espionage level. */
export function spyScore(probes: number, delta: number): number {
  return probes + delta * Math.abs(delta);
}

/** Probability that the defender detects the probes: min(1, (ships / 1000 + 0.02) * 2^-d). */
export function detectionChance(shipsOnPlanet: number, delta: number): number {
  return Math.min(1, (shipsOnPlanet / 1000 + 0.02) * 2 ** -delta);
}

/**
 * Spy (FLEETS.md section 5): the report by score, then detection; detected probes fight one
 * combat round against the planet (debris and rebuilt defenses as in an attack, no plunder).
 */
export function resolveSpy(
  ownerState: AccountState,
  fleetId: number,
  targetState: AccountState,
  targetPlanetId: number,
  debris: Debris | null,
  config: RulesConfig,
  engine: CombatEngine = resolveCombat,
): MissionResult {
  const begun = beginArrival(ownerState, fleetId);
  if ('ok' in begun) return begun;
  const { owner, fleet, at } = begun;
  if (fleet.mission !== 4) return refuseMission('INVALID_TARGET', 'not a spy fleet');
  const target = targetAt(targetState, targetPlanetId, at, config, engine);
  if ('ok' in target) return target;
  const { planet } = target;
  const probes = Object.values(fleet.ships).reduce((sum, count) => sum + count, 0);
  const delta = researchLevel(owner, 5) - researchLevel(target.account, 5);
  const score = spyScore(probes, delta);
  const shipsOnPlanet = Object.values(planet.ships).reduce((sum, count) => sum + count, 0);
  const detected = createRandom(fleetSeed(owner.accountId, fleet.id, at, 'detect')).chance(
    detectionChance(shipsOnPlanet, delta),
  );
  const report: SpyReportData = {
    kind: 'spy',
    at,
    spyId: owner.accountId,
    targetId: target.account.accountId,
    planetId: targetPlanetId,
    systemId: fleet.target.systemId,
    orbit: fleet.target.orbit,
    score,
    resources: {
      metal: Math.floor(planet.resources.metal),
      crystal: Math.floor(planet.resources.crystal),
      fuel: Math.floor(planet.resources.fuel),
    },
    ...(score >= 2 ? { ships: counts(planet.ships) } : {}),
    ...(score >= 3 ? { defenses: counts(planet.defenses) } : {}),
    ...(score >= 5 ? { buildings: { ...planet.buildings }, factories: { ...planet.factories } } : {}),
    ...(score >= 7 ? { research: { ...target.account.research } } : {}),
    detected,
    probesLost: 0,
  };
  let fresh: Debris = { metal: 0, crystal: 0 };
  if (detected) {
    fresh = fightAtPlanet(owner, fleet, target.account, planet, at, engine, 'spy', 1).fresh;
    report.probesLost = probes - Object.values(fleet.ships).reduce((sum, count) => sum + count, 0);
  }
  const notices = [
    notice(
      fleet,
      owner.accountId,
      owner.accountId,
      at,
      'spy_report',
      { planet_id: targetPlanetId, target_id: target.account.accountId, detected },
      report,
    ),
    notice(fleet, owner.accountId, target.account.accountId, at, 'spied_on', {
      planet_id: targetPlanetId,
      spy_id: owner.accountId,
      detected,
      probes_destroyed: report.probesLost,
    }),
  ];
  sendBack(owner, fleet, at);
  return {
    ok: true,
    value: {
      owner,
      target: target.account,
      targetEvents: target.events,
      ...(detected ? { debris: addDebris(debris, fresh) } : {}),
      notices,
    },
  };
}

/**
 * Exploit: the recyclers take debris up to their cargo room (an even share of the room first,
 * then metal, then crystal); the field never goes below 0. Only recyclers carry debris.
 */
export function resolveExploit(
  ownerState: AccountState,
  fleetId: number,
  debris: Debris | null,
): MissionResult {
  const begun = beginArrival(ownerState, fleetId);
  if ('ok' in begun) return begun;
  const { owner, fleet, at } = begun;
  if (fleet.mission !== 5) return refuseMission('INVALID_TARGET', 'not an exploit fleet');
  const field = { metal: Math.max(0, debris?.metal ?? 0), crystal: Math.max(0, debris?.crystal ?? 0) };
  let room = Math.max(0, Math.floor(cargoCapacity(fleet.ships, (def) => def.canExploit)));
  const share = Math.floor(room / 2);
  const taken = { metal: Math.min(field.metal, share), crystal: Math.min(field.crystal, share) };
  room -= taken.metal + taken.crystal;
  for (const key of ['metal', 'crystal'] as const) {
    const extra = Math.min(field[key] - taken[key], room);
    taken[key] += extra;
    room -= extra;
  }
  fleet.cargo = addResources(fleet.cargo, { ...taken, fuel: 0 });
  turnRound(fleet, at);
  return {
    ok: true,
    value: {
      owner,
      target: null,
      targetEvents: [],
      debris: { metal: field.metal - taken.metal, crystal: field.crystal - taken.crystal },
      notices: [
        notice(fleet, owner.accountId, owner.accountId, at, 'debris_collected', {
          system_id: fleet.target.systemId,
          orbit: fleet.target.orbit,
          metal: taken.metal,
          crystal: taken.crystal,
        }),
      ],
    },
  };
}

/** What the server knows of the target orbit when a colony fleet arrives. */
export interface ColonyOrbit {
  free: boolean;
  planetType: PlanetTypeKey;
  maxCapacity: number;
  /** The id the server gives the new planet (unique among planets). */
  newPlanetId: number;
}

/**
 * Colonize (FLEETS.md section 6): on a free orbit and below the Astrophysics limit, one colony
 * ship is used up and a planet is founded with the cargo as resources and the other ships parked
 * on it, at the end of the planet list. Otherwise (orbit taken, limit reached, or no colony ship
 * left after pirates) the fleet returns and the player is told why.
 */
export function resolveColonize(
  ownerState: AccountState,
  fleetId: number,
  orbit: ColonyOrbit,
): MissionResult {
  const begun = beginArrival(ownerState, fleetId);
  if ('ok' in begun) return begun;
  const { owner, fleet, at } = begun;
  if (fleet.mission !== 6) return refuseMission('INVALID_TARGET', 'not a colonize fleet');
  if (owner.planets.some((planet) => planet.id === orbit.newPlanetId))
    return refuseMission('INVALID_TARGET', `planet id ${orbit.newPlanetId} is taken`);
  const where = { system_id: fleet.target.systemId, orbit: fleet.target.orbit };
  const colonyShip = Object.keys(fleet.ships)
    .map(Number)
    .sort((a, b) => a - b)
    .find((id) => findShipDef(id)?.canColonize === true);
  // Pirates may have destroyed every colony ship on the way.
  const failure =
    colonyShip === undefined
      ? 'NO_COLONY_SHIP'
      : !orbit.free
        ? 'ORBIT_OCCUPIED'
        : owner.planets.length >= maxPlanets(owner)
          ? 'PLANET_LIMIT'
          : null;
  if (failure !== null || colonyShip === undefined) {
    turnRound(fleet, at);
    return {
      ok: true,
      value: {
        owner,
        target: null,
        targetEvents: [],
        notices: [
          notice(fleet, owner.accountId, owner.accountId, at, 'colonization_failed', {
            ...where,
            reason: failure ?? 'NO_COLONY_SHIP',
          }),
        ],
      },
    };
  }
  const ships = { ...fleet.ships };
  const left = (ships[colonyShip] ?? 0) - 1;
  if (left > 0) ships[colonyShip] = left;
  else delete ships[colonyShip];
  owner.planets.push({
    id: orbit.newPlanetId,
    type: orbit.planetType,
    maxCapacity: orbit.maxCapacity,
    resources: { ...fleet.cargo },
    factories: {},
    buildings: {},
    ships,
    defenses: {},
    queues: { factories: [], buildings: [], ships: [], defenses: [] },
  });
  removeFleet(owner, fleet.id);
  return {
    ok: true,
    value: {
      owner,
      target: null,
      targetEvents: [],
      colony: { planetId: orbit.newPlanetId, systemId: fleet.target.systemId, orbit: fleet.target.orbit },
      notices: [
        notice(fleet, owner.accountId, owner.accountId, at, 'colonized', {
          ...where,
          planet_id: orbit.newPlanetId,
        }),
      ],
    },
  };
}
