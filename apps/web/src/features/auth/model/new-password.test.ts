import { describe, expect, it } from 'vitest';
import { newPasswordError } from './new-password';

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
