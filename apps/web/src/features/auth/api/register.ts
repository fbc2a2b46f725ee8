import type { Me, RegisterBody } from '@starhold/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function register(body: RegisterBody): Promise<Me> {
  return api.post<Me>('/auth/register', body);
}

/** Registers; the server opens the session at once (API.md), so the player lands logged in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
