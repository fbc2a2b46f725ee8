/**
 * The password hash (argon2id, 19 MiB) runs only for a request that can succeed, so a stream of
 * refused ones cannot make the server run argon2 for each:
 * - POST /auth/password-reset/confirm hashes the new password only for a live link: made-up or
 *   spent tokens are refused after a lookup;
 * - POST /auth/register checks that the email and the username are free (any case) first; two
 *   registrations racing for one email still give one account and one EMAIL_TAKEN (the check in
 *   the transaction and the unique index stay).
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import type { ErrorBody } from '@starhold/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../src/modules/auth/passwords.js';
import { createTestApp, JSON_HEADERS, registerPlayer, type TestApp } from './helpers/index.js';
import { linkToken, startTestSmtp, type TestSmtp } from './helpers/smtp.js';

vi.mock('../src/modules/auth/passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://starhold.example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const hashes = vi.mocked(passwords.hashPassword);
const realHash = hashes.getMockImplementation();
beforeEach(() => {
  hashes.mockClear();
  if (realHash) hashes.mockImplementation(realHash);
});

const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    headers: JSON_HEADERS,
    payload: JSON.stringify({ token, new_password: 'NewSecret9' }),
  });

describe('password reset confirmation', () => {
  it('refuses unknown and spent tokens without hashing the new password', async () => {
    const player = await registerPlayer(t.app);
    const before = smtp.mails.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: JSON_HEADERS,
      payload: JSON.stringify({ email: player.email }),
    });
    expect(asked.statusCode).toBe(202);
    const token = linkToken(await smtp.waitFor(player.email, { after: before }), 'reset-password');

    hashes.mockClear();
    for (let i = 0; i < 5; i += 1) {
      const response = await confirm('A'.repeat(42) + String(i));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().i18n_comment).toBe('LINK_INVALID');
    }
    expect(hashes).not.toHaveBeenCalled();

    expect((await confirm(token)).statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);

    hashes.mockClear();
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().i18n_comment).toBe('LINK_INVALID');
    expect(hashes).not.toHaveBeenCalled();
  });
});

const register = (payload: { email: string; username: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: JSON_HEADERS,
    payload: JSON.stringify({ ...payload, password: 'Secret123', race_id: 1 }),
  });

describe('a refused registration', () => {
  it.each([
    ['email', 'EMAIL_TAKEN'],
    ['username', 'USERNAME_TAKEN'],
  ] as const)('answers %s in use (any case) with %s without hashing the password', async (field, key) => {
    const owner = await registerPlayer(t.app);
    hashes.mockClear();
    const fresh = { email: `fresh-${owner.me.id}@example.test`, username: `fresh${owner.me.id}` };
    const response = await register({ ...fresh, [field]: owner[field].toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toMatchObject({ i18n_comment: key, fields: { [field]: key } });
    expect(hashes).not.toHaveBeenCalled();
  });

  it('still hashes once for a registration that goes through', async () => {
    const response = await register({ email: 'hashed-once@example.test', username: 'hashedonce' });
    expect(response.statusCode).toBe(201);
    expect(hashes).toHaveBeenCalledTimes(1);
  });
});

describe('two registrations racing for one email', () => {
  it('both pass the early check, then one account and one EMAIL_TAKEN', async () => {
    // Each registration's hash waits until both have reached it: both have passed the check made
    // before the hash, so the refusal can only come from the transaction's check or the unique index.
    let release = () => {};
    const bothHashing = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    hashes.mockImplementation(async (password) => {
      calls += 1;
      if (calls === 2) release();
      await bothHashing;
      return realHash ? realHash(password) : password;
    });
    const responses = await Promise.all([
      register({ email: 'Racing@Example.test', username: 'racer_a' }),
      register({ email: 'racing@example.TEST', username: 'racer_b' }),
    ]);
    expect(hashes).toHaveBeenCalledTimes(2);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json<ErrorBody>()).toMatchObject({
      i18n_comment: 'EMAIL_TAKEN',
      fields: { email: 'EMAIL_TAKEN' },
    });
    const accounts = await t.database.db
      .selectFrom('accounts')
      .select('id')
      .where('email_lower', '=', 'racing@example.test')
      .execute();
    expect(accounts).toHaveLength(1);
  });
});
