import type { Point } from './positions.js';
import type { Random } from './random.js';

export const MAX_GATES_PER_SYSTEM = 6;
/** The spanning tree leaves room for at least one extra link (or a joining link) per system. */
const TREE_DEGREE_CAP = 5;
/** Extra links only between systems that are not already hubs, so the map stays readable. */
const EXTRA_LINK_DEGREE_CAP = 4;
/** Candidate edges join systems at most this many minimum distances apart. */
const CANDIDATE_REACH = 3;
/** Extra links are short: at most this many minimum distances long. */
const EXTRA_LINK_REACH = 2.5;
const EXTRA_LINK_CHANCE = 0.6;

interface Edge {
  a: number;
  b: number;
  lengthSquared: number;
}

class DisjointSets {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root] ?? root;
    let node = i;
    while (node !== root) {
      const next = this.parent[node] ?? root;
      this.parent[node] = root;
      node = next;
    }
    return root;
  }
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
    return true;
  }
}

function distanceSquared(p: Point, q: Point): number {
  const dx = p.x - q.x;
  const dy = p.y - q.y;
  return dx * dx + dy * dy;
}

/** Every pair of points closer than `reach`, found through a grid of cells `reach` wide. */
function nearbyPairs(points: readonly Point[], reach: number): Edge[] {
  const cellSize = Math.max(1, reach);
  const cells = new Map<number, number[]>();
  const columns = Math.ceil(1001 / cellSize) + 1;
  const cellOf = (p: Point): [number, number] => [Math.floor(p.x / cellSize), Math.floor(p.y / cellSize)];
  points.forEach((p, i) => {
    const [cx, cy] = cellOf(p);
    const key = cy * columns + cx;
    const bucket = cells.get(key);
    if (bucket) bucket.push(i);
    else cells.set(key, [i]);
  });
  const reachSquared = reach * reach;
  const edges: Edge[] = [];
  points.forEach((p, i) => {
    const [cx, cy] = cellOf(p);
    for (let gy = cy - 1; gy <= cy + 1; gy++) {
      for (let gx = cx - 1; gx <= cx + 1; gx++) {
        if (gx < 0 || gy < 0) continue;
        for (const j of cells.get(gy * columns + gx) ?? []) {
          if (j <= i) continue;
          const q = points[j];
          if (q === undefined) continue;
          const lengthSquared = distanceSquared(p, q);
          if (lengthSquared <= reachSquared) edges.push({ a: i, b: j, lengthSquared });
        }
      }
    }
  });
  // Equal lengths are common on integer coordinates; index order keeps the result seed-stable.
  edges.sort((e, f) => e.lengthSquared - f.lengthSquared || e.a - f.a || e.b - f.b);
  return edges;
}

/**
 * Gates as pairs of point indexes: a degree-capped Kruskal tree over nearby pairs (close to the
 * Euclidean minimum spanning tree), components left apart by a hole in the spread joined by
 * their shortest link, then a seeded share of short extra links so that routes have choices.
 */
export function connectSystems(
  points: readonly Point[],
  minimumDistance: number,
  random: Random,
): [number, number][] {
  const count = points.length;
  const degree = new Int32Array(count);
  const sets = new DisjointSets(count);
  const chosen: Edge[] = [];
  const linked = new Set<number>();
  const link = (edge: Edge): void => {
    chosen.push(edge);
    degree[edge.a] = (degree[edge.a] ?? 0) + 1;
    degree[edge.b] = (degree[edge.b] ?? 0) + 1;
    linked.add(edge.a * count + edge.b);
  };

  const candidates = nearbyPairs(points, CANDIDATE_REACH * minimumDistance);
  let components = count;
  for (const edge of candidates) {
    if (components === 1) break;
    if ((degree[edge.a] ?? 0) >= TREE_DEGREE_CAP || (degree[edge.b] ?? 0) >= TREE_DEGREE_CAP) continue;
    if (sets.union(edge.a, edge.b)) {
      link(edge);
      components--;
    }
  }
  while (components > 1) {
    const edge = shortestLinkOutOfSmallestComponent(points, sets, degree);
    sets.union(edge.a, edge.b);
    link(edge);
    components--;
  }

  const crossings = new CrossingIndex(points, CANDIDATE_REACH * minimumDistance);
  for (const edge of chosen) crossings.add(edge);
  const extraReachSquared = (EXTRA_LINK_REACH * minimumDistance) ** 2;
  for (const edge of candidates) {
    if (edge.lengthSquared > extraReachSquared) break;
    if (linked.has(edge.a * count + edge.b)) continue;
    if ((degree[edge.a] ?? 0) >= EXTRA_LINK_DEGREE_CAP || (degree[edge.b] ?? 0) >= EXTRA_LINK_DEGREE_CAP)
      continue;
    if (!random.chance(EXTRA_LINK_CHANCE) || crossings.crosses(edge)) continue;
    link(edge);
    crossings.add(edge);
  }

  return chosen.map((edge) => [edge.a, edge.b]);
}

/** Rare (a hole wider than the candidate reach), so a plain scan is cheap enough. */
function shortestLinkOutOfSmallestComponent(
  points: readonly Point[],
  sets: DisjointSets,
  degree: Int32Array,
): Edge {
  const sizes = new Map<number, number>();
  for (let i = 0; i < points.length; i++) {
    const root = sets.find(i);
    sizes.set(root, (sizes.get(root) ?? 0) + 1);
  }
  let smallest = -1;
  let smallestSize = Infinity;
  for (const [root, size] of sizes) {
    if (size < smallestSize || (size === smallestSize && root < smallest)) {
      smallest = root;
      smallestSize = size;
    }
  }
  const inside: number[] = [];
  const outside: number[] = [];
  for (let i = 0; i < points.length; i++) {
    if ((degree[i] ?? 0) >= MAX_GATES_PER_SYSTEM) continue;
    (sets.find(i) === smallest ? inside : outside).push(i);
  }
  let best: Edge | null = null;
  for (const i of inside) {
    const p = points[i];
    if (p === undefined) continue;
    for (const j of outside) {
      const q = points[j];
      if (q === undefined) continue;
      const lengthSquared = distanceSquared(p, q);
      if (best === null || lengthSquared < best.lengthSquared) {
        best = { a: Math.min(i, j), b: Math.max(i, j), lengthSquared };
      }
    }
  }
  if (best === null) throw new Error('no free gate slot to join two components');
  return best;
}

/** Orientation of r relative to the line p -> q: positive, negative or 0 when collinear. */
function orientation(p: Point, q: Point, r: Point): number {
  return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
}

/**
 * Finds whether a new gate would cross an existing one, so extra links never tangle the map.
 * Edges up to `reach` long are filed under the grid cells (of size `reach`) of both endpoints;
 * the rare longer edges (joins across holes) are always checked.
 */
class CrossingIndex {
  private readonly cells = new Map<number, Edge[]>();
  private readonly long: Edge[] = [];
  private readonly columns: number;

  constructor(
    private readonly points: readonly Point[],
    private readonly reach: number,
  ) {
    this.columns = Math.ceil(1001 / reach) + 1;
  }

  add(edge: Edge): void {
    if (edge.lengthSquared > this.reach * this.reach) {
      this.long.push(edge);
      return;
    }
    for (const end of [edge.a, edge.b]) {
      const key = this.cellKey(end);
      const bucket = this.cells.get(key);
      if (bucket) bucket.push(edge);
      else this.cells.set(key, [edge]);
    }
  }

  crosses(edge: Edge): boolean {
    if (this.long.some((other) => this.intersect(edge, other))) return true;
    const p = this.points[edge.a];
    const q = this.points[edge.b];
    if (p === undefined || q === undefined) return false;
    // Every point of the new edge is within reach / 2 of its midpoint and a crossing edge has an
    // endpoint within reach / 2 of the crossing, so that endpoint lies in the 3 x 3 cells around.
    const cx = Math.floor((p.x + q.x) / 2 / this.reach);
    const cy = Math.floor((p.y + q.y) / 2 / this.reach);
    for (let gy = cy - 1; gy <= cy + 1; gy++) {
      for (let gx = cx - 1; gx <= cx + 1; gx++) {
        if (gx < 0 || gy < 0) continue;
        for (const other of this.cells.get(gy * this.columns + gx) ?? [])
          if (this.intersect(edge, other)) return true;
      }
    }
    return false;
  }

  private cellKey(index: number): number {
    const p = this.points[index] ?? { x: 0, y: 0 };
    return Math.floor(p.y / this.reach) * this.columns + Math.floor(p.x / this.reach);
  }

  /** Touching or collinear overlap counts as crossing; sharing an endpoint does not. */
  private intersect(e: Edge, f: Edge): boolean {
    if (e.a === f.a || e.a === f.b || e.b === f.a || e.b === f.b) return false;
    const p = this.points[e.a];
    const q = this.points[e.b];
    const r = this.points[f.a];
    const s = this.points[f.b];
    if (p === undefined || q === undefined || r === undefined || s === undefined) return false;
    const o1 = orientation(p, q, r);
    const o2 = orientation(p, q, s);
    const o3 = orientation(r, s, p);
    const o4 = orientation(r, s, q);
    return o1 * o2 <= 0 && o3 * o4 <= 0 && !(o1 === 0 && o2 === 0 && !this.overlapCollinear(p, q, r, s));
  }

  private overlapCollinear(p: Point, q: Point, r: Point, s: Point): boolean {
    const overlap = (a: number, b: number, c: number, d: number): boolean =>
      Math.max(Math.min(a, b), Math.min(c, d)) <= Math.min(Math.max(a, b), Math.max(c, d));
    return overlap(p.x, q.x, r.x, s.x) && overlap(p.y, q.y, r.y, s.y);
  }
}
