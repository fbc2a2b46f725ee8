/**
 * Route finding on a 5,000-system universe, timed against a plain breadth-first search over the
 * same graph in the same run (machine-independent figure: the ratio).
 * Run: node --import tsx bench/routes.ts (add --json for one machine-readable line, as bench/run.ts does)
 */
import { performance } from 'node:perf_hooks';
import { buildRouteGraph, findRoute, ROUTE_PREFERENCES } from '../packages/rules/src/routes/index.js';
import type { RouteGraph, RoutePreference } from '../packages/rules/src/routes/index.js';
import { createRandom } from '../packages/rules/src/universe/random.js';
import { generateUniverse } from '../packages/rules/src/universe/index.js';

const SYSTEMS = 5000;
const QUERIES = 2000;
const RUNS = 7;

/** The baseline: forward BFS with parent pointers, stopping when the destination is found. */
function plainBfs(graph: RouteGraph, fromId: number, toId: number): number[] | null {
  const from = graph.indexById.get(fromId);
  const to = graph.indexById.get(toId);
  if (from === undefined || to === undefined) return null;
  const parent = new Int32Array(graph.ids.length).fill(-1);
  const queue = new Int32Array(graph.ids.length);
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  parent[from] = from;
  while (head < tail && parent[to] === -1) {
    const node = queue[head++] ?? 0;
    const end = graph.offsets[node + 1] ?? 0;
    for (let k = graph.offsets[node] ?? 0; k < end; k++) {
      const neighbour = graph.neighbours[k] ?? 0;
      if (parent[neighbour] !== -1) continue;
      parent[neighbour] = node;
      queue[tail++] = neighbour;
    }
  }
  if (parent[to] === -1) return null;
  const route: number[] = [];
  for (let node = to; node !== from; node = parent[node] ?? from) route.push(graph.ids[node] ?? 0);
  route.push(fromId);
  return route.reverse();
}

/** Microseconds spent answering every pair. */
function timeQueries(
  pairs: readonly [number, number][],
  query: (from: number, to: number) => unknown,
): number {
  const start = performance.now();
  for (const [from, to] of pairs) query(from, to);
  return (performance.now() - start) * 1000;
}

const generationStart = performance.now();
const universe = generateUniverse('bench-routes', SYSTEMS);
const generationMs = performance.now() - generationStart;
const buildStart = performance.now();
const graph = buildRouteGraph(universe.systems, universe.gates);
const buildMs = performance.now() - buildStart;
console.log(
  `universe: ${SYSTEMS} systems, ${universe.gates.length} gates, generated in ${generationMs.toFixed(1)} ms, graph built in ${buildMs.toFixed(1)} ms`,
);

const random = createRandom('bench-queries');
const pairs: [number, number][] = Array.from({ length: QUERIES }, () => [
  random.int(1, SYSTEMS),
  random.int(1, SYSTEMS),
]);

// Warm-up so every function is optimised before timing.
for (const [from, to] of pairs.slice(0, 300)) {
  plainBfs(graph, from, to);
  for (const prefer of ROUTE_PREFERENCES) findRoute(graph, from, to, prefer);
}

// Each run interleaves the contenders over small chunks of queries, so a burst of load on a
// shared machine slows all of them alike instead of skewing one ratio.
const CHUNK = 100;
const ratios = new Map<RoutePreference, number[]>(ROUTE_PREFERENCES.map((p) => [p, []]));
const times = new Map<RoutePreference | 'bfs', number[]>([
  ['bfs', []],
  ...ROUTE_PREFERENCES.map((p): [RoutePreference, number[]] => [p, []]),
]);
for (let run = 0; run < RUNS; run++) {
  let bfs = 0;
  const spent = new Map<RoutePreference, number>(ROUTE_PREFERENCES.map((p) => [p, 0]));
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const chunk = pairs.slice(start, start + CHUNK);
    bfs += timeQueries(chunk, (from, to) => plainBfs(graph, from, to));
    for (const prefer of ROUTE_PREFERENCES) {
      spent.set(
        prefer,
        (spent.get(prefer) ?? 0) + timeQueries(chunk, (from, to) => findRoute(graph, from, to, prefer)),
      );
    }
  }
  times.get('bfs')?.push(bfs / pairs.length);
  for (const prefer of ROUTE_PREFERENCES) {
    const us = (spent.get(prefer) ?? 0) / pairs.length;
    times.get(prefer)?.push(us);
    ratios.get(prefer)?.push(us / (bfs / pairs.length));
  }
}

const summary = (values: readonly number[], digits: number): string => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${(sorted[0] ?? 0).toFixed(digits)} / ${median.toFixed(digits)} / ${(sorted.at(-1) ?? 0).toFixed(digits)}`;
};
console.log(`${QUERIES} random queries x ${RUNS} runs; figures are min / median / max`);
console.log(`  plain BFS      ${summary(times.get('bfs') ?? [], 1)} us per query`);
for (const prefer of ROUTE_PREFERENCES) {
  console.log(
    `  ${prefer.padEnd(14)} ${summary(times.get(prefer) ?? [], 1)} us per query, ratio to BFS ${summary(ratios.get(prefer) ?? [], 2)} (target < 3)`,
  );
}
if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ times: Object.fromEntries(times), ratios: Object.fromEntries(ratios) }));
}
