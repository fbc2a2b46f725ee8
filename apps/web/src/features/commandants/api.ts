import type {
  CommandantAvailability,
  CommandantDurationCode,
  UnlockCommandantResult,
} from '@starhold/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const commandantsQueryKey = [...queryKeys.me, 'commandants'] as const;

export function useCommandants() {
  return useQuery({
    queryKey: commandantsQueryKey,
    queryFn: () => api.get<CommandantAvailability[]>('/me/commandants'),
  });
}

export interface UnlockInput {
  id: number;
  time: CommandantDurationCode;
}

/**
 * Silent: the screen shows its own failure toast. Success refreshes everything under ['me']:
 * NMI balance, the new email, and production or durations that the commandant changes.
 */
export function useUnlockCommandant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, time }: UnlockInput) =>
      api.post<UnlockCommandantResult>(`/me/commandants/${id}`, { time }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
