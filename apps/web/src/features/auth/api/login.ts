import type { LoginBody, Me } from '@starhold/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function login(body: LoginBody): Promise<Me> {
  return api.post<Me>('/auth/login', body);
}

/** Logs in; the answer is the player, so the session guard needs no extra round trip. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me, me),
  });
}
