import { PASSWORD_MAX, PASSWORD_MIN } from '@starhold/contract';
import type { ValidationKey } from './registration';

/** The registration's password rules, for any new password (reset, change). */
export function newPasswordError(password: string): ValidationKey | undefined {
  if (password.length < PASSWORD_MIN) return 'passwordLength';
  if (password.length > PASSWORD_MAX) return 'passwordTooLong';
  if (!/\p{Lu}/u.test(password)) return 'passwordUppercase';
  return undefined;
}
