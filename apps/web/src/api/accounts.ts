import type { PublicProfile } from '@starhold/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/** A player's public profile (the player page, and any screen that links to a player). */
export function usePublicProfile(id: number) {
  return useQuery({
    queryKey: ['accounts', id],
    queryFn: () => api.get<PublicProfile>(`/accounts/${id}`, { silent: true }),
    enabled: id > 0,
    retry: false,
  });
}
