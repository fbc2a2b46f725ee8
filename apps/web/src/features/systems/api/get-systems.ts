import { systemsFromColumns, systemsMapParser, type SystemListItem } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { SystemListItem };
/** Also used by the tests of this feature. */
export { systemsFromColumns as listFromColumns, systemsMapParser };

export const systemsQueryKey = ['systems'] as const;

export async function fetchSystems(signal?: AbortSignal): Promise<SystemListItem[]> {
  return systemsFromColumns(await api.get('/systems/map', { schema: systemsMapParser, signal }));
}

/** The universe changes only when a planet is colonised, so the list is kept for a few minutes. */
export const systemsQueryOptions = queryOptions({
  queryKey: systemsQueryKey,
  queryFn: ({ signal }) => fetchSystems(signal),
  staleTime: 5 * 60_000,
});

export function useSystems() {
  return useQuery(systemsQueryOptions);
}
