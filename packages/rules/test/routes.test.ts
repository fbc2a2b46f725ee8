import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildRouteGraph,
  findRoute,
  findRouteKept,
  KEPT_ROUTES,
  ROUTE_PREFERENCES,
  ROUTE_WEIGHTS,
} from '../src/routes/index.js';
import type { RoutePreference } from '../src/routes/index.js';
import type { SecurityId } from '../src/types.js';
import { generateUniverse } from '../src/universe/index.js';

type System = { id: number; security: SecurityId };
const H: SecurityId = 1;
const L: SecurityId = 2;
const N: SecurityId = 3;

function systems(securities: Record<number, SecurityId>): System[] {
  return Object.entries(securities).map(([id, security]) => ({ id: Number(id), security }));
}

function route(
  list: System[],
  gates: [number, number][],
  from: number,
  to: number,
  prefer: RoutePreference,
): number[] | string {
  const result = findRoute(buildRouteGraph(list, gates), from, to, prefer);
  return result.ok ? result.value : result.reason;
}

/** Reference answers: O(n^2) array Dijkstra towards the destination, then the lowest-id walk. */
function referenceRoute(
  list: System[],
  gates: [number, number][],
  from: number,
  to: number,
  prefer: RoutePreference,
): number[] | null {
  const ids = list.map((s) => s.id).sort((a, b) => a - b);
  const index = new Map(ids.map((id, i) => [id, i]));
  const security = new Map(list.map((s) => [s.id, s.security]));
  const adjacent: Set<number>[] = ids.map(() => new Set<number>());
  for (const [a, b] of gates) {
    const ia = index.get(a) ?? -1;
    const ib = index.get(b) ?? -1;
    if (ia === ib) continue;
    adjacent[ia]?.add(ib);
    adjacent[ib]?.add(ia);
  }
  const cost = ids.map((id) => (prefer === 'shortest' ? 1 : ROUTE_WEIGHTS[prefer][security.get(id) ?? 3]));
  const distance = ids.map(() => Infinity);
  const done = ids.map(() => false);
  distance[index.get(to) ?? -1] = 0;
  for (;;) {
    let node = -1;
    distance.forEach((d, i) => {
      if (!done[i] && d < Infinity && (node === -1 || d < (distance[node] ?? Infinity))) node = i;
    });
    if (node === -1) break;
    done[node] = true;
    for (const next of adjacent[node] ?? []) {
      distance[next] = Math.min(distance[next] ?? Infinity, (distance[node] ?? Infinity) + (cost[node] ?? 0));
    }
  }
  let node = index.get(from) ?? -1;
  if (distance[node] === Infinity) return null;
  const path = [from];
  while (ids[node] !== to) {
    const here = distance[node];
    const next = [...(adjacent[node] ?? [])]
      .sort((a, b) => a - b)
      .find((n) => (distance[n] ?? Infinity) + (cost[n] ?? 0) === here);
    if (next === undefined) throw new Error('reference walk lost its way');
    path.push(ids[next] ?? 0);
    node = next;
  }
  return path;
}

function bfsDistance(gates: [number, number][], from: number, to: number): number {
  const adjacent = new Map<number, number[]>();
  for (const [a, b] of gates) {
    adjacent.set(a, [...(adjacent.get(a) ?? []), b]);
    adjacent.set(b, [...(adjacent.get(b) ?? []), a]);
  }
  const distance = new Map([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] ?? from;
    for (const next of adjacent.get(node) ?? []) {
      if (distance.has(next)) continue;
      distance.set(next, (distance.get(node) ?? 0) + 1);
      queue.push(next);
    }
  }
  return distance.get(to) ?? Infinity;
}

function isGatePath(path: number[], gates: [number, number][]): boolean {
  const linked = new Set(gates.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
  return path.every(
    (id, i) => i === 0 || linked.has(`${Math.min(path[i - 1] ?? 0, id)}-${Math.max(path[i - 1] ?? 0, id)}`),
  );
}

describe('findRoute on hand-made maps', () => {
  // 1 -> 6 three ways: through one null system (2 jumps), through three high-security systems
  // (4 jumps), or through two low-security systems (3 jumps).
  const map = systems({ 1: H, 2: N, 3: H, 4: H, 5: H, 6: H, 7: L, 8: L });
  const gates: [number, number][] = [
    [1, 2],
    [2, 6],
    [1, 3],
    [3, 4],
    [4, 5],
    [5, 6],
    [1, 7],
    [7, 8],
    [8, 6],
  ];

  it('shortest takes the fewest jumps even through null space', () => {
    expect(route(map, gates, 1, 6, 'shortest')).toEqual([1, 2, 6]);
  });

  it('safer takes the longer all-high-security detour', () => {
    expect(route(map, gates, 1, 6, 'safer')).toEqual([1, 3, 4, 5, 6]);
  });

  it('less_secure takes the low-security road', () => {
    expect(route(map, gates, 1, 6, 'less_secure')).toEqual([1, 7, 8, 6]);
  });

  it('safer prefers one low-security system to one null system, since null costs twice as much', () => {
    const list = systems({ 1: H, 2: N, 3: L, 4: H, 5: H });
    expect(
      route(
        list,
        [
          [1, 2],
          [2, 5],
          [1, 3],
          [3, 4],
          [4, 5],
        ],
        1,
        5,
        'safer',
      ),
    ).toEqual([1, 3, 4, 5]);
  });

  it('less_secure avoids null space even when high security is the alternative', () => {
    const list = systems({ 1: L, 2: N, 3: H, 4: L });
    expect(
      route(
        list,
        [
          [1, 2],
          [2, 4],
          [1, 3],
          [3, 4],
        ],
        1,
        4,
        'less_secure',
      ),
    ).toEqual([1, 3, 4]);
  });

  it('breaks ties between equally good routes by the lowest system ids', () => {
    const list = systems({ 1: H, 2: H, 3: H, 4: H, 5: H });
    const square: [number, number][] = [
      [3, 5],
      [1, 3],
      [2, 5],
      [1, 2],
      [1, 4],
      [4, 5],
    ];
    for (const prefer of ROUTE_PREFERENCES) expect(route(list, square, 1, 5, prefer)).toEqual([1, 2, 5]);
    expect(route(list, square, 5, 1, 'safer')).toEqual([5, 2, 1]);
  });

  it('returns the start alone when start and end are the same system', () => {
    for (const prefer of ROUTE_PREFERENCES) expect(route(map, gates, 4, 4, prefer)).toEqual([4]);
  });

  it('refuses an unknown start or end system', () => {
    expect(route(map, gates, 99, 1, 'shortest')).toBe('UNKNOWN_SYSTEM');
    expect(route(map, gates, 1, 99, 'safer')).toBe('UNKNOWN_SYSTEM');
    expect(route(map, gates, Number.NaN, 1, 'less_secure')).toBe('UNKNOWN_SYSTEM');
    expect(route(map, gates, 1.5, 1, 'shortest')).toBe('UNKNOWN_SYSTEM');
  });

  it('refuses a system in another component as unreachable', () => {
    const list = systems({ 1: H, 2: H, 3: L, 4: N });
    for (const prefer of ROUTE_PREFERENCES)
      expect(
        route(
          list,
          [
            [1, 2],
            [3, 4],
          ],
          1,
          4,
          prefer,
        ),
      ).toBe('UNREACHABLE');
  });

  it('refuses an unknown preference instead of throwing', () => {
    expect(route(map, gates, 1, 6, 'fastest' as RoutePreference)).toBe('UNKNOWN_PREFERENCE');
  });

  it('ignores duplicate and self gates', () => {
    const list = systems({ 1: H, 2: L, 3: H });
    expect(
      route(
        list,
        [
          [1, 1],
          [1, 2],
          [2, 1],
          [2, 3],
          [1, 2],
        ],
        1,
        3,
        'shortest',
      ),
    ).toEqual([1, 2, 3]);
  });

  it('refuses to build a graph with a gate to an unknown system', () => {
    expect(() => buildRouteGraph(systems({ 1: H }), [[1, 2]])).toThrow(RangeError);
  });
});

describe('findRoute properties', () => {
  const arbitraryMap = fc.integer({ min: 1, max: 25 }).chain((n) =>
    fc.record({
      list: fc
        .array(fc.constantFrom<SecurityId>(1, 2, 3), { minLength: n, maxLength: n })
        .map((s) => s.map((security, i) => ({ id: i + 1, security }))),
      gates: fc.array(fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })), {
        maxLength: 3 * n,
      }),
      from: fc.integer({ min: 1, max: n }),
      to: fc.integer({ min: 1, max: n }),
      prefer: fc.constantFrom(...ROUTE_PREFERENCES),
    }),
  );

  it('matches a plain Dijkstra reference on random maps, connected or not', () => {
    fc.assert(
      fc.property(arbitraryMap, ({ list, gates, from, to, prefer }) => {
        const expected = referenceRoute(list, gates, from, to, prefer);
        expect(route(list, gates, from, to, prefer)).toEqual(expected ?? 'UNREACHABLE');
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the reference on a 1,000-system universe, where the landmark bounds matter', () => {
    const universe = generateUniverse('thousand', 1000);
    const graph = buildRouteGraph(universe.systems, universe.gates);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(...ROUTE_PREFERENCES),
        (from, to, prefer) => {
          const result = findRoute(graph, from, to, prefer);
          expect(result.ok ? result.value : result.reason).toEqual(
            referenceRoute(universe.systems, universe.gates, from, to, prefer),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('finds valid routes without repeated systems on generated universes, the shortest as long as the BFS distance', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 150 }), fc.nat(), fc.nat(), (seed, size, a, b) => {
        const universe = generateUniverse(seed, size);
        const from = (a % size) + 1;
        const to = (b % size) + 1;
        const graph = buildRouteGraph(universe.systems, universe.gates);
        for (const prefer of ROUTE_PREFERENCES) {
          const result = findRoute(graph, from, to, prefer);
          if (!result.ok) throw new Error(`universe routes are always found, got ${result.reason}`);
          const path = result.value;
          expect(path[0]).toBe(from);
          expect(path.at(-1)).toBe(to);
          expect(new Set(path).size).toBe(path.length);
          expect(isGatePath(path, universe.gates)).toBe(true);
          expect(path).toEqual(referenceRoute(universe.systems, universe.gates, from, to, prefer));
          if (prefer === 'shortest') expect(path.length - 1).toBe(bfsDistance(universe.gates, from, to));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('findRouteKept', () => {
  it('answers as findRoute does, the same frozen answer for the same query, per graph', () => {
    const universe = generateUniverse('kept', 200);
    const graph = buildRouteGraph(universe.systems, universe.gates);
    const other = buildRouteGraph(universe.systems, universe.gates);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 201 }),
        fc.constantFrom(...ROUTE_PREFERENCES),
        (from, to, prefer) => {
          const kept = findRouteKept(graph, from, to, prefer);
          expect(kept).toEqual(findRoute(graph, from, to, prefer));
          expect(findRouteKept(graph, from, to, prefer)).toBe(kept);
          expect(Object.isFrozen(kept)).toBe(true);
          if (kept.ok) expect(Object.isFrozen(kept.value)).toBe(true);
          // Another graph (another universe) keeps its own answers.
          expect(findRouteKept(other, from, to, prefer)).not.toBe(kept);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps at most KEPT_ROUTES answers a graph, then starts afresh', () => {
    const universe = generateUniverse('kept-bound', 150);
    const graph = buildRouteGraph(universe.systems, universe.gates);
    const first = findRouteKept(graph, 1, 2, 'shortest');
    let asked = 1;
    for (let from = 1; from <= 150 && asked <= KEPT_ROUTES; from += 1)
      for (let to = 1; to <= 150 && asked <= KEPT_ROUTES; to += 1)
        if (from !== 1 || to !== 2) {
          findRouteKept(graph, from, to, 'safer');
          asked += 1;
        }
    // The first answer was dropped with the rest: asked again, it is a new (equal) object.
    const again = findRouteKept(graph, 1, 2, 'shortest');
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
