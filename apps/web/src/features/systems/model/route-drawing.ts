import type { Point, RouteHop } from './types';

export interface RouteSegment {
  key: string;
  from: Point;
  to: Point;
}

export interface RouteMarker extends Point {
  id: number;
}

export interface RouteDrawing {
  segments: RouteSegment[];
  start: RouteMarker | null;
  /** Null when the route has a single system: departure and arrival are the same marker. */
  end: RouteMarker | null;
  /** Systems of the route, for highlighting the nodes on the way. */
  systemIds: ReadonlySet<number>;
}

export const EMPTY_ROUTE_DRAWING: RouteDrawing = {
  segments: [],
  start: null,
  end: null,
  systemIds: new Set(),
};

/**
 * Turns the ordered list of systems of a route into what the overlay draws. Hops whose system is
 * not on the map (a stale list after a universe change) break the line instead of inventing a
 * position.
 */
export function routeDrawing(
  route: readonly RouteHop[],
  positions: ReadonlyMap<number, Point>,
): RouteDrawing {
  const placed = route.flatMap((hop) => {
    const position = positions.get(hop.id);
    return position ? [{ id: hop.id, x: position.x, y: position.y }] : [];
  });
  const segments: RouteSegment[] = [];
  for (let i = 1; i < route.length; i += 1) {
    const previous = route[i - 1];
    const current = route[i];
    if (!previous || !current) continue;
    const from = positions.get(previous.id);
    const to = positions.get(current.id);
    if (!from || !to) continue;
    segments.push({ key: `${i}:${previous.id}-${current.id}`, from, to });
  }
  const start = placed[0] ?? null;
  const last = placed.at(-1) ?? null;
  return {
    segments,
    start,
    end: last && placed.length > 1 ? last : null,
    systemIds: new Set(placed.map((marker) => marker.id)),
  };
}

/** A route lists the departure too, so a route of n systems takes n - 1 jumps. */
export function jumpCount(route: readonly RouteHop[]): number {
  return Math.max(route.length - 1, 0);
}
