import type { PlanetTypeKey, SecurityId } from '../types.js';
import type { Random } from './random.js';

export const MIN_ORBITS = 4;
export const MAX_ORBITS = 12;
export const MIN_COLONY_CAPACITY = 120;
export const MAX_COLONY_CAPACITY = 220;

export interface Debris {
  metal: number;
  crystal: number;
}

export interface Orbit {
  /** 1..n within its system. */
  index: number;
  planetType: PlanetTypeKey;
  /** The max_capacity a colony founded on this orbit gets (the home planet has its own). */
  maxCapacity: number;
  debris: Debris | null;
}

/** `default` is the most common world; the specialised types are rarer. */
const PLANET_TYPES: readonly PlanetTypeKey[] = [
  'default',
  'default',
  'default',
  'default',
  'mineral',
  'mineral',
  'volcanic',
  'volcanic',
  'gas',
  'gas',
  'cryogenic',
];

/** Chance that an orbit carries debris, by security: none in high security, more in null. */
const DEBRIS_CHANCE: Record<SecurityId, number> = { 1: 0, 2: 0.15, 3: 0.3 };

function debris(random: Random): Debris {
  // Amounts in hundreds, like the leftovers of a small fight; metal dominates as in combat.
  const metal = random.int(5, 80) * 100;
  const crystal = Math.round((metal * random.int(20, 60)) / 10000) * 100;
  return { metal, crystal };
}

export function generateOrbits(security: SecurityId, random: Random): Orbit[] {
  const count = random.int(MIN_ORBITS, MAX_ORBITS);
  const orbits: Orbit[] = [];
  for (let index = 1; index <= count; index++) {
    orbits.push({
      index,
      planetType: random.pick(PLANET_TYPES),
      maxCapacity: random.int(MIN_COLONY_CAPACITY, MAX_COLONY_CAPACITY),
      debris: random.chance(DEBRIS_CHANCE[security]) ? debris(random) : null,
    });
  }
  return orbits;
}
