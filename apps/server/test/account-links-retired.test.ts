/**
 * Mailed links that a later change makes dangerous stop working (issue 22, decision 213):
 * - an email change asked for by whoever knew the password (an intruder, link in their mailbox)
 *   is refused once the player changes or resets the password, or following it would hand them
 *   the account back through a reset mailed to their address;
 * - a reset link mailed to the old address is refused once the email changed.
 * SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import type { ErrorBody } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  type Cookies,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';
import { linkToken, startTestSmtp, type TestSmtp } from './helpers/smtp.js';

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

let address = 0;
function send(url: string, payload: unknown, cookies?: Cookies) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...JSON_HEADERS, ...(cookies ? { cookie: cookieHeader(cookies) } : {}) },
    remoteAddress: `10.44.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    payload: JSON.stringify(payload),
  });
}

const emailOf = async (accountId: number) =>
  (
    await t.database.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).email;

/** An email change asked for with the player's password: the link lands in `newEmail`'s mailbox. */
async function intruderAsksEmailChange(player: TestPlayer, newEmail: string): Promise<string> {
  const before = smtp.mails.length;
  const response = await send(
    '/me/email',
    { new_email: newEmail, password: player.password },
    player.cookies,
  );
  expect(response.statusCode).toBe(202);
  return linkToken(await smtp.waitFor(newEmail, { after: before }), 'confirm-email');
}

async function resetLink(email: string): Promise<string> {
  const before = smtp.mails.length;
  expect((await send('/auth/password-reset', { email })).statusCode).toBe(202);
  return linkToken(await smtp.waitFor(email, { after: before }), 'reset-password');
}

function expectLinkInvalid(response: { statusCode: number; json: <T>() => T }) {
  expect(response.statusCode).toBe(400);
  expect(response.json<ErrorBody>().i18n_comment).toBe('LINK_INVALID');
}

describe('a pending email change', () => {
  it('is refused after the player resets the password by mail', async () => {
    const player = await registerPlayer(t.app);
    const intruderMail = `intruder-a-${player.me.id}@example.test`;
    const change = await intruderAsksEmailChange(player, intruderMail);

    const reset = await resetLink(player.email);
    expect(
      (await send('/auth/password-reset/confirm', { token: reset, new_password: 'Reclaimed9' })).statusCode,
    ).toBe(200);

    expectLinkInvalid(await send('/auth/email-change/confirm', { token: change }));
    expect(await emailOf(player.me.id)).toBe(player.email);
  });

  it('is refused after the player changes the password', async () => {
    const player = await registerPlayer(t.app);
    const intruderMail = `intruder-b-${player.me.id}@example.test`;
    const change = await intruderAsksEmailChange(player, intruderMail);

    const changed = await send(
      '/me/password',
      { current_password: player.password, new_password: 'Reclaimed9' },
      player.cookies,
    );
    expect(changed.statusCode).toBe(200);

    expectLinkInvalid(await send('/auth/email-change/confirm', { token: change }));
    expect(await emailOf(player.me.id)).toBe(player.email);
  });
});

describe('a pending password reset', () => {
  it('mailed to the old address is refused once the email changed', async () => {
    const player = await registerPlayer(t.app);
    const reset = await resetLink(player.email);
    const newEmail = `moved-${player.me.id}@example.test`;
    const change = await intruderAsksEmailChange(player, newEmail);
    expect((await send('/auth/email-change/confirm', { token: change })).statusCode).toBe(200);
    expect(await emailOf(player.me.id)).toBe(newEmail);

    expectLinkInvalid(
      await send('/auth/password-reset/confirm', { token: reset, new_password: 'Hijacked9' }),
    );
    // The password is still the player's.
    const login = await send('/auth/login', { email: newEmail, password: player.password });
    expect(login.statusCode).toBe(200);
  });
});
