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
const EXTRA_LINK_REACH = 2;
const EXTRA_LINK_CHANCE = 0.5;

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
export function connectSystems(points: readonly Point[], minimumDistance: number, random: Random): [number, number][] {
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

  const extraReachSquared = (EXTRA_LINK_REACH * minimumDistance) ** 2;
  for (const edge of candidates) {
    if (edge.lengthSquared > extraReachSquared) break;
    if (linked.has(edge.a * count + edge.b)) continue;
    if ((degree[edge.a] ?? 0) >= EXTRA_LINK_DEGREE_CAP || (degree[edge.b] ?? 0) >= EXTRA_LINK_DEGREE_CAP) continue;
    if (random.chance(EXTRA_LINK_CHANCE)) link(edge);
  }

  return chosen.map((edge) => [edge.a, edge.b]);
}

/** Rare (a hole wider than the candidate reach), so a plain scan is cheap enough. */
function shortestLinkOutOfSmallestComponent(points: readonly Point[], sets: DisjointSets, degree: Int32Array): Edge {
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
