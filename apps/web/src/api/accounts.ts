import type { PublicProfile } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** GET /accounts/{id}: a player's public profile, silent (the screens show their own message). */
export function publicProfileQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['accounts', id],
    queryFn: () => api.get<PublicProfile>(`/accounts/${id}`, { silent: true }),
    retry: false,
  });
}

/** A player's public profile (the player page, and any screen that links to a player). */
export function usePublicProfile(id: number) {
  return useQuery({ ...publicProfileQueryOptions(id), enabled: id > 0 });
}
