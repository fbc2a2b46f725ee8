/**
 * Issue 22: change of password, reset by mail (through a real SMTP server in this process),
 * sessions list and sign-out, email change. Bad input answers the contract's errors and changes
 * nothing. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { ErrorBody, SessionInfo } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createTestApp,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  type Cookies,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';
import { linkToken, startTestSmtp, type TestSmtp } from './helpers/smtp.js';

const PUBLIC_URL = 'https://starhold.example.test';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    config: { smtpUrl: smtp.url, mailFrom: 'Starhold <game@starhold.example.test>', publicUrl: PUBLIC_URL },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let address = 0;
/** A fresh client address per call unless given: the per-address limits stay out of the way. */
const nextAddress = () => {
  address += 1;
  return `10.22.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

function send(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { cookies?: Cookies; payload?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...JSON_HEADERS,
      ...(options.cookies ? { cookie: cookieHeader(options.cookies) } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? nextAddress(),
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

const login = (player: Pick<TestPlayer, 'email' | 'password'>, password = player.password, ua?: string) =>
  send('POST', '/auth/login', {
    payload: { email: player.email, password },
    ...(ua ? { headers: { 'user-agent': ua } } : {}),
  });

async function signIn(player: TestPlayer, ua: string): Promise<Cookies> {
  const response = await login(player, player.password, ua);
  expect(response.statusCode).toBe(200);
  const cookies: Cookies = {};
  for (const c of response.cookies)
    if (c.name === 'auth_token' || c.name === 'refresh_token') cookies[c.name] = c.value;
  return cookies;
}

const passwordHash = async (accountId: number) =>
  (
    await t.database.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).password_hash;

function expectError(response: { statusCode: number; body: string }, status: number, key: string) {
  expect(response.statusCode).toBe(status);
  expect((JSON.parse(response.body) as ErrorBody).i18n_comment).toBe(key);
}

async function requestReset(email: string, language = 'en') {
  const before = smtp.mails.length;
  const response = await send('POST', '/auth/password-reset', {
    payload: { email },
    headers: { 'accept-language': language },
  });
  return { response, before };
}

describe('password reset by mail', () => {
  it('mails a link to the account; the link sets the password once and ends every session', async () => {
    const player = await registerPlayer(t.app);
    const other = await signIn(player, FIREFOX);
    const { response, before } = await requestReset(player.email.toUpperCase());
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { ok: true } });
    const mail = await smtp.waitFor(player.email, { after: before });
    expect(mail.from).toBe('game@starhold.example.test');
    expect(mail.text).toContain(`${PUBLIC_URL}/login/reset-password?token=`);
    expect(mail.text).toContain('reset your password');
    const token = linkToken(mail, 'reset-password');

    const confirm = await send('POST', '/auth/password-reset/confirm', {
      payload: { token, new_password: 'NewSecret9' },
    });
    expect(confirm.statusCode).toBe(200);
    // Every session ends: the registration's and the other browser's, access and refresh.
    for (const cookies of [player.cookies, other]) {
      expectError(await send('GET', '/me', { cookies }), 401, 'UNAUTHORIZED');
      expectError(await send('POST', '/auth/refresh', { cookies }), 401, 'UNAUTHORIZED');
    }
    expectError(await login(player), 401, 'CONNECTION_ERROR');
    expect((await login(player, 'NewSecret9')).statusCode).toBe(200);

    // Used once: the second use is refused and changes nothing.
    const hash = await passwordHash(player.me.id);
    expectError(
      await send('POST', '/auth/password-reset/confirm', { payload: { token, new_password: 'Another99' } }),
      400,
      'LINK_INVALID',
    );
    expect(await passwordHash(player.me.id)).toBe(hash);
  });

  it('answers the same 202 for an unknown email and sends nothing', async () => {
    const player = await registerPlayer(t.app);
    const unknown = await requestReset('nobody-here@example.test');
    const known = await requestReset(player.email);
    expect(unknown.response.statusCode).toBe(202);
    expect(unknown.response.body).toBe(known.response.body);
    await smtp.waitFor(player.email, { after: known.before });
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it('writes the mail in French for a French browser (the link survives the encoding)', async () => {
    const player = await registerPlayer(t.app);
    const { before } = await requestReset(player.email, 'fr-FR,fr;q=0.9');
    const mail = await smtp.waitFor(player.email, { after: before });
    expect(mail.text).toContain('a demandé à réinitialiser le mot de passe');
    expect(linkToken(mail, 'reset-password')).toHaveLength(43);
  });

  it('expires after 30 minutes: refused, password unchanged', async () => {
    const player = await registerPlayer(t.app);
    const { before } = await requestReset(player.email);
    const token = linkToken(await smtp.waitFor(player.email, { after: before }), 'reset-password');
    const hash = await passwordHash(player.me.id);
    t.clock.advance(30 * 60 * 1000 + 1);
    expectError(
      await send('POST', '/auth/password-reset/confirm', { payload: { token, new_password: 'NewSecret9' } }),
      400,
      'LINK_INVALID',
    );
    expect(await passwordHash(player.me.id)).toBe(hash);
    expect((await login(player)).statusCode).toBe(200);
  });

  it("changes only its own account's password, whoever sends it", async () => {
    const owner = await registerPlayer(t.app);
    const intruder = await registerPlayer(t.app);
    const { before } = await requestReset(owner.email);
    const token = linkToken(await smtp.waitFor(owner.email, { after: before }), 'reset-password');
    const intruderHash = await passwordHash(intruder.me.id);
    const response = await send('POST', '/auth/password-reset/confirm', {
      cookies: intruder.cookies,
      payload: { token, new_password: 'Chosen123' },
    });
    expect(response.statusCode).toBe(200);
    expect(await passwordHash(intruder.me.id)).toBe(intruderHash);
    expect((await login(intruder)).statusCode).toBe(200);
    expect((await login(owner, 'Chosen123')).statusCode).toBe(200);
  });

  it('only the latest link works; a password change retires a pending link', async () => {
    const player = await registerPlayer(t.app);
    const first = await requestReset(player.email);
    const firstToken = linkToken(await smtp.waitFor(player.email, { after: first.before }), 'reset-password');
    const second = await requestReset(player.email);
    const secondToken = linkToken(
      await smtp.waitFor(player.email, { after: second.before }),
      'reset-password',
    );
    expect(secondToken).not.toBe(firstToken);
    expectError(
      await send('POST', '/auth/password-reset/confirm', {
        payload: { token: firstToken, new_password: 'Newer1234' },
      }),
      400,
      'LINK_INVALID',
    );
    const change = await send('POST', '/me/password', {
      cookies: player.cookies,
      payload: { current_password: player.password, new_password: 'Changed12' },
    });
    expect(change.statusCode).toBe(200);
    expectError(
      await send('POST', '/auth/password-reset/confirm', {
        payload: { token: secondToken, new_password: 'Newer1234' },
      }),
      400,
      'LINK_INVALID',
    );
  });

  it('spends a link once when eight confirmations race (one 200, the rest LINK_INVALID)', async () => {
    const player = await registerPlayer(t.app);
    const { before } = await requestReset(player.email);
    const token = linkToken(await smtp.waitFor(player.email, { after: before }), 'reset-password');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send('POST', '/auth/password-reset/confirm', { payload: { token, new_password: `Racer${i}pass` } }),
      ),
    );
    const winners = answers.flatMap((answer, i) => (answer.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expectError(answer, 400, 'LINK_INVALID');
    expect((await login(player, `Racer${winners[0]}pass`)).statusCode).toBe(200);
  });

  it('refuses malformed bodies and tokens with 400 VALIDATION_ERROR', async () => {
    for (const payload of [{}, { email: 'not-an-email' }, { email: 'x'.repeat(250) + '@a.io' }]) {
      expectError(await send('POST', '/auth/password-reset', { payload }), 400, 'VALIDATION_ERROR');
    }
    const cases: [object, string, string][] = [
      [{ token: 'short', new_password: 'NewSecret9' }, 'token', 'INVALID_TOKEN'],
      [{ token: 'a'.repeat(43), new_password: 'weakpass1' }, 'new_password', 'PASSWORD_UPPERCASE'],
      [{ token: 'a'.repeat(43), new_password: 'Sh0rt' }, 'new_password', 'PASSWORD_TOO_SHORT'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await send('POST', '/auth/password-reset/confirm', { payload });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.json<ErrorBody>().fields?.[field]).toBe(key);
    }
    // A well-formed token nobody was sent.
    expectError(
      await send('POST', '/auth/password-reset/confirm', {
        payload: { token: 'b'.repeat(43), new_password: 'NewSecret9' },
      }),
      400,
      'LINK_INVALID',
    );
  });

  it('is throttled per email (any address) and per address, the same for unknown emails', async () => {
    const player = await registerPlayer(t.app);
    for (const email of [player.email, 'ghost-throttle@example.test']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await send('POST', '/auth/password-reset', { payload: { email } })).statusCode);
      }
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    }
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const payload = { email: `spray${i}@example.test` };
      statuses.push((await send('POST', '/auth/password-reset', { payload, ip })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /me/password', () => {
  it('changes the password; other sessions end (their refresh refused), this one stays', async () => {
    const player = await registerPlayer(t.app);
    const other = await signIn(player, FIREFOX);
    const response = await send('POST', '/me/password', {
      cookies: player.cookies,
      payload: { current_password: player.password, new_password: 'Stronger42' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true, ended: 1 } });
    expectError(await send('GET', '/me', { cookies: other }), 401, 'UNAUTHORIZED');
    expectError(await send('POST', '/auth/refresh', { cookies: other }), 401, 'UNAUTHORIZED');
    expect((await send('GET', '/me', { cookies: player.cookies })).statusCode).toBe(200);
    expect((await send('POST', '/auth/refresh', { cookies: player.cookies })).statusCode).toBe(200);
    expectError(await login(player), 401, 'CONNECTION_ERROR');
    expect((await login(player, 'Stronger42')).statusCode).toBe(200);
  });

  it('refuses a wrong current password (403) and a weak new one (400), changing nothing', async () => {
    const player = await registerPlayer(t.app);
    const other = await signIn(player, FIREFOX);
    const hash = await passwordHash(player.me.id);
    const wrong = await send('POST', '/me/password', {
      cookies: player.cookies,
      payload: { current_password: 'NotMine123', new_password: 'Stronger42' },
    });
    expectError(wrong, 403, 'WRONG_PASSWORD');
    expect(wrong.json<ErrorBody>().fields).toEqual({ current_password: 'WRONG_PASSWORD' });
    const weak = await send('POST', '/me/password', {
      cookies: player.cookies,
      payload: { current_password: player.password, new_password: 'weakling1' },
    });
    expectError(weak, 400, 'VALIDATION_ERROR');
    expect(weak.json<ErrorBody>().fields).toEqual({ new_password: 'PASSWORD_UPPERCASE' });
    expect(await passwordHash(player.me.id)).toBe(hash);
    expect((await send('GET', '/me', { cookies: other })).statusCode).toBe(200);
  });

  it('needs a session (401) and counts wrong passwords like sign-ins (429 past the limit)', async () => {
    expectError(
      await send('POST', '/me/password', { payload: { current_password: 'x', new_password: 'Stronger42' } }),
      401,
      'UNAUTHORIZED',
    );
    const player = await registerPlayer(t.app);
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const payload = { current_password: `Wrong${i}pass`, new_password: 'Stronger42' };
      statuses.push(
        (await send('POST', '/me/password', { cookies: player.cookies, payload, ip })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(403), 429]);
  });
});

describe('sessions', () => {
  it('lists the live sessions with device, address and last use; signs one out, then all others', async () => {
    const player = await registerPlayer(t.app);
    const firefox = await signIn(player, FIREFOX);
    const phone = await signIn(player, ANDROID_CHROME);
    const list = await send('GET', '/me/sessions', { cookies: firefox });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ data: SessionInfo[] }>().data;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, device: 'Firefox, Windows' });
    expect(sessions.map((s) => s.device)).toContain('Chrome, Android');
    expect(sessions.every((s) => typeof s.address === 'string' && s.last_used_at >= s.created_at)).toBe(true);

    const phoneSession = sessions.find((s) => s.device === 'Chrome, Android');
    expect(phoneSession).toBeDefined();
    const ended = await send('DELETE', `/me/sessions/${phoneSession?.id}`, { cookies: firefox });
    expect(ended.statusCode).toBe(200);
    expectError(await send('GET', '/me', { cookies: phone }), 401, 'UNAUTHORIZED');
    expectError(await send('POST', '/auth/refresh', { cookies: phone }), 401, 'UNAUTHORIZED');
    // Gone from the list, and a second sign-out of it is a 404.
    expectError(
      await send('DELETE', `/me/sessions/${phoneSession?.id}`, { cookies: firefox }),
      404,
      'NOT_FOUND',
    );

    const everywhere = await send('DELETE', '/me/sessions', { cookies: firefox });
    expect(everywhere.json()).toEqual({ data: { ok: true, ended: 1 } });
    expectError(await send('GET', '/me', { cookies: player.cookies }), 401, 'UNAUTHORIZED');
    const left = (await send('GET', '/me/sessions', { cookies: firefox })).json<{ data: SessionInfo[] }>()
      .data;
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it("answers 404 for another account's session and for unknown ids, changing nothing", async () => {
    const a = await registerPlayer(t.app);
    const b = await registerPlayer(t.app);
    const [bSession] = (await send('GET', '/me/sessions', { cookies: b.cookies })).json<{
      data: SessionInfo[];
    }>().data;
    expectError(
      await send('DELETE', `/me/sessions/${bSession?.id}`, { cookies: a.cookies }),
      404,
      'NOT_FOUND',
    );
    expectError(await send('DELETE', '/me/sessions/999999', { cookies: a.cookies }), 404, 'NOT_FOUND');
    expectError(await send('DELETE', '/me/sessions/abc', { cookies: a.cookies }), 400, 'VALIDATION_ERROR');
    expect((await send('GET', '/me', { cookies: b.cookies })).statusCode).toBe(200);
  });

  it('signing out the current session clears its cookies', async () => {
    const player = await registerPlayer(t.app);
    const [mine] = (await send('GET', '/me/sessions', { cookies: player.cookies })).json<{
      data: SessionInfo[];
    }>().data;
    const response = await send('DELETE', `/me/sessions/${mine?.id}`, { cookies: player.cookies });
    expect(response.statusCode).toBe(200);
    expect(
      response.cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['auth_token', 'refresh_token']);
    expectError(await send('GET', '/me', { cookies: player.cookies }), 401, 'UNAUTHORIZED');
  });
});

describe('email change', () => {
  it('mails the new address; the link changes the email once; sign-in then uses it', async () => {
    const player = await registerPlayer(t.app);
    const newEmail = `moved-${player.me.id}@example.test`;
    const before = smtp.mails.length;
    const response = await send('POST', '/me/email', {
      cookies: player.cookies,
      payload: { new_email: newEmail, password: player.password },
    });
    expect(response.statusCode).toBe(202);
    const mail = await smtp.waitFor(newEmail, { after: before });
    expect(mail.to).toEqual([newEmail]);
    const token = linkToken(mail, 'confirm-email');
    expect(
      (await send('GET', '/me', { cookies: player.cookies })).json<{ data: { email: string } }>().data.email,
    ).toBe(player.email);
    expect((await send('POST', '/auth/email-change/confirm', { payload: { token } })).statusCode).toBe(200);
    expect(
      (await send('GET', '/me', { cookies: player.cookies })).json<{ data: { email: string } }>().data.email,
    ).toBe(newEmail);
    expect((await login({ email: newEmail, password: player.password })).statusCode).toBe(200);
    expectError(await login(player), 401, 'CONNECTION_ERROR');
    expectError(
      await send('POST', '/auth/email-change/confirm', { payload: { token } }),
      400,
      'LINK_INVALID',
    );
    // A confirmation link is no reset link.
    expectError(
      await send('POST', '/auth/password-reset/confirm', { payload: { token, new_password: 'NewSecret9' } }),
      400,
      'LINK_INVALID',
    );
  });

  it('refuses a wrong password (403), a taken email (409) and a bad one (400), changing nothing', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const before = smtp.mails.length;
    expectError(
      await send('POST', '/me/email', {
        cookies: player.cookies,
        payload: { new_email: 'fresh@example.test', password: 'NotMine123' },
      }),
      403,
      'WRONG_PASSWORD',
    );
    expectError(
      await send('POST', '/me/email', {
        cookies: player.cookies,
        payload: { new_email: other.email.toUpperCase(), password: player.password },
      }),
      409,
      'EMAIL_TAKEN',
    );
    expectError(
      await send('POST', '/me/email', {
        cookies: player.cookies,
        payload: { new_email: 'nope', password: player.password },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const links = await t.database.db
      .selectFrom('account_links')
      .select('id')
      .where('account_id', '=', player.me.id)
      .execute();
    expect(links).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it('expires after 30 minutes', async () => {
    const player = await registerPlayer(t.app);
    const newEmail = `late-${player.me.id}@example.test`;
    const before = smtp.mails.length;
    await send('POST', '/me/email', {
      cookies: player.cookies,
      payload: { new_email: newEmail, password: player.password },
    });
    const token = linkToken(await smtp.waitFor(newEmail, { after: before }), 'confirm-email');
    t.clock.advance(31 * 60 * 1000);
    expectError(
      await send('POST', '/auth/email-change/confirm', { payload: { token } }),
      400,
      'LINK_INVALID',
    );
    const fresh = await loginPlayer(t.app, player);
    expect(
      (await send('GET', '/me', { cookies: fresh.cookies })).json<{ data: { email: string } }>().data.email,
    ).toBe(player.email);
  });
});

/**
 * Emails are compared without regard to letter case everywhere (registration, sign-in, reset,
 * email change) and kept as the player wrote them: the own address in other capitals is a change
 * of spelling (confirmed by a link like any change), not EMAIL_TAKEN; the very same spelling is
 * still refused (nothing to change); another account's address is taken in any case, at the
 * request and at the confirmation. The mailer writes domains in lower case: the spellings here
 * differ in the local part.
 */
describe('email change and letter case', () => {
  const emailOf = async (cookies: Cookies) =>
    (await send('GET', '/me', { cookies })).json<{ data: { email: string } }>().data.email;
  const changeEmail = (player: TestPlayer, newEmail: string) =>
    send('POST', '/me/email', {
      cookies: player.cookies,
      payload: { new_email: newEmail, password: player.password },
    });
  const linksOf = (accountId: number) =>
    t.database.db.selectFrom('account_links').select('id').where('account_id', '=', accountId).execute();

  it('takes the own address in other capitals as a change of spelling; every case then signs in', async () => {
    const player = await registerPlayer(t.app, { email: 'mixed.case@example.test' });
    const before = smtp.mails.length;
    expect((await changeEmail(player, 'Mixed.Case@example.test')).statusCode).toBe(202);
    const token = linkToken(
      await smtp.waitFor('Mixed.Case@example.test', { after: before }),
      'confirm-email',
    );
    expect((await send('POST', '/auth/email-change/confirm', { payload: { token } })).statusCode).toBe(200);
    expect(await emailOf(player.cookies)).toBe('Mixed.Case@example.test');
    for (const email of ['mixed.case@example.test', 'Mixed.Case@example.test', 'MIXED.CASE@EXAMPLE.TEST']) {
      expect((await login({ email, password: player.password })).statusCode, email).toBe(200);
    }
    // Still the same address for everyone else: registration refuses it in any case.
    expectError(
      await send('POST', '/auth/register', {
        payload: {
          email: 'mixed.CASE@example.test',
          username: 'SomeoneElse',
          password: 'Secret123',
          race_id: 1,
        },
      }),
      409,
      'EMAIL_TAKEN',
    );
    // A reset asked for in any case goes to the address as now written.
    const reset = await requestReset('MIXED.case@example.TEST');
    expect(reset.response.statusCode).toBe(202);
    expect((await smtp.waitFor('Mixed.Case@example.test', { after: reset.before })).to).toEqual([
      'Mixed.Case@example.test',
    ]);
  });

  it('refuses the very same spelling (nothing to change), sending nothing', async () => {
    const player = await registerPlayer(t.app, { email: 'Same.Spelling@example.test' });
    const before = smtp.mails.length;
    expectError(await changeEmail(player, 'Same.Spelling@example.test'), 409, 'EMAIL_TAKEN');
    expect(await linksOf(player.me.id)).toEqual([]);
    expect(smtp.mails.length).toBe(before);
  });

  it("refuses another account's address in any case at the request, sending nothing", async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app, { email: 'Owner.Of@example.test' });
    const before = smtp.mails.length;
    for (const newEmail of ['owner.of@example.test', 'OWNER.OF@EXAMPLE.TEST']) {
      expectError(await changeEmail(player, newEmail), 409, 'EMAIL_TAKEN');
    }
    expect(await linksOf(player.me.id)).toEqual([]);
    expect(smtp.mails.length).toBe(before);
    expect(await emailOf(other.cookies)).toBe('Owner.Of@example.test');
  });

  it('refuses it at the confirmation when another account registered it in between', async () => {
    const player = await registerPlayer(t.app);
    const before = smtp.mails.length;
    expect((await changeEmail(player, 'Late.Comer@example.test')).statusCode).toBe(202);
    const token = linkToken(
      await smtp.waitFor('Late.Comer@example.test', { after: before }),
      'confirm-email',
    );
    await registerPlayer(t.app, { email: 'late.comer@EXAMPLE.test' });
    expectError(await send('POST', '/auth/email-change/confirm', { payload: { token } }), 409, 'EMAIL_TAKEN');
    expect(await emailOf(player.cookies)).toBe(player.email);
  });
});

describe('without SMTP_URL', () => {
  it('writes the link to the log at warn level instead', async () => {
    const lines: string[] = [];
    const { createMailer } = await import('../src/modules/mail/index.js');
    const mailer = createMailer(
      {},
      { warn: (object, message) => lines.push(JSON.stringify({ ...object, message })), error: () => {} },
    );
    await mailer.send({
      to: 'a@example.test',
      subject: 'S',
      text: 'T',
      link: `${PUBLIC_URL}/reset-password?token=x`,
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${PUBLIC_URL}/reset-password?token=x`);
    expect(lines[0]).toContain('a@example.test');
  });
});
