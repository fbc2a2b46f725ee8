import { describe, expect, it } from 'vitest';
import { emailError, newPasswordError } from './account-validation';

describe('newPasswordError', () => {
  it.each([
    ['', 'passwordLength'],
    ['Short1', 'passwordLength'],
    ['lowercase1', 'passwordUppercase'],
    [`A${'a'.repeat(128)}`, 'passwordTooLong'],
    ['Starship1', undefined],
    ['ÉTOILES-filantes', undefined],
  ])('%j -> %s', (password, expected) => {
    expect(newPasswordError(password)).toBe(expected);
  });
});

describe('emailError', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['nova', 'email'],
    ['nova@example', 'email'],
    [`${'a'.repeat(250)}@example.org`, 'emailTooLong'],
    ['  nova@example.org  ', undefined],
  ])('%j -> %s', (email, expected) => {
    expect(emailError(email)).toBe(expected);
  });
});
