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

/**
 * Cost of jumping INTO a system, by security, for the weighted preferences (EVE Online's
 * autopilot idea; docs/decisions/011). Integers, so equal-cost routes compare exactly.
 */
export const ROUTE_WEIGHTS: Readonly<Record<Exclude<RoutePreference, 'shortest'>, Readonly<Record<SecurityId, number>>>> = {
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
  readonly costs: Readonly<Record<Exclude<RoutePreference, 'shortest'>, Float64Array>>;
}

/**
 * Built once per universe and reused for every query. Duplicate and self gates are ignored; a gate
 * naming an unknown system is a programming error and throws.
 */
export function buildRouteGraph(systems: readonly { id: number; security: SecurityId }[], gates: readonly (readonly [number, number])[]): RouteGraph {
  const sorted = [...systems].sort((a, b) => a.id - b.id);
  const count = sorted.length;
  const ids = new Int32Array(count);
  const indexById = new Map<number, number>();
  const costs = { safer: new Float64Array(count), less_secure: new Float64Array(count) };
  sorted.forEach((system, i) => {
    ids[i] = system.id;
    indexById.set(system.id, i);
    costs.safer[i] = ROUTE_WEIGHTS.safer[system.security];
    costs.less_secure[i] = ROUTE_WEIGHTS.less_secure[system.security];
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
  return { ids, indexById, offsets, neighbours: Int32Array.from(flat), costs };
}

/**
 * The route from one system to another, both included. Among equally good routes the one whose
 * systems have the lowest ids (compared from the start) wins. Never throws: bad input is a refusal.
 */
export function findRoute(graph: RouteGraph, fromId: number, toId: number, prefer: RoutePreference): RouteResult {
  const from = graph.indexById.get(fromId);
  const to = graph.indexById.get(toId);
  if (from === undefined || to === undefined) {
    return { ok: false, reason: 'UNKNOWN_SYSTEM', message: `Unknown system ${from === undefined ? fromId : toId}` };
  }
  if (prefer !== 'shortest' && prefer !== 'safer' && prefer !== 'less_secure') {
    return { ok: false, reason: 'UNKNOWN_PREFERENCE', message: `Unknown route preference ${String(prefer)}` };
  }
  if (from === to) return { ok: true, value: [fromId] };
  const path = prefer === 'shortest' ? fewestJumps(graph, from, to) : cheapest(graph, from, to, graph.costs[prefer]);
  if (path === null) return { ok: false, reason: 'UNREACHABLE', message: `No route from ${fromId} to ${toId}` };
  return { ok: true, value: path };
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

function cheapest(graph: RouteGraph, from: number, to: number, cost: Float64Array): number[] | null {
  const { offsets, neighbours } = graph;
  const count = graph.ids.length;
  // Heap keys are distance * stride + node: distances are integers and stride a power of two
  // above the node count, so the key is exact (well below 2^53 for any universe we generate) and
  // equal distances pop the lowest node first.
  const stride = 2 ** Math.ceil(Math.log2(count + 1));
  const distance = new Float64Array(count).fill(Infinity);
  const settled = new Uint8Array(count);
  const heap = new MinHeap(count);
  distance[to] = 0;
  heap.push(to);
  while (heap.size > 0) {
    const key = heap.pop();
    const node = key % stride;
    if (settled[node] === 1) continue;
    settled[node] = 1;
    if (node === from) break;
    // Searching backwards: reaching `neighbour` from `node` means the traveller jumps into `node`.
    const through = (distance[node] ?? 0) + (cost[node] ?? 0);
    const end = offsets[node + 1] ?? 0;
    for (let k = offsets[node] ?? 0; k < end; k++) {
      const neighbour = neighbours[k] ?? 0;
      if (through < (distance[neighbour] ?? Infinity)) {
        distance[neighbour] = through;
        heap.push(through * stride + neighbour);
      }
    }
  }
  if (settled[from] !== 1) return null;
  return walk(graph, from, to, (node, neighbour) => (distance[neighbour] ?? Infinity) + (cost[neighbour] ?? 0) === distance[node]);
}

function walk(graph: RouteGraph, from: number, to: number, onOptimalRoute: (node: number, neighbour: number) => boolean): number[] {
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
