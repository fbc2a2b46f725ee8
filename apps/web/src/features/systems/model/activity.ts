import { parseServerDate } from '../../../lib/format';

/** GAME_RULES 3: a planet is active when its owner visited it less than 7 days ago. */
export const ACTIVE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type PlanetActivity = 'active' | 'inactive';

export function planetActivity(lastVisit: string | null, now: number): PlanetActivity {
  if (lastVisit === null) return 'inactive';
  const visitedAt = parseServerDate(lastVisit).getTime();
  if (Number.isNaN(visitedAt)) return 'inactive';
  return now - visitedAt < ACTIVE_WINDOW_MS ? 'active' : 'inactive';
}
