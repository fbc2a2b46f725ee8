import type { SecurityId } from '../types.js';
import { MinHeap } from './min-heap.js';

export type RoutePreference = 'shortest' | 'safer' | 'less_secure';
export const ROUTE_PREFERENCES: readonly RoutePreference[] = ['shortest', 'safer', 'less_secure'];

export type RouteRefusalReason = 'UNKNOWN_SYSTEM' | 'UNREACHABLE' | 'UNKNOWN_PREFERENCE';
export interface RouteRefusal {
  ok: false;
  reason: RouteRefusalReason;
  message: string;
}
export type RouteResult = { ok: true; value: number[] } | RouteRefusal;

/** More landmarks tighten the A* bound but cost memory and build time; 8 is the usual sweet spot. */
const LANDMARKS = 8;

/**
 * Cost of jumping INTO a system, by security, for the weighted preferences (EVE Online's
 * autopilot idea; docs/decisions/011). Integers, so equal-cost routes compare exactly.
 */
export const ROUTE_WEIGHTS: Readonly<
  Record<Exclude<RoutePreference, 'shortest'>, Readonly<Record<SecurityId, number>>>
> = {
  safer: { 1: 1, 2: 10, 3: 20 },
  less_secure: { 1: 10, 2: 1, 3: 20 },
};

/**
 * Compressed adjacency (CSR): the neighbours of node i are neighbours[offsets[i] .. offsets[i+1]).
 * Nodes are the systems sorted by id and each neighbour list is sorted, so "lowest index" and
 * "lowest id" are the same tie-break everywhere.
 */
export interface RouteGraph {
  readonly ids: Int32Array;
  readonly indexById: ReadonlyMap<number, number>;
  readonly offsets: Int32Array;
  readonly neighbours: Int32Array;
  readonly weighted: Readonly<Record<WeightedPreference, WeightedLayer>>;
}

type WeightedPreference = Exclude<RoutePreference, 'shortest'>;

/**
 * The weighted searches run on symmetric doubled edge weights W(u, v) = cost(u) + cost(v): along
 * any path a..b their sum is 2 * (cost of the jumps) + cost(a) - cost(b), so the best routes are
 * the same and the graph becomes undirected, which the landmark bounds need.
 */
interface WeightedLayer {
  /** Cost of jumping into each node. */
  readonly cost: Float64Array;
  readonly landmarkCount: number;
  /** Symmetric doubled distance from landmark l to node v at [v * landmarkCount + l]. */
  readonly landmarkDistance: Float64Array;
}

/**
 * Built once per universe and reused for every query. Duplicate and self gates are ignored; a gate
 * naming an unknown system is a programming error and throws.
 */
export function buildRouteGraph(
  systems: readonly { id: number; security: SecurityId }[],
  gates: readonly (readonly [number, number])[],
): RouteGraph {
  const sorted = [...systems].sort((a, b) => a.id - b.id);
  const count = sorted.length;
  const ids = new Int32Array(count);
  const indexById = new Map<number, number>();
  sorted.forEach((system, i) => {
    ids[i] = system.id;
    indexById.set(system.id, i);
  });

  const lists: number[][] = Array.from({ length: count }, () => []);
  for (const [a, b] of gates) {
    const ia = indexById.get(a);
    const ib = indexById.get(b);
    if (ia === undefined || ib === undefined) throw new RangeError(`gate ${a}-${b} names an unknown system`);
    if (ia === ib) continue;
    lists[ia]?.push(ib);
    lists[ib]?.push(ia);
  }
  const offsets = new Int32Array(count + 1);
  const flat: number[] = [];
  lists.forEach((list, i) => {
    list.sort((x, y) => x - y);
    list.forEach((node, k) => {
      if (k === 0 || list[k - 1] !== node) flat.push(node);
    });
    offsets[i + 1] = flat.length;
  });
  const neighbours = Int32Array.from(flat);
  const landmarks = chooseLandmarks(offsets, neighbours, Math.min(LANDMARKS, count));
  const layer = (weights: Readonly<Record<SecurityId, number>>): WeightedLayer => {
    const cost = Float64Array.from(sorted, (system) => weights[system.security]);
    const landmarkDistance = new Float64Array(count * landmarks.length);
    landmarks.forEach((landmark, l) => {
      const distance = symmetricDistances(offsets, neighbours, cost, landmark);
      for (let v = 0; v < count; v++) landmarkDistance[v * landmarks.length + l] = distance[v] ?? Infinity;
    });
    return { cost, landmarkCount: landmarks.length, landmarkDistance };
  };
  return {
    ids,
    indexById,
    offsets,
    neighbours,
    weighted: { safer: layer(ROUTE_WEIGHTS.safer), less_secure: layer(ROUTE_WEIGHTS.less_secure) },
  };
}

/**
 * Farthest-point landmarks by jumps: each new landmark is the node farthest from those already
 * chosen (an unreachable node counts as farthest, so each component gets one), lowest index on
 * ties. Landmarks on the rim of the map give the tightest bounds for routes across it.
 */
function chooseLandmarks(offsets: Int32Array, neighbours: Int32Array, wanted: number): number[] {
  const count = offsets.length - 1;
  if (count === 0) return [];
  const nearest = hopDistances(offsets, neighbours, 0);
  let next = farthest(nearest);
  nearest.fill(Infinity);
  const landmarks: number[] = [];
  while (landmarks.length < wanted) {
    landmarks.push(next);
    const hops = hopDistances(offsets, neighbours, next);
    for (let v = 0; v < count; v++) nearest[v] = Math.min(nearest[v] ?? Infinity, hops[v] ?? Infinity);
    next = farthest(nearest);
    if (nearest[next] === 0) break;
  }
  return landmarks;
}

function farthest(distance: Float64Array): number {
  let best = 0;
  for (let v = 1; v < distance.length; v++) if ((distance[v] ?? 0) > (distance[best] ?? 0)) best = v;
  return best;
}

function hopDistances(offsets: Int32Array, neighbours: Int32Array, source: number): Float64Array {
  const distance = new Float64Array(offsets.length - 1).fill(Infinity);
  const queue = new Int32Array(offsets.length - 1);
  let head = 0;
  let tail = 0;
  queue[tail++] = source;
  distance[source] = 0;
  while (head < tail) {
    const node = queue[head++] ?? 0;
    const next = (distance[node] ?? 0) + 1;
    const end = offsets[node + 1] ?? 0;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      if (distance[neighbour] !== Infinity) continue;
      distance[neighbour] = next;
      queue[tail++] = neighbour;
    }
  }
  return distance;
}

/** Full Dijkstra on the symmetric doubled weights (see WeightedLayer), for the landmarks. */
function symmetricDistances(
  offsets: Int32Array,
  neighbours: Int32Array,
  cost: Float64Array,
  source: number,
): Float64Array {
  const count = offsets.length - 1;
  const stride = keyStride(count);
  const distance = new Float64Array(count).fill(Infinity);
  const settled = new Uint8Array(count);
  const heap = new MinHeap(count);
  distance[source] = 0;
  heap.push(source);
  while (heap.size > 0) {
    const node = nodeOfKey(heap.pop(), stride);
    if (settled[node] === 1) continue;
    settled[node] = 1;
    const base = (distance[node] ?? 0) + (cost[node] ?? 0);
    const end = offsets[node + 1] ?? 0;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      const through = base + (cost[neighbour] ?? 0);
      if (through < (distance[neighbour] ?? Infinity)) {
        distance[neighbour] = through;
        heap.push(through * stride + neighbour);
      }
    }
  }
  return distance;
}

/**
 * Heap keys are priority * stride + node: priorities are integers and the stride a power of two
 * above the node count, so a key is exact (far below 2^53 for any universe we generate) and equal
 * priorities pop the lowest node first.
 */
function keyStride(count: number): number {
  return 2 ** Math.ceil(Math.log2(count + 1));
}

function nodeOfKey(key: number, stride: number): number {
  // Floor instead of %: a float modulo is a slow runtime call in V8, this stays in registers.
  return key - Math.floor(key / stride) * stride;
}

/**
 * The route from one system to another, both included. Among equally good routes the one whose
 * systems have the lowest ids (compared from the start) wins. Never throws: bad input is a refusal.
 */
export function findRoute(
  graph: RouteGraph,
  fromId: number,
  toId: number,
  prefer: RoutePreference,
): RouteResult {
  const from = graph.indexById.get(fromId);
  const to = graph.indexById.get(toId);
  if (from === undefined || to === undefined) {
    return {
      ok: false,
      reason: 'UNKNOWN_SYSTEM',
      message: `Unknown system ${from === undefined ? fromId : toId}`,
    };
  }
  if (prefer !== 'shortest' && prefer !== 'safer' && prefer !== 'less_secure') {
    return { ok: false, reason: 'UNKNOWN_PREFERENCE', message: `Unknown route preference ${String(prefer)}` };
  }
  if (from === to) return { ok: true, value: [fromId] };
  const path =
    prefer === 'shortest' ? fewestJumps(graph, from, to) : cheapest(graph, from, to, graph.weighted[prefer]);
  if (path === null)
    return { ok: false, reason: 'UNREACHABLE', message: `No route from ${fromId} to ${toId}` };
  return { ok: true, value: path };
}

/** Routes kept per graph, at most this many; then all are dropped and kept afresh. */
export const KEPT_ROUTES = 8192;
const keptRoutes = new WeakMap<RouteGraph, Map<string, RouteResult>>();

/**
 * findRoute, with each graph's answers kept (a universe's gates never change, and a route is a
 * pure function of the graph and the query): fleet orders ask for the same few routes again and
 * again (a player's colonies, the neighbours they trade with). The route arrays handed out are
 * frozen, since every caller of the same query shares one. The route bench times findRoute
 * itself, never this.
 */
export function findRouteKept(
  graph: RouteGraph,
  fromId: number,
  toId: number,
  prefer: RoutePreference,
): RouteResult {
  let kept = keptRoutes.get(graph);
  if (kept === undefined) {
    kept = new Map();
    keptRoutes.set(graph, kept);
  }
  const key = `${fromId} ${toId} ${prefer}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const found = findRoute(graph, fromId, toId, prefer);
  if (found.ok) Object.freeze(found.value);
  if (kept.size >= KEPT_ROUTES) kept.clear();
  kept.set(key, Object.freeze(found));
  return found;
}

/**
 * Both searches run backwards from the destination, so each system's distance TO the end is
 * known; the route is then walked forwards taking, at each step, the lowest-id neighbour that is
 * on an optimal route. That gives the id tie-break without storing parents per tie.
 */
function fewestJumps(graph: RouteGraph, from: number, to: number): number[] | null {
  const { offsets, neighbours } = graph;
  const distance = new Int32Array(graph.ids.length).fill(-1);
  const queue = new Int32Array(graph.ids.length);
  let head = 0;
  let tail = 0;
  queue[tail++] = to;
  distance[to] = 0;
  search: while (head < tail) {
    const node = queue[head++] ?? 0;
    const next = (distance[node] ?? 0) + 1;
    const end = offsets[node + 1] ?? 0;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      if (distance[neighbour] !== -1) continue;
      distance[neighbour] = next;
      if (neighbour === from) break search;
      queue[tail++] = neighbour;
    }
  }
  if (distance[from] === -1) return null;
  return walk(graph, from, to, (node, neighbour) => distance[neighbour] === (distance[node] ?? 0) - 1);
}

/**
 * A* backwards from the destination over the symmetric doubled weights, with the landmark (ALT)
 * lower bound h(v) = max over landmarks L of |D(L, from) - D(L, v)|. It keeps settling until the
 * smallest f exceeds the best cost, so every system on any best route has its exact distance and
 * the lowest-id walk is the same as plain Dijkstra's.
 */
function cheapest(graph: RouteGraph, from: number, to: number, layer: WeightedLayer): number[] | null {
  const { offsets, neighbours } = graph;
  const { cost, landmarkCount, landmarkDistance } = layer;
  const count = graph.ids.length;
  const stride = keyStride(count);
  const distance = new Float64Array(count).fill(Infinity);
  const bound = new Float64Array(count).fill(-1);
  const settled = new Uint8Array(count);
  const heap = new MinHeap(count);
  const fromBase = from * landmarkCount;
  const lowerBound = (node: number): number => {
    let best = 0;
    const base = node * landmarkCount;
    for (let l = 0; l < landmarkCount; l++) {
      const a = landmarkDistance[fromBase + l] ?? 0;
      const b = landmarkDistance[base + l] ?? 0;
      // A landmark that cannot reach one of the two says nothing about their distance.
      if (a === Infinity || b === Infinity) continue;
      const gap = a > b ? a - b : b - a;
      if (gap > best) best = gap;
    }
    return best;
  };
  distance[to] = 0;
  bound[to] = lowerBound(to);
  heap.push((bound[to] ?? 0) * stride + to);
  let best = Infinity;
  while (heap.size > 0) {
    const key = heap.pop();
    if (key >= (best + 1) * stride) break;
    const node = nodeOfKey(key, stride);
    if (settled[node] === 1) continue;
    settled[node] = 1;
    if (node === from) best = distance[node] ?? Infinity;
    const base = (distance[node] ?? 0) + (cost[node] ?? 0);
    const end = offsets[node + 1] ?? 0;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      const through = base + (cost[neighbour] ?? 0);
      if (through < (distance[neighbour] ?? Infinity)) {
        distance[neighbour] = through;
        let h = bound[neighbour] ?? -1;
        if (h < 0) {
          h = lowerBound(neighbour);
          bound[neighbour] = h;
        }
        heap.push((through + h) * stride + neighbour);
      }
    }
  }
  if (settled[from] !== 1) return null;
  return walk(
    graph,
    from,
    to,
    (node, neighbour) =>
      (distance[neighbour] ?? Infinity) + (cost[node] ?? 0) + (cost[neighbour] ?? 0) === distance[node],
  );
}

function walk(
  graph: RouteGraph,
  from: number,
  to: number,
  onOptimalRoute: (node: number, neighbour: number) => boolean,
): number[] {
  const { offsets, neighbours, ids } = graph;
  const route = [ids[from] ?? 0];
  let node = from;
  while (node !== to) {
    const end = offsets[node + 1] ?? 0;
    let next = -1;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      if (onOptimalRoute(node, neighbour)) {
        next = neighbour;
        break;
      }
    }
    node = next;
    route.push(ids[node] ?? 0);
  }
  return route;
}
