import type { Me } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export type { Me };

/**
 * GET /me, refetched by every screen that opens (SPEC 7 "always refetched"). The components that
 * mount together with one screen share one call: an answer less than a second old counts as
 * fresh, so the route guard's call is not followed at once by the shell's (decision 122).
 * Silent: the route guard turns a failure into /login.
 */
export const ME_FRESH_MS = 1000;

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => api.get<Me>('/me', { silent: true }),
  staleTime: ME_FRESH_MS,
  refetchOnMount: true,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
