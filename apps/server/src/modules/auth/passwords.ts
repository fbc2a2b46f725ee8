import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

const ARGON2ID: Algorithm = 2;

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, ARGON2_OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash ahead, so that the first unknown-email login is not slower than the rest. */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('Starhold-dummy-password-that-no-account-has');
  return dummyHash;
}

/**
 * Verifies against a hash that matches nothing, so that a login with an unknown email costs the
 * same time as one with a wrong password.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
