import { COMMANDANT, findShipDef, SHIPS } from '../catalogue/index.js';
import { isCommandantActive, researchLevel } from '../formulas/index.js';
import type { AccountState, MissionId, Resources, RouteStop, RulesConfig, SecurityId } from '../types.js';

/*
 * FLEETS.md section 2. Pure arithmetic over the catalogue and the account's research; the
 * planning, dispatch and settling code share these so a preview and a flight never disagree.
 */

/** The ua flown inside a system (origin or target), also the whole distance inside one system. */
export const IN_SYSTEM_DISTANCE = 5;

/** Speed bonus per level of the drive research a ship uses (research 7, 8, 9). */
export const DRIVE_BONUS: Readonly<Record<7 | 8 | 9, number>> = { 7: 0.1, 8: 0.2, 9: 0.3 };

export const SPEED_PERCENTS: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/** Missions whose fleet comes back, paying fuel for the way back at departure. */
export function missionReturns(mission: MissionId): boolean {
  return mission !== 2 && mission !== 6;
}

export interface PositionedSystem {
  id: number;
  x: number;
  y: number;
  security: SecurityId;
}

/**
 * The route's systems with their distance from the origin (straight lines between consecutive
 * systems), and D = 5 + the sum of the hops. Undefined if a system of the route is unknown.
 */
export function routeStops(
  route: readonly number[],
  systems: ReadonlyMap<number, PositionedSystem>,
): { stops: RouteStop[]; distance: number } | undefined {
  const stops: RouteStop[] = [];
  let position = 0;
  let previous: PositionedSystem | undefined;
  for (const id of route) {
    const system = systems.get(id);
    if (system === undefined) return undefined;
    if (previous !== undefined) position += Math.hypot(system.x - previous.x, system.y - previous.y);
    stops.push({ systemId: id, position, security: system.security });
    previous = system;
  }
  return { stops, distance: IN_SYSTEM_DISTANCE + position };
}

/** routeStopsKept's answers, per kept route, with the universe they were worked out in. */
const keptStops = new WeakMap<
  readonly number[],
  { systems: ReadonlyMap<number, PositionedSystem>; result: ReturnType<typeof routeStops> }
>();

/**
 * routeStops for a route `findRouteKept` handed out (frozen, one array per query), kept per route
 * and universe: the stops of a route players fly again and again are worked out once and shared,
 * frozen, by every fleet that flies it (route stops are never changed after departure; the server
 * also keeps a shared route's stored text, fleets.repository.ts). Any other route is worked out
 * each time, as routeStops does.
 */
export function routeStopsKept(
  route: readonly number[],
  systems: ReadonlyMap<number, PositionedSystem>,
): { stops: RouteStop[]; distance: number } | undefined {
  if (!Object.isFrozen(route)) return routeStops(route, systems);
  const kept = keptStops.get(route);
  if (kept !== undefined && kept.systems === systems) return kept.result;
  const result = routeStops(route, systems);
  if (result !== undefined) {
    for (const stop of result.stops) Object.freeze(stop);
    Object.freeze(result.stops);
    Object.freeze(result);
  }
  keptStops.set(route, { systems, result });
  return result;
}

/** One ship's speed with its drive research. */
export function shipSpeed(account: AccountState, shipId: number): number {
  const def = findShipDef(shipId);
  if (def === undefined) throw new RangeError(`unknown ship ${shipId}`);
  return def.speed * (1 + DRIVE_BONUS[def.drive] * researchLevel(account, def.drive));
}

/** The slowest ship's speed (ships with a count of 0 do not count); 0 for an empty fleet. */
export function fleetSpeed(account: AccountState, ships: Readonly<Record<number, number>>): number {
  let slowest = Infinity;
  for (const [id, count] of Object.entries(ships)) {
    if (count > 0) slowest = Math.min(slowest, shipSpeed(account, Number(id)));
  }
  return Number.isFinite(slowest) ? slowest : 0;
}

/** One-way flight in whole seconds: ceil((10 + 3500 / (p / 100) * sqrt(10 * D / v)) / GAME_SPEED). */
export function flightSeconds(
  distance: number,
  speed: number,
  speedPercent: number,
  config: RulesConfig,
): number {
  const raw = 10 + (3500 / (speedPercent / 100)) * Math.sqrt((10 * distance) / speed);
  return Math.ceil(raw / config.gameSpeed);
}

/** Fuel for one way: ceil(sum of count * consumption_per_ua * D / 1000 * ((p / 100) + 1)^2 / 4). */
export function oneWayFuel(
  ships: Readonly<Record<number, number>>,
  distance: number,
  speedPercent: number,
): number {
  let perUa = 0;
  for (const [id, count] of Object.entries(ships)) {
    const def = findShipDef(Number(id));
    if (def === undefined) throw new RangeError(`unknown ship ${id}`);
    perUa += count * def.consumptionPerUa;
  }
  const factor = (speedPercent / 100 + 1) ** 2 / 4;
  return Math.ceil(((perUa * distance) / 1000) * factor);
}

/** Fuel paid at departure: one way, and again for the way back when the mission returns. */
export function tripFuel(
  ships: Readonly<Record<number, number>>,
  distance: number,
  speedPercent: number,
  mission: MissionId,
): number {
  const oneWay = oneWayFuel(ships, distance, speedPercent);
  return missionReturns(mission) ? 2 * oneWay : oneWay;
}

/** Sum of count * cargo; `only` keeps the ships it accepts (recyclers for debris). */
export function cargoCapacity(
  ships: Readonly<Record<number, number>>,
  only: (def: { canExploit: boolean }) => boolean = () => true,
): number {
  let room = 0;
  for (const [id, count] of Object.entries(ships)) {
    const def = findShipDef(Number(id));
    if (def !== undefined && only(def)) room += count * def.cargo;
  }
  return room;
}

export const cargoTotal = (cargo: Resources): number => cargo.metal + cargo.crystal + cargo.fuel;

/** Fleets in flight at once: 1 + Computer technology, +2 while the Admiral is active. */
export function fleetSlots(account: AccountState, at: number): number {
  return 1 + researchLevel(account, 4) + (isCommandantActive(account, COMMANDANT.admiral, at) ? 2 : 0);
}

/** Unit cost (metal + crystal + fuel) of a set of ships, nomads included. */
export function shipsWorth(ships: Readonly<Record<number, number>>): number {
  let total = 0;
  for (const [id, count] of Object.entries(ships)) {
    const def = findShipDef(Number(id));
    if (def !== undefined) total += count * (def.cost.metal + def.cost.crystal + def.cost.fuel);
  }
  return total;
}

/** A player's own ships: an id of SHIPS of the account's race. */
export function isOwnRaceShip(account: AccountState, shipId: number): boolean {
  return SHIPS.some((def) => def.id === shipId && def.race === account.race);
}
