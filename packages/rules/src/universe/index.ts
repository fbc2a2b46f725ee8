import type { RaceId, SecurityId } from '../types.js';
import { connectSystems } from './gates.js';
import { generateNames } from './names.js';
import type { Orbit } from './orbits.js';
import { generateOrbits } from './orbits.js';
import { minimumSystemDistance, placeSystems } from './positions.js';
import { createRandom } from './random.js';
import { assignRegions } from './regions.js';

export type { Debris, Orbit } from './orbits.js';
export { MAX_COLONY_CAPACITY, MAX_ORBITS, MIN_COLONY_CAPACITY, MIN_ORBITS } from './orbits.js';
export { MAX_GATES_PER_SYSTEM } from './gates.js';
export { UNIVERSE_PLANE_SIZE, minimumSystemDistance } from './positions.js';
export { highSystemsPerRace, lowSystemsPerRace } from './regions.js';
// Seeded draws for callers that replay a rule with its own seed (the combat simulator's rebuilds).
export { createRandom, type Random } from './random.js';

export const DEFAULT_SYSTEM_COUNT = 80;

export interface UniverseSystem {
  /** 1..N. */
  id: number;
  name: string;
  x: number;
  y: number;
  security: SecurityId;
  /** 1 or 2 in a race's region, 3 (nomads) in null space. */
  race: RaceId;
  orbits: Orbit[];
}

export interface Universe {
  seed: string;
  systems: UniverseSystem[];
  /** Undirected gates as [a, b] with a < b, sorted. */
  gates: [number, number][];
}

/**
 * The whole universe from a seed: the same seed and count always give the same universe. Each
 * step draws from its own stream (derived from the seed), so changing one step, say the names,
 * leaves the positions and gates of existing seeds as they were.
 */
export function generateUniverse(seed: string, systemCount: number = DEFAULT_SYSTEM_COUNT): Universe {
  if (!Number.isInteger(systemCount) || systemCount < 1) {
    throw new RangeError(`systemCount must be a positive integer, got ${systemCount}`);
  }
  const stream = (step: string) => createRandom(`${seed}\u0000${step}`);
  const points = placeSystems(systemCount, stream('positions'));
  const regions = assignRegions(points, stream('regions'));
  const names = generateNames(systemCount, stream('names'));
  const orbitRandom = stream('orbits');
  const systems = points.map((point, i): UniverseSystem => {
    const region = regions[i] ?? { security: 3, race: 3 };
    return {
      id: i + 1,
      name: names[i] ?? '',
      x: point.x,
      y: point.y,
      security: region.security,
      race: region.race,
      orbits: generateOrbits(region.security, orbitRandom),
    };
  });
  const gates = connectSystems(points, minimumSystemDistance(systemCount), stream('gates'))
    .map(([a, b]): [number, number] => [Math.min(a, b) + 1, Math.max(a, b) + 1])
    .sort((g, h) => g[0] - h[0] || g[1] - h[1]);
  return { seed, systems, gates };
}
