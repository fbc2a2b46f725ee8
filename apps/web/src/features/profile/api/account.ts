import {
  sessionsResponseSchema,
  type ChangePasswordBody,
  type EmailChangeBody,
  type SessionInfo,
} from '@starhold/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';

const sessionsKey = ['me', 'sessions'] as const;
const sessionsListSchema = sessionsResponseSchema.shape.data;

/** GET /me/sessions: the account's signed-in browsers, this one first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<SessionInfo[]>('/me/sessions', { schema: sessionsListSchema }),
  });
}

/** POST /me/password: every other session ends; answers how many. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<{ ok: true; ended: number }>('/me/password', body, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** POST /me/email: a confirmation link goes to the new address. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeBody) => api.post<{ ok: true }>('/me/email', body, { silent: true }),
  });
}

/** DELETE /me/sessions/{id}; signing out this browser's own session goes to the login page. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (session: SessionInfo) => api.del<{ ok: true }>(`/me/sessions/${session.id}`),
    onSuccess: (_data, session) => {
      if (session.current) {
        queryClient.clear();
        void navigate('/login', { replace: true });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

/** DELETE /me/sessions: every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<{ ok: true; ended: number }>('/me/sessions'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** DELETE /me with the password: the account is gone; back to the login page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (password: string) =>
      api.request<{ ok: true }>('DELETE', '/me', { body: { password }, silent: true }),
    onSuccess: () => {
      queryClient.clear();
      void navigate('/login?deleted=1', { replace: true });
    },
  });
}
