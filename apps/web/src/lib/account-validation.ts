import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@starhold/contract';

/** The checks the forms make before asking the server; each result is a key under auth:validation. */
export type EmailError = 'required' | 'emailTooLong' | 'email';
export type NewPasswordError = 'passwordLength' | 'passwordTooLong' | 'passwordUppercase';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An address as registration, "forgot password" and "change email" accept it (trimmed first). */
export function emailError(email: string): EmailError | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > EMAIL_MAX) return 'emailTooLong';
  return EMAIL_FORMAT.test(trimmed) ? undefined : 'email';
}

/** The registration's password rules, for any new password (registration, reset, change). */
export function newPasswordError(password: string): NewPasswordError | undefined {
  if (password.length < PASSWORD_MIN) return 'passwordLength';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  if (!/\p{Lu}/u.test(password)) return 'passwordUppercase';
  return undefined;
}
