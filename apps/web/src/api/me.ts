import type { Me } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export type { Me };

/** GET /me, always refetched (SPEC 7). Silent: the route guard turns a failure into /login. */
export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: () => api.get<Me>('/me', { silent: true }),
  staleTime: 0,
  refetchOnMount: 'always',
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
