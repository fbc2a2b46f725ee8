/** Local settings persisted in the browser (SPEC 3): language and race. */
export const LANGUAGE_STORAGE_KEY = 'starhold.language';
export const RACE_STORAGE_KEY = 'starhold.race';

export const SUPPORTED_LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** Race ids of SPEC 1: 1 human (default theme), 2 insectoid/robot (green theme). */
export type ThemeRace = 'human' | 'robot';

export function raceThemeFromId(raceId: number | undefined): ThemeRace {
  return raceId === 2 ? 'robot' : 'human';
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStoredRace(): ThemeRace {
  return storage()?.getItem(RACE_STORAGE_KEY) === 'robot' ? 'robot' : 'human';
}

export function storeRace(race: ThemeRace): void {
  storage()?.setItem(RACE_STORAGE_KEY, race);
}
