import type { Point } from './types';

/** The fields of GET /me/fleets the map needs (the contract's Fleet and HostileFleet satisfy them). */
export interface OwnFleetLike {
  id: number;
  state: 'outbound' | 'returning';
  route: readonly number[];
  departed_at: string;
  arrives_at: string;
  returns_at: string | null;
}

export interface HostileFleetLike {
  id: number;
  origin: { system_id: number };
  target: { system_id: number };
  arrives_at: string;
}

export interface OwnTrack {
  id: number;
  returning: boolean;
  /** Where the fleet is now, and the direction it flies in (radians, screen convention). */
  at: Point;
  heading: number;
  /** What is left of the way: the current position, then the systems still ahead. */
  ahead: Point[];
}

export interface HostileTrack {
  id: number;
  from: Point;
  to: Point;
}

/**
 * Where a point is once `fraction` of a polyline's length is covered: FLEETS.md, a fleet passes
 * each system of its route at a time proportional to the distance covered.
 */
export function alongPath(
  path: readonly Point[],
  fraction: number,
): { at: Point; heading: number; next: number } | null {
  const first = path[0];
  if (!first) return null;
  const lengths: number[] = [];
  let total = 0;
  for (let i = 1; i < path.length; i += 1) {
    const length = Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y);
    lengths.push(length);
    total += length;
  }
  if (total === 0) return { at: { ...first }, heading: 0, next: path.length };
  let left = Math.min(Math.max(fraction, 0), 1) * total;
  for (let i = 1; i < path.length; i += 1) {
    const length = lengths[i - 1]!;
    const from = path[i - 1]!;
    const to = path[i]!;
    if (left <= length || i === path.length - 1) {
      const t = length === 0 ? 1 : Math.min(left / length, 1);
      return {
        at: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t },
        heading: Math.atan2(to.y - from.y, to.x - from.x),
        next: i,
      };
    }
    left -= length;
  }
  return null;
}

function timeOf(value: string): number {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`).getTime();
}

/** Own fleets in flight at `now`: outbound along their route, returning along it backwards. */
export function ownTracks(
  fleets: readonly OwnFleetLike[],
  positions: ReadonlyMap<number, Point>,
  now: number,
): OwnTrack[] {
  return fleets.flatMap((fleet) => {
    const route = fleet.route.flatMap((id) => positions.get(id) ?? []);
    const returning = fleet.state === 'returning';
    const path = returning ? [...route].reverse() : route;
    const start = timeOf(returning ? fleet.arrives_at : fleet.departed_at);
    const end = timeOf(returning ? (fleet.returns_at ?? fleet.arrives_at) : fleet.arrives_at);
    const fraction = end > start ? (now - start) / (end - start) : 1;
    const place = alongPath(path, fraction);
    if (!place) return [];
    return [
      {
        id: fleet.id,
        returning,
        at: place.at,
        heading: place.heading,
        ahead: [place.at, ...path.slice(place.next)],
      },
    ];
  });
}

/** Hostile fleets heading for the player: from their origin to the target (their route is not told). */
export function hostileTracks(
  fleets: readonly HostileFleetLike[],
  positions: ReadonlyMap<number, Point>,
): HostileTrack[] {
  return fleets.flatMap((fleet) => {
    const from = positions.get(fleet.origin.system_id);
    const to = positions.get(fleet.target.system_id);
    return from && to ? [{ id: fleet.id, from, to }] : [];
  });
}
