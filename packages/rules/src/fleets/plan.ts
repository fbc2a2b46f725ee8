import { findShipDef } from '../catalogue/index.js';
import { maxPlanets } from '../formulas/index.js';
import { findPlanet } from '../requirements.js';
import { findRouteKept, type RouteGraph, type RoutePreference } from '../routes/index.js';
import type { Debris } from '../universe/index.js';
import type {
  AccountState,
  FleetRefusal,
  FleetRefusalReason,
  FleetResult,
  MissionId,
  OrbitRef,
  Resources,
  RouteStop,
  RulesConfig,
  SecurityId,
} from '../types.js';
import {
  cargoCapacity,
  cargoTotal,
  fleetSlots,
  fleetSpeed,
  flightSeconds,
  isOwnRaceShip,
  oneWayFuel,
  routeStopsKept,
  SPEED_PERCENTS,
  tripFuel,
  type PositionedSystem,
} from './travel.js';

/** What a player asks for (API.md `POST /me/fleets`), before any check. */
export interface FleetOrder {
  planetId: number;
  mission: MissionId;
  target: OrbitRef;
  ships: Readonly<Record<number, number>>;
  speedPercent: number;
  prefer: RoutePreference;
  cargo?: Resources;
}

/** A system as the fleet code needs it: position, security and how many orbits it has. */
export interface FleetSystem extends PositionedSystem {
  orbits: readonly unknown[];
}

/** What the target orbit holds now, as the server reads it. */
export interface TargetOrbitView {
  /** The planet on the orbit and its owner, or null for a free orbit. */
  planet: { accountId: number; planetId: number } | null;
  debris: Debris | null;
}

/** The universe around the order, brought by the caller (the rules hold no universe). */
export interface FleetWorld {
  graph: RouteGraph;
  systems: readonly FleetSystem[] | ReadonlyMap<number, FleetSystem>;
  /** Where the order's planet is. */
  origin: OrbitRef;
  target: TargetOrbitView;
}

export interface FleetPlan {
  mission: MissionId;
  origin: OrbitRef;
  target: OrbitRef;
  ships: Record<number, number>;
  cargo: Resources;
  speedPercent: number;
  route: RouteStop[];
  /** D (ua). */
  distance: number;
  /** v, the slowest ship's speed with drive research. */
  speed: number;
  durationSeconds: number;
  /** Fuel for one way, and what departure takes in all (both ways for missions that return). */
  fuelOneWay: number;
  fuel: number;
  cargoCapacity: number;
  /** Null-security systems of the route other than the origin (pirate draws on the way out). */
  nullSystems: number;
  ownTargetPlanetId: number | null;
}

export function refuseFleet(reason: FleetRefusalReason, message: string): FleetRefusal {
  return { ok: false, reason, message };
}

function systemMap(systems: FleetWorld['systems']): ReadonlyMap<number, FleetSystem> {
  if (!Array.isArray(systems)) return systems as ReadonlyMap<number, FleetSystem>;
  return new Map((systems as readonly FleetSystem[]).map((system) => [system.id, system]));
}

const isWholeAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

function readShips(
  account: AccountState,
  planetShips: Readonly<Record<number, number>>,
  ships: unknown,
): Record<number, number> | FleetRefusal {
  if (typeof ships !== 'object' || ships === null)
    return refuseFleet('INVALID_FLEET', 'ships must be counts by id');
  const entries = Object.entries(ships as Record<string, unknown>);
  if (entries.length === 0) return refuseFleet('INVALID_FLEET', 'a fleet needs at least one ship');
  const out: Record<number, number> = {};
  for (const [key, count] of entries) {
    const id = Number(key);
    if (!Number.isInteger(id) || !isOwnRaceShip(account, id))
      return refuseFleet('INVALID_FLEET', `unknown ship ${key}`);
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
      return refuseFleet('INVALID_FLEET', `the count of ship ${key} must be an integer of at least 1`);
    if (count > (planetShips[id] ?? 0)) return refuseFleet('NOT_ENOUGH_SHIPS', `not enough ships ${key}`);
    out[id] = count;
  }
  return out;
}

function readCargo(cargo: unknown): Resources | FleetRefusal {
  if (cargo === undefined) return { metal: 0, crystal: 0, fuel: 0 };
  if (typeof cargo !== 'object' || cargo === null)
    return refuseFleet('INVALID_FLEET', 'cargo must be resources');
  const { metal, crystal, fuel } = cargo as Partial<Record<keyof Resources, unknown>>;
  const values = [metal ?? 0, crystal ?? 0, fuel ?? 0];
  if (!values.every(isWholeAmount))
    return refuseFleet('INVALID_FLEET', 'cargo amounts must be finite and not negative');
  const [m, c, f] = values as [number, number, number];
  return { metal: m, crystal: c, fuel: f };
}

/** Whether the mission allows those ships (FLEETS.md section 1). */
function compositionRefusal(
  mission: MissionId,
  ships: Readonly<Record<number, number>>,
): FleetRefusal | null {
  const defs = Object.keys(ships).map((id) => findShipDef(Number(id)));
  if (mission === 4 && !defs.every((def) => def?.canSpy === true))
    return refuseFleet('INVALID_FLEET', 'a spy fleet holds espionage probes only');
  if (mission === 5 && !defs.some((def) => def?.canExploit === true))
    return refuseFleet('INVALID_FLEET', 'an exploit fleet needs a recycler');
  if (mission === 6 && !defs.some((def) => def?.canColonize === true))
    return refuseFleet('INVALID_FLEET', 'a colonize fleet needs a colony ship');
  return null;
}

/** Whether what the orbit holds suits the mission (FLEETS.md sections 1, 3 and 6). */
function targetRefusal(
  account: AccountState,
  mission: MissionId,
  planetId: number,
  target: TargetOrbitView,
  security: SecurityId,
): FleetRefusal | null {
  const planet = target.planet;
  const own = planet !== null && planet.accountId === account.accountId;
  switch (mission) {
    case 1:
    case 2:
      if (planet === null) return refuseFleet('INVALID_TARGET', 'no planet on that orbit');
      if (mission === 2 && !own)
        return refuseFleet('INVALID_TARGET', "cannot park on another account's planet");
      if (own && planet.planetId === planetId)
        return refuseFleet('INVALID_TARGET', 'the fleet is already there');
      return null;
    case 3:
    case 4:
      if (planet === null || own)
        return refuseFleet('INVALID_TARGET', "the target must be another account's planet");
      if (mission === 3 && security === 1)
        return refuseFleet('PROTECTED_SPACE', 'attacks are refused in high security');
      return null;
    case 5:
      if (target.debris === null || target.debris.metal + target.debris.crystal <= 0)
        return refuseFleet('NO_DEBRIS', 'no debris on that orbit');
      return null;
    case 6:
      if (planet !== null) return refuseFleet('ORBIT_OCCUPIED', 'the orbit is occupied');
      if (account.planets.length >= maxPlanets(account))
        return refuseFleet('PLANET_LIMIT', 'the Astrophysics limit is reached');
      return null;
  }
}

/**
 * Checks an order against an account settled to `at` and the universe around it, in the order a
 * player reads the refusals: the order's shape, the ships, the slots, the target, the route, the
 * cargo, then the fuel. Never throws on bad input.
 */
export function planFleet(
  account: AccountState,
  order: FleetOrder,
  world: FleetWorld,
  at: number,
  config: RulesConfig,
): FleetResult<FleetPlan> {
  if (typeof order !== 'object' || (order as unknown) === null)
    return refuseFleet('INVALID_FLEET', 'the order must be an object');
  const input = order as Partial<Record<keyof FleetOrder, unknown>>;
  const mission = input.mission;
  if (mission !== 1 && mission !== 2 && mission !== 3 && mission !== 4 && mission !== 5 && mission !== 6)
    return refuseFleet('INVALID_FLEET', `unknown mission ${String(mission)}`);
  if (typeof input.speedPercent !== 'number' || !SPEED_PERCENTS.includes(input.speedPercent))
    return refuseFleet('INVALID_FLEET', 'speed must be 10, 20, ..., 100');
  const speedPercent = input.speedPercent;
  const planet = typeof input.planetId === 'number' ? findPlanet(account, input.planetId) : undefined;
  if (planet === undefined) return refuseFleet('UNKNOWN_PLANET', `unknown planet ${String(input.planetId)}`);
  const ships = readShips(account, planet.ships, input.ships);
  if ('ok' in ships) return ships;
  const composition = compositionRefusal(mission, ships);
  if (composition !== null) return composition;
  const cargo = readCargo(input.cargo);
  if ('ok' in cargo) return cargo;
  if ((mission === 3 || mission === 4 || mission === 5) && cargoTotal(cargo) > 0)
    return refuseFleet('INVALID_FLEET', 'only transport, park and colonize fleets carry cargo');
  if ((account.fleets?.length ?? 0) >= fleetSlots(account, at))
    return refuseFleet('FLEET_SLOTS_FULL', 'every fleet slot is in use');

  const systems = systemMap(world.systems);
  const target = input.target as Partial<OrbitRef> | undefined;
  const targetSystem = typeof target?.systemId === 'number' ? systems.get(target.systemId) : undefined;
  const orbit = target?.orbit;
  if (
    targetSystem === undefined ||
    typeof orbit !== 'number' ||
    !Number.isInteger(orbit) ||
    orbit < 1 ||
    orbit > targetSystem.orbits.length
  )
    return refuseFleet('UNKNOWN_SYSTEM', 'unknown target system or orbit');
  const targetCheck = targetRefusal(account, mission, planet.id, world.target, targetSystem.security);
  if (targetCheck !== null) return targetCheck;

  const found = findRouteKept(
    world.graph,
    world.origin.systemId,
    targetSystem.id,
    input.prefer as RoutePreference,
  );
  if (!found.ok)
    return refuseFleet(found.reason === 'UNKNOWN_PREFERENCE' ? 'INVALID_FLEET' : found.reason, found.message);
  const stops = routeStopsKept(found.value, systems);
  if (stops === undefined) return refuseFleet('UNKNOWN_SYSTEM', 'a system of the route is unknown');

  const room = cargoCapacity(ships);
  if (cargoTotal(cargo) > room) return refuseFleet('CARGO_TOO_LARGE', 'the cargo exceeds the fleet hold');
  const fuel = tripFuel(ships, stops.distance, speedPercent, mission);
  const needs = { metal: cargo.metal, crystal: cargo.crystal, fuel: cargo.fuel + fuel };
  if (
    planet.resources.metal < needs.metal ||
    planet.resources.crystal < needs.crystal ||
    planet.resources.fuel < needs.fuel
  )
    return refuseFleet('INSUFFICIENT_RESOURCES', 'not enough resources for the cargo and the fuel');

  const speed = fleetSpeed(account, ships);
  const own = world.target.planet;
  return {
    ok: true,
    value: {
      mission,
      origin: { systemId: world.origin.systemId, orbit: world.origin.orbit },
      target: { systemId: targetSystem.id, orbit },
      ships,
      cargo,
      speedPercent,
      route: stops.stops,
      distance: stops.distance,
      speed,
      durationSeconds: flightSeconds(stops.distance, speed, speedPercent, config),
      fuelOneWay: oneWayFuel(ships, stops.distance, speedPercent),
      fuel,
      cargoCapacity: room,
      nullSystems: stops.stops.filter((stop, index) => index > 0 && stop.security === 3).length,
      ownTargetPlanetId:
        (mission === 1 || mission === 2) && own !== null && own.accountId === account.accountId
          ? own.planetId
          : null,
    },
  };
}

/**
 * The error key of the contract's catalogue each refusal answers with (API.md: 400 for a malformed
 * fleet, 404 for an unknown id, 409 for a game rule, 422 for resources). FLEET_EVENT_PENDING is
 * the server's own ordering problem (it applies due arrivals first), never the player's: its own
 * key, a 503 the client retries after Retry-After (decision 175).
 */
export const FLEET_REFUSAL_ERROR_KEYS = {
  UNKNOWN_PLANET: 'NOT_FOUND',
  UNKNOWN_SYSTEM: 'NOT_FOUND',
  UNKNOWN_FLEET: 'NOT_FOUND',
  UNREACHABLE: 'ROUTE_NOT_FOUND',
  INVALID_FLEET: 'INVALID_FLEET',
  NOT_ENOUGH_SHIPS: 'NOT_ENOUGH_SHIPS',
  CARGO_TOO_LARGE: 'CARGO_TOO_LARGE',
  INSUFFICIENT_RESOURCES: 'INSUFFICIENT_RESOURCES',
  FLEET_SLOTS_FULL: 'FLEET_SLOTS_FULL',
  PROTECTED_SPACE: 'PROTECTED_SPACE',
  INVALID_TARGET: 'INVALID_TARGET',
  ORBIT_OCCUPIED: 'ORBIT_OCCUPIED',
  PLANET_LIMIT: 'PLANET_LIMIT',
  NO_DEBRIS: 'NO_DEBRIS',
  NOT_RECALLABLE: 'NOT_RECALLABLE',
  FLEET_EVENT_PENDING: 'FLEET_EVENT_PENDING',
} as const satisfies Record<FleetRefusalReason, string>;
