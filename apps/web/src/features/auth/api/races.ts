import type { Race } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const racesQueryOptions = queryOptions({
  queryKey: queryKeys.races,
  // Silent: the race select marks itself invalid instead (SPEC 8).
  queryFn: () => api.get<Race[]>('/lists/races', { silent: true }),
  staleTime: Infinity,
  retry: false,
});

/** Races load only once `enabled` turns true: the first time the race menu opens. */
export function useRaces(enabled: boolean) {
  return useQuery({ ...racesQueryOptions, enabled });
}
