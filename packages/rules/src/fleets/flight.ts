import type { AccountState, FleetPass, FleetState, RouteStop } from '../types.js';

/*
 * Where a fleet is in time. A fleet covers its distance D at a constant rate: it enters route
 * system k when it has flown `position_k` of D (the origin at 0, the target system at D - 5, the
 * target orbit at D). Times are whole milliseconds, rounded once from the fraction flown.
 */

export const oneWayMs = (fleet: Pick<FleetState, 'arrivesAt' | 'departedAt'>): number =>
  fleet.arrivesAt - fleet.departedAt;

/** When the outbound fleet enters route system `index`. */
export function entryAt(fleet: FleetState, index: number): number {
  const stop = fleet.route[index];
  if (stop === undefined) return fleet.arrivesAt;
  return fleet.departedAt + Math.round((oneWayMs(fleet) * stop.position) / fleet.distance);
}

/** The pirate draws of the way out: every null-security system of the route but the origin. */
export function outboundPasses(
  route: readonly RouteStop[],
  distance: number,
  departedAt: number,
  durationMs: number,
): FleetPass[] {
  return route
    .filter((stop, index) => index > 0 && stop.security === 3)
    .map((stop) => ({
      systemId: stop.systemId,
      at: departedAt + Math.round((durationMs * stop.position) / distance),
    }));
}

/**
 * Turns an outbound fleet round at `at` (its arrival, or a recall before it): it flies back as long
 * as it has flown. On the way back it meets pirates in the null systems it passes before its
 * origin, not counting the one it turned round in or last passed (decision 173).
 */
export function turnRound(fleet: FleetState, at: number): void {
  const flown = Math.max(0, at - fleet.departedAt);
  const span = oneWayMs(fleet);
  let lastPassed = 0;
  fleet.route.forEach((_, index) => {
    if (entryAt(fleet, index) <= at) lastPassed = index;
  });
  const flownDistance = span > 0 ? (fleet.distance * flown) / span : 0;
  const passes: FleetPass[] = [];
  for (let index = lastPassed - 1; index >= 1; index -= 1) {
    const stop = fleet.route[index];
    if (stop === undefined || stop.security !== 3) continue;
    passes.push({
      systemId: stop.systemId,
      at: at + Math.round((span * (flownDistance - stop.position)) / fleet.distance),
    });
  }
  fleet.state = 'returning';
  fleet.returnsAt = at + flown;
  fleet.passes = passes;
}

/** When the fleet's current leg ends: its arrival while outbound, its return home after. */
export function fleetLegEndsAt(fleet: FleetState): number {
  return fleet.state === 'outbound' ? fleet.arrivesAt : (fleet.returnsAt ?? fleet.arrivesAt);
}

/** The fleet's next event: a pirate draw, its arrival or its return. */
export function nextFleetEventAt(fleet: FleetState): number {
  const leg = fleetLegEndsAt(fleet);
  const pass = fleet.passes[0];
  return pass !== undefined && pass.at < leg ? pass.at : leg;
}

/** An arrival that needs another account, a debris field or the universe (the server's part). */
export function isExternalArrival(fleet: FleetState): boolean {
  return fleet.state === 'outbound' && fleet.ownTargetPlanetId === null;
}

export function findFleet(account: AccountState, fleetId: number): FleetState | undefined {
  return account.fleets?.find((fleet) => fleet.id === fleetId);
}

export function removeFleet(account: AccountState, fleetId: number): void {
  if (account.fleets !== undefined) account.fleets = account.fleets.filter((fleet) => fleet.id !== fleetId);
}

/** Seed of one random draw (FLEETS.md section 7): the fleet and the event time, per purpose. */
export function fleetSeed(ownerId: number, fleetId: number, at: number, purpose: string): string {
  return `fleet:${ownerId}:${fleetId}:${at}:${purpose}`;
}
