import type { Random } from './random.js';

export const UNIVERSE_PLANE_SIZE = 1000;
/** Keeps systems off the very edge of the plane so the map never clips a node. */
const EDGE_MARGIN = 20;
/**
 * Share of the plane's "random packing" capacity that the systems use. Random dart throwing
 * saturates near 0.7 * area / r^2 points; asking for 0.3 * area / r^2 leaves the plane half full,
 * so darts land quickly and the spread still looks even (see docs/decisions/010).
 */
const PACKING = 0.3;
const ATTEMPTS_PER_SYSTEM = 200;

export interface Point {
  x: number;
  y: number;
}

/** The minimum distance between two systems of a universe of `count` systems. */
export function minimumSystemDistance(count: number): number {
  return Math.max(1, Math.floor(UNIVERSE_PLANE_SIZE * Math.sqrt(PACKING / Math.max(1, count))));
}

/**
 * Dart throwing on integer coordinates with a background grid: each cell is small enough to hold
 * at most one point, so a dart is checked against the 5 x 5 cells around it in constant time.
 */
export function placeSystems(count: number, random: Random): Point[] {
  const radius = minimumSystemDistance(count);
  const radiusSquared = radius * radius;
  const low = EDGE_MARGIN;
  const high = UNIVERSE_PLANE_SIZE - EDGE_MARGIN;
  const cellSize = radius / Math.SQRT2;
  const columns = Math.ceil((high - low + 1) / cellSize);
  const grid = new Int32Array(columns * columns).fill(-1);
  const points: Point[] = [];
  const budget = ATTEMPTS_PER_SYSTEM * count + 1000;
  for (let attempt = 0; attempt < budget && points.length < count; attempt++) {
    const x = random.int(low, high);
    const y = random.int(low, high);
    const cx = Math.floor((x - low) / cellSize);
    const cy = Math.floor((y - low) / cellSize);
    if (isFree(x, y, cx, cy)) {
      grid[cy * columns + cx] = points.length;
      points.push({ x, y });
    }
  }
  if (points.length < count) {
    // Unreachable at this packing for any seed tried (see the property test); failing loudly is
    // better than silently breaking the minimum distance.
    throw new Error(`could not place ${count} systems ${radius} apart`);
  }
  return points;

  function isFree(x: number, y: number, cx: number, cy: number): boolean {
    for (let gy = Math.max(0, cy - 2); gy <= Math.min(columns - 1, cy + 2); gy++) {
      for (let gx = Math.max(0, cx - 2); gx <= Math.min(columns - 1, cx + 2); gx++) {
        const other = grid[gy * columns + gx] ?? -1;
        if (other < 0) continue;
        const p = points[other];
        if (p === undefined) continue;
        const dx = p.x - x;
        const dy = p.y - y;
        if (dx * dx + dy * dy < radiusSquared) return false;
      }
    }
    return true;
  }
}
