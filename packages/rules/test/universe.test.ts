import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Universe } from '../src/universe/index.js';
import {
  DEFAULT_SYSTEM_COUNT,
  MAX_COLONY_CAPACITY,
  MAX_GATES_PER_SYSTEM,
  MAX_ORBITS,
  MIN_COLONY_CAPACITY,
  MIN_ORBITS,
  UNIVERSE_PLANE_SIZE,
  generateUniverse,
  highSystemsPerRace,
  minimumSystemDistance,
} from '../src/universe/index.js';

function gateCounts(universe: Universe): Map<number, number> {
  const counts = new Map(universe.systems.map((s) => [s.id, 0]));
  for (const [a, b] of universe.gates) {
    counts.set(a, (counts.get(a) ?? 0) + 1);
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  return counts;
}

function reachableFromFirst(universe: Universe): number {
  const adjacent = new Map<number, number[]>(universe.systems.map((s) => [s.id, []]));
  for (const [a, b] of universe.gates) {
    adjacent.get(a)?.push(b);
    adjacent.get(b)?.push(a);
  }
  const seen = new Set([1]);
  const stack = [1];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const next of adjacent.get(id) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen.size;
}

function closestPairDistance(universe: Universe): number {
  let best = Infinity;
  const sorted = [...universe.systems].sort((a, b) => a.x - b.x);
  sorted.forEach((s, i) => {
    for (let j = i + 1; j < sorted.length; j++) {
      const t = sorted[j];
      if (t === undefined || t.x - s.x >= best) break;
      best = Math.min(best, Math.hypot(t.x - s.x, t.y - s.y));
    }
  });
  return best;
}

function crossingGates(universe: Universe): number {
  const at = (id: number): { x: number; y: number } => universe.systems[id - 1] ?? { x: 0, y: 0 };
  const side = (
    p: { x: number; y: number },
    q: { x: number; y: number },
    r: { x: number; y: number },
  ): number => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  let crossings = 0;
  universe.gates.forEach(([a, b], i) => {
    for (const [c, d] of universe.gates.slice(i + 1)) {
      if (a === c || a === d || b === c || b === d) continue;
      if (
        side(at(a), at(b), at(c)) * side(at(a), at(b), at(d)) < 0 &&
        side(at(c), at(d), at(a)) * side(at(c), at(d), at(b)) < 0
      )
        crossings++;
    }
  });
  return crossings;
}

/**
 * Every structural invariant of a generated universe, shared by the example and property tests.
 * Returns the broken ones as sentences: one assertion per universe keeps the property test fast.
 */
function problems(universe: Universe, size: number): string[] {
  const found: string[] = [];
  const check = (ok: boolean, problem: string): void => {
    if (!ok) found.push(problem);
  };
  const { systems, gates } = universe;
  check(systems.every((s, i) => s.id === i + 1) && systems.length === size, 'ids are not 1..N');
  check(new Set(systems.map((s) => s.name)).size === size, 'names are not unique');
  for (const s of systems) {
    check(/^[A-Z][a-z]{2,}$/.test(s.name), `name ${s.name} is not a capitalised word`);
    check(
      s.x >= 0 && s.x <= UNIVERSE_PLANE_SIZE && s.y >= 0 && s.y <= UNIVERSE_PLANE_SIZE,
      `system ${s.id} is off the plane`,
    );
    check(
      s.orbits.length >= MIN_ORBITS && s.orbits.length <= MAX_ORBITS,
      `system ${s.id} has ${s.orbits.length} orbits`,
    );
    check(
      s.orbits.every((o, i) => o.index === i + 1),
      `system ${s.id} orbit indexes are not 1..n`,
    );
    for (const orbit of s.orbits) {
      check(
        ['default', 'gas', 'mineral', 'cryogenic', 'volcanic'].includes(orbit.planetType),
        `unknown planet type ${orbit.planetType}`,
      );
      check(
        orbit.maxCapacity >= MIN_COLONY_CAPACITY && orbit.maxCapacity <= MAX_COLONY_CAPACITY,
        `capacity ${orbit.maxCapacity}`,
      );
      check(Number.isInteger(orbit.maxCapacity), `capacity ${orbit.maxCapacity} is not an integer`);
      if (orbit.debris !== null) {
        check(s.security !== 1, `high-security system ${s.id} has debris`);
        check(orbit.debris.metal > 0 && orbit.debris.crystal > 0, `empty debris in system ${s.id}`);
      }
    }
    check(
      (s.race === 3) === (s.security === 3),
      `system ${s.id} has race ${s.race} and security ${s.security}`,
    );
  }

  const keys = new Set(gates.map(([a, b]) => `${a}-${b}`));
  check(keys.size === gates.length, 'duplicate gates');
  check(
    gates.every(([a, b]) => a >= 1 && a < b && b <= size),
    'a gate is a self gate, unordered or names an unknown system',
  );
  check(
    gates.every(
      (g, i) =>
        i === 0 ||
        (gates[i - 1]?.[0] ?? 0) < g[0] ||
        ((gates[i - 1]?.[0] ?? 0) === g[0] && (gates[i - 1]?.[1] ?? 0) < g[1]),
    ),
    'gates are not sorted',
  );
  if (size > 1) {
    for (const [id, count] of gateCounts(universe))
      check(count >= 1 && count <= MAX_GATES_PER_SYSTEM, `system ${id} has ${count} gates`);
    const closest = closestPairDistance(universe);
    check(closest >= minimumSystemDistance(size), `two systems are ${closest} apart`);
  }
  check(reachableFromFirst(universe) === size, 'the gate graph is not connected');

  for (const race of [1, 2] as const) {
    const high = systems.filter((s) => s.race === race && s.security === 1);
    check(
      high.length >= highSystemsPerRace(size),
      `race ${race} has only ${high.length} high-security systems`,
    );
  }
  return found;
}

describe('generateUniverse', () => {
  it.each([20, DEFAULT_SYSTEM_COUNT, 1000])('builds a well-formed universe of %i systems', (size) => {
    expect(problems(generateUniverse('starhold', size), size)).toEqual([]);
  });

  it.each([20, DEFAULT_SYSTEM_COUNT, 1000])(
    'draws %i systems with gates that never cross each other',
    (size) => {
      expect(crossingGates(generateUniverse('starhold', size))).toBe(0);
    },
  );

  it('gives every race at least max(3, 10% of N) high-security systems', () => {
    for (const size of [20, 80, 1000]) {
      const universe = generateUniverse('fair-share', size);
      for (const race of [1, 2]) {
        const high = universe.systems.filter((s) => s.race === race && s.security === 1).length;
        expect(high).toBeGreaterThanOrEqual(Math.max(3, Math.ceil(size / 10)));
      }
    }
  });

  it('gives the same universe for the same seed and count', () => {
    expect(generateUniverse('repeatable', 300)).toEqual(generateUniverse('repeatable', 300));
  });

  it('gives different universes for different seeds', () => {
    const a = generateUniverse('seed-a', 80);
    const b = generateUniverse('seed-b', 80);
    expect(a.systems.map((s) => [s.x, s.y])).not.toEqual(b.systems.map((s) => [s.x, s.y]));
    expect(a.systems.map((s) => s.name)).not.toEqual(b.systems.map((s) => s.name));
  });

  it('uses 80 systems by default', () => {
    expect(generateUniverse('default').systems).toHaveLength(DEFAULT_SYSTEM_COUNT);
  });

  it('puts humans in the west and insectoids in the east, high security at each core and low on its border', () => {
    const universe = generateUniverse('regions', 1000);
    const meanX = (race: number, security: number): number => {
      const xs = universe.systems.filter((s) => s.race === race && s.security === security).map((s) => s.x);
      return xs.reduce((sum, x) => sum + x, 0) / xs.length;
    };
    expect(meanX(1, 1)).toBeLessThan(300);
    expect(meanX(2, 1)).toBeGreaterThan(700);
    // The low ring surrounds the core, so it reaches further towards the middle.
    expect(meanX(1, 2)).toBeGreaterThan(meanX(1, 1));
    expect(meanX(2, 2)).toBeLessThan(meanX(2, 1));
    // The middle band of the map belongs to the nomads.
    const middle = universe.systems.filter((s) => s.x > 480 && s.x < 520);
    expect(middle.length).toBeGreaterThan(0);
    expect(middle.every((s) => s.race === 3 && s.security === 3)).toBe(true);
  });

  it('surrounds each high-security core with low security before null space', () => {
    const universe = generateUniverse('borders', 1000);
    const byId = new Map(universe.systems.map((s) => [s.id, s]));
    const nullNextToHigh = universe.gates.filter(([a, b]) => {
      const pair = [byId.get(a)?.security, byId.get(b)?.security];
      return pair.includes(1) && pair.includes(3);
    });
    // A gate may jump the thin low ring now and then, but high and null are rarely adjacent.
    expect(nullNextToHigh.length).toBeLessThan(universe.gates.length * 0.02);
  });

  it('seeds debris in some low and null systems and never in high security', () => {
    const universe = generateUniverse('debris', 1000);
    const withDebris = universe.systems.filter((s) => s.orbits.some((o) => o.debris !== null));
    expect(withDebris.length).toBeGreaterThan(0);
    expect(withDebris.some((s) => s.security === 2)).toBe(true);
    expect(withDebris.some((s) => s.security === 3)).toBe(true);
    expect(withDebris.every((s) => s.security !== 1)).toBe(true);
  });

  it('uses every planet type', () => {
    const types = new Set(
      generateUniverse('types', 80).systems.flatMap((s) => s.orbits.map((o) => o.planetType)),
    );
    expect([...types].sort()).toEqual(['cryogenic', 'default', 'gas', 'mineral', 'volcanic']);
  });

  // Speed is measured by bench/routes.ts, never asserted here.
  it('generates a 5,000-system universe that is fully connected with unique names', () => {
    const universe = generateUniverse('large', 5000);
    expect(new Set(universe.systems.map((s) => s.name)).size).toBe(5000);
    expect(reachableFromFirst(universe)).toBe(5000);
  });

  it('handles a universe of one system', () => {
    const universe = generateUniverse('alone', 1);
    expect(universe.systems).toHaveLength(1);
    expect(universe.gates).toEqual([]);
  });

  it('rejects a count that is not a positive integer', () => {
    expect(() => generateUniverse('bad', 0)).toThrow(RangeError);
    expect(() => generateUniverse('bad', 2.5)).toThrow(RangeError);
  });

  it('is well-formed for any seed and any size from 2 to 300', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 300 }), (seed, size) => {
        expect(problems(generateUniverse(seed, size), size)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });
});
