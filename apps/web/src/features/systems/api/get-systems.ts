import { systemListItemSchema, type SystemListItem } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { SystemListItem };

export const systemsQueryKey = ['systems'] as const;

const systemListSchema = systemListItemSchema.array();

export function fetchSystems(signal?: AbortSignal): Promise<SystemListItem[]> {
  return api.get('/systems', { schema: systemListSchema, signal });
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
