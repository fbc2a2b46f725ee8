import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/password-reset: always answered the same way (no account enumeration). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ ok: true }>('/auth/password-reset', { email }, { silent: true }),
  });
}

/** POST /auth/password-reset/confirm: the emailed link's token and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; new_password: string }) =>
      api.post<{ ok: true }>('/auth/password-reset/confirm', body, { silent: true }),
  });
}

/** POST /auth/email-change/confirm: the token of the link sent to the new address. */
export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<{ ok: true }>('/auth/email-change/confirm', { token }, { silent: true }),
  });
}
