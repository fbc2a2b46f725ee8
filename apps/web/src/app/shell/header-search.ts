import { modulesFor, type PlayableRaceId } from '@starhold/rules';
import { MODULE_KINDS, type ModuleKind } from '../../components/economy/module-kinds';
import { moduleTextKey } from '../../components/economy/module-view';

/** One line of the header search's results, with where it leads. */
export interface SearchHit {
  group: 'systems' | 'players' | 'modules';
  key: string;
  label: string;
  /** The module's screen, the system's race or the player's race. */
  detail?: string;
  to: string;
}

export const SEARCH_GROUP_LIMIT = 6;

/** Players need two characters: one letter would list the first eight usernames, not a search. */
export const PLAYER_QUERY_MIN = 2;

/** Lower case without accents, so that "syn" finds "Synthétiseur" and "electro" finds "Électro...". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Names starting with the query first, then those holding it; at most `limit`. */
export function rankMatches<T>(
  items: readonly T[],
  name: (item: T) => string,
  query: string,
  limit: number,
): T[] {
  const folded = foldText(query);
  if (folded === '') return [];
  const starts: T[] = [];
  const holds: T[] = [];
  for (const item of items) {
    const text = foldText(name(item));
    if (text.startsWith(folded)) starts.push(item);
    else if (text.includes(folded)) holds.push(item);
  }
  return [...starts, ...holds].slice(0, limit);
}

const KINDS: readonly ModuleKind[] = ['factories', 'buildings', 'researchs', 'ships', 'defenses'];

/**
 * Every module the player's race can build, by its translated name, leading to its screen with the
 * detail open (`?id=`).
 */
export function moduleEntries(
  raceId: number,
  translate: (key: string) => string,
): { kind: ModuleKind; id: number; name: string; to: string }[] {
  const race: PlayableRaceId = raceId === 2 ? 2 : 1;
  return KINDS.flatMap((kind) =>
    modulesFor(MODULE_KINDS[kind].typeId, race).map((def) => ({
      kind,
      id: def.id,
      name: translate(`${moduleTextKey(kind, def.id, race)}.name`),
      to: `${MODULE_KINDS[kind].route}?id=${def.id}`,
    })),
  );
}
