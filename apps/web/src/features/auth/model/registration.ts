import { USERNAME_PATTERN } from '@starhold/contract';
import { emailError, newPasswordError } from '../../../lib/account-validation';

export interface RegistrationForm {
  email: string;
  username: string;
  password: string;
  confirm: string;
  raceId: string | null;
  terms: boolean;
}

export type RegistrationField = Exclude<keyof RegistrationForm, 'terms'>;

/** Keys under auth:validation. */
export type ValidationKey =
  | 'required'
  | 'email'
  | 'emailTooLong'
  | 'username'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordUppercase'
  | 'passwordMismatch'
  | 'race';

export const EMPTY_REGISTRATION: RegistrationForm = {
  email: '',
  username: '',
  password: '',
  confirm: '',
  raceId: null,
  terms: false,
};

export function validateRegistration(
  form: RegistrationForm,
): Partial<Record<RegistrationField, ValidationKey>> {
  const errors: Partial<Record<RegistrationField, ValidationKey>> = {};
  const email = emailError(form.email);
  if (email) errors.email = email;

  if (!form.username) errors.username = 'required';
  else if (!USERNAME_PATTERN.test(form.username)) errors.username = 'username';

  const password = newPasswordError(form.password);
  if (password) errors.password = password;

  if (form.confirm !== form.password) errors.confirm = 'passwordMismatch';

  if (!form.raceId) errors.raceId = 'race';
  return errors;
}

/**
 * SPEC 5: submit only when password and confirmation are equal, no error stands and the terms
 * are accepted. Errors count even on fields not yet touched, so an empty form cannot be sent.
 */
export function canSubmitRegistration(form: RegistrationForm): boolean {
  return form.terms && form.password === form.confirm && Object.keys(validateRegistration(form)).length === 0;
}
