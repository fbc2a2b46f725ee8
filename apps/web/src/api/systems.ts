import { systemsFromColumns, systemsMapParser, type SystemListItem } from '@starhold/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api } from '../lib/api';

/**
 * The universe's systems by id, for the screens that show a place by name (fleets, emails, reports,
 * the header's warning). Same key, answer and freshness as the map's list (features/systems
 * api/get-systems.ts): GET /systems/map in columns, turned into the list's items with the
 * contract's `systemsFromColumns`, so whichever screen asks first fills the cache for the other.
 */
const SYSTEMS_KEY = ['systems'] as const;
const SYSTEMS_FRESH_MS = 5 * 60_000;

function byId(list: SystemListItem[]): ReadonlyMap<number, SystemListItem> {
  return new Map(list.map((system) => [system.id, system]));
}

/** `enabled: false` reads only what the cache already holds (the header waits for a hostile fleet). */
export function useSystemsById(enabled = true) {
  return useQuery({
    queryKey: SYSTEMS_KEY,
    queryFn: async ({ signal }) =>
      systemsFromColumns(await api.get('/systems/map', { schema: systemsMapParser, signal, silent: true })),
    staleTime: SYSTEMS_FRESH_MS,
    select: byId,
    enabled,
  });
}

/**
 * "Sol Prime · orbit 3", or "System 12 · orbit 3" while the list is not loaded (or the id is
 * unknown). Texts: fleets:page.system and fleets:page.place.
 */
export function placeName(
  t: TFunction,
  systems: ReadonlyMap<number, { name: string }> | undefined,
  systemId: number,
  orbit?: number | null,
): string {
  const system = systems?.get(systemId)?.name ?? t('fleets:page.system', { system: systemId });
  return orbit === undefined || orbit === null ? system : t('fleets:page.place', { system, orbit });
}
