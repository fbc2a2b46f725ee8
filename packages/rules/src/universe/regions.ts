import type { PlayableRaceId, RaceId, SecurityId } from '../types.js';
import type { Point } from './positions.js';
import { UNIVERSE_PLANE_SIZE } from './positions.js';
import type { Random } from './random.js';

export const HIGH_SECURITY: SecurityId = 1;
export const LOW_SECURITY: SecurityId = 2;
export const NULL_SECURITY: SecurityId = 3;
const NOMAD: RaceId = 3;

/** Share of all systems that is high (resp. low) security for each race. */
const HIGH_SHARE = 0.11;
const LOW_SHARE = 0.09;

/**
 * High-security systems each race gets: max(3, 11% of N), so registration always finds room, and
 * never more than half the systems (tiny test universes).
 */
export function highSystemsPerRace(count: number): number {
  return Math.min(Math.max(3, Math.ceil(HIGH_SHARE * count)), Math.floor(count / 2));
}

export function lowSystemsPerRace(count: number): number {
  return Math.min(Math.ceil(LOW_SHARE * count), Math.floor((count - 2 * highSystemsPerRace(count)) / 2));
}

export interface Region {
  security: SecurityId;
  race: RaceId;
}

/**
 * Humans hold the west, insectoids the east. Each race claims the systems nearest its core
 * (a point near the middle of its side): first its high-security core, then a low-security ring.
 * The races claim in turns, so each gets exactly its share even when the cores are close (small
 * universes). Everything unclaimed is null space held by the nomads.
 */
export function assignRegions(points: readonly Point[], random: Random): Region[] {
  const count = points.length;
  const span = UNIVERSE_PLANE_SIZE;
  const cores: Record<PlayableRaceId, Point> = {
    1: { x: span * (0.13 + 0.07 * random.next()), y: span * (0.35 + 0.3 * random.next()) },
    2: { x: span * (0.8 + 0.07 * random.next()), y: span * (0.35 + 0.3 * random.next()) },
  };
  const byDistance = (race: PlayableRaceId): number[] => {
    const core = cores[race];
    const distances = points.map((p) => (p.x - core.x) ** 2 + (p.y - core.y) ** 2);
    return points.map((_, i) => i).sort((i, j) => (distances[i] ?? 0) - (distances[j] ?? 0) || i - j);
  };
  const order: Record<PlayableRaceId, number[]> = { 1: byDistance(1), 2: byDistance(2) };
  const cursor: Record<PlayableRaceId, number> = { 1: 0, 2: 0 };
  const regions: (Region | undefined)[] = new Array<Region | undefined>(count);

  const claim = (race: PlayableRaceId, security: SecurityId): void => {
    const list = order[race];
    while (cursor[race] < list.length) {
      const index = list[cursor[race]++] ?? 0;
      if (regions[index] === undefined) {
        regions[index] = { security, race };
        return;
      }
    }
  };
  const claimRing = (perRace: number, security: SecurityId): void => {
    for (let i = 0; i < perRace; i++) {
      claim(1, security);
      claim(2, security);
    }
  };
  claimRing(highSystemsPerRace(count), HIGH_SECURITY);
  claimRing(lowSystemsPerRace(count), LOW_SECURITY);
  return regions.map((region) => region ?? { security: NULL_SECURITY, race: NOMAD });
}
