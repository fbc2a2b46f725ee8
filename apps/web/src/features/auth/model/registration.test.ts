import { describe, expect, it } from 'vitest';
import { canSubmitRegistration, validateRegistration, type RegistrationForm } from './registration';

const valid: RegistrationForm = {
  email: 'ada@example.org',
  username: 'ada_l',
  password: 'Starship1',
  confirm: 'Starship1',
  raceId: '1',
  terms: true,
};

describe('registration validation', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(canSubmitRegistration(valid)).toBe(true);
  });

  it.each([
    [{ email: '' }, 'email', 'required'],
    [{ email: 'not-an-email' }, 'email', 'email'],
    [{ email: `${'a'.repeat(250)}@example.org` }, 'email', 'emailTooLong'],
    [{ username: '' }, 'username', 'required'],
    [{ username: 'a b' }, 'username', 'username'],
    [{ password: 'Short1', confirm: 'Short1' }, 'password', 'passwordLength'],
    [{ password: 'lowercase1', confirm: 'lowercase1' }, 'password', 'passwordUppercase'],
    [{ confirm: 'Starship2' }, 'confirm', 'passwordMismatch'],
    [{ raceId: null }, 'raceId', 'race'],
  ] as const)('flags %o on %s as %s', (change, field, key) => {
    const form = { ...valid, ...change };
    expect(validateRegistration(form)[field]).toBe(key);
    expect(canSubmitRegistration(form)).toBe(false);
  });

  it('refuses to submit until the terms are accepted', () => {
    expect(canSubmitRegistration({ ...valid, terms: false })).toBe(false);
  });

  it('refuses to submit an empty form even with the terms ticked', () => {
    expect(
      canSubmitRegistration({
        email: '',
        username: '',
        password: '',
        confirm: '',
        raceId: null,
        terms: true,
      }),
    ).toBe(false);
  });
});
