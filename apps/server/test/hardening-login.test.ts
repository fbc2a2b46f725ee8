import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
} from '../src/modules/auth/auth.service.js';
import { createListeningTestApp, DEFAULT_PASSWORD, type TestApp } from './helpers/index.js';

/**
 * Parallel sign-in attempts over real HTTP (a listening server, one connection each): the slow
 * password hash must not let a burst past the throttle of decisions 022 and 024.
 */
let t: TestApp & { base: string };
beforeAll(async () => {
  // Behind a "proxy" at 127.0.0.1, each test request chooses its address with X-Forwarded-For.
  t = await createListeningTestApp({ config: { trustProxy: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
});

const BURST = 30;
let counter = 0;

async function registerAccount(): Promise<string> {
  counter += 1;
  const email = `burst${counter}@example.test`;
  const response = await fetch(`${t.base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username: `burst${counter}`, password: DEFAULT_PASSWORD, race_id: 1 }),
  });
  expect(response.status).toBe(201);
  return email;
}

async function login(email: string, password: string, address?: string): Promise<string> {
  const response = await fetch(`${t.base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      connection: 'close',
      ...(address === undefined ? {} : { 'x-forwarded-for': address }),
    },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { i18n_comment?: string };
  return response.status === 200 ? 'OK' : (body.i18n_comment ?? String(response.status));
}

async function storedAttempts(email: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email_lower', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe('sign-in throttling under parallel attempts', () => {
  it(`lets at most ${MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS} of ${BURST} parallel wrong passwords from one address reach the check`, async () => {
    const email = await registerAccount();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, () => login(email, 'Wrong-password1', '203.0.113.7')),
    );
    const counts = tally(outcomes);
    expect(counts.CONNECTION_ERROR ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect((counts.CONNECTION_ERROR ?? 0) + (counts.TOO_MANY_REQUESTS ?? 0)).toBe(BURST);
    // Refused attempts took their rows back: what is kept is exactly the failures checked.
    expect(await storedAttempts(email)).toBe(counts.CONNECTION_ERROR ?? 0);
  });

  it(`lets at most ${MAX_FAILURES_PER_ACCOUNT} of ${BURST} parallel wrong passwords from as many addresses through, and the player still signs in from home`, async () => {
    const email = await registerAccount();
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => login(email, 'Wrong-password1', `198.51.100.${i + 1}`)),
    );
    const counts = tally(outcomes);
    expect(counts.CONNECTION_ERROR ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect((counts.CONNECTION_ERROR ?? 0) + (counts.TOO_MANY_REQUESTS ?? 0)).toBe(BURST);
    expect(await storedAttempts(email)).toBe(counts.CONNECTION_ERROR ?? 0);
    // The address the account was registered from (the socket's, no forwarded header) is known.
    expect(await login(email, DEFAULT_PASSWORD)).toBe('OK');
  });

  it('closes an unknown email the same way under a burst', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        login('nobody@example.test', 'Wrong-password1', `192.0.2.${i + 1}`),
      ),
    );
    const counts = tally(outcomes);
    expect(counts.CONNECTION_ERROR ?? 0).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect((counts.CONNECTION_ERROR ?? 0) + (counts.TOO_MANY_REQUESTS ?? 0)).toBe(BURST);
  });

  it('still counts failures one by one exactly as before: the 11th sequential attempt is refused', async () => {
    const email = await registerAccount();
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i += 1) {
      expect(await login(email, 'Wrong-password1', '203.0.113.99')).toBe('CONNECTION_ERROR');
    }
    expect(await login(email, 'Wrong-password1', '203.0.113.99')).toBe('TOO_MANY_REQUESTS');
    // The refused attempts took their rows back: only the real failures are kept.
    expect(await storedAttempts(email)).toBe(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  });
});
