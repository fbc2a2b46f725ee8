/**
 * POST /auth/password-reset/confirm hashes the new password (argon2id, 19 MiB) only for a live
 * link: made-up or spent tokens are refused after a lookup, so a stream of them cannot make the
 * server run argon2 for each. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import type { ErrorBody } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    const hashes = vi.mocked(passwords.hashPassword);

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
