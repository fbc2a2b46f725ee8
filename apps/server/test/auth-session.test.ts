import type { Me } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  createTestApp,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  type Cookies,
  type TestApp,
  type ErrorBody,
} from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: JSON_HEADERS, payload, remoteAddress });
const me = (cookies: Cookies) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookieHeader(cookies) } });
const refresh = (cookies: Cookies) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { ...JSON_HEADERS, cookie: cookieHeader(cookies) },
  });
const logout = (cookies: Cookies) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { ...JSON_HEADERS, cookie: cookieHeader(cookies) },
  });

describe('POST /auth/login', () => {
  it('answers Me and fresh session cookies for the right email and password', async () => {
    const player = await registerPlayer(t.app);
    const response = await login({ email: player.email.toUpperCase(), password: player.password });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Me }>().data).toEqual(player.me);
    expect((await me(cookiesOf(response))).statusCode).toBe(200);
  });

  it('makes the refresh cookie persistent only with remember_me', async () => {
    const player = await registerPlayer(t.app);
    const remembered = await login({ email: player.email, password: player.password, remember_me: true });
    const refreshCookie = remembered.cookies.find((c) => c.name === 'refresh_token');
    expect(refreshCookie?.maxAge).toBe(30 * 24 * 3600);
    const session = await login({ email: player.email, password: player.password, remember_me: false });
    expect(session.cookies.find((c) => c.name === 'refresh_token')?.maxAge).toBeUndefined();
  });

  it('answers the same 401 CONNECTION_ERROR for a wrong password and an unknown email', async () => {
    const player = await registerPlayer(t.app);
    const wrong = await login({ email: player.email, password: 'WrongPass1' }, '10.0.1.1');
    const unknown = await login({ email: 'nobody@example.test', password: 'WrongPass1' }, '10.0.1.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      message: 'Unknown email or password',
      code: 1005,
      i18n_comment: 'CONNECTION_ERROR',
    });
    expect(wrong.cookies).toEqual([]);
  });

  it('refuses missing fields with 400 VALIDATION_ERROR', async () => {
    const response = await login({ email: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({ email: 'REQUIRED', password: 'REQUIRED' });
  });

  it('refuses a suspended account with 403 ACCOUNT_SUSPENDED and stops its open sessions', async () => {
    const player = await registerPlayer(t.app);
    await t.database.db
      .updateTable('accounts')
      .set({ suspended_at: new Date(t.clock()).toISOString() })
      .where('id', '=', player.me.id)
      .execute();
    const response = await login({ email: player.email, password: player.password });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().i18n_comment).toBe('ACCOUNT_SUSPENDED');
    expect((await me(player.cookies)).statusCode).toBe(403);
  });

  it('throttles an account after 10 failures from one address for 15 minutes, while the player signs in from an address it knows', async () => {
    const player = await registerPlayer(t.app);
    expect((await login({ email: player.email, password: player.password }, '10.0.2.2')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: player.email, password: 'Wrong1234' }, '10.0.2.1')).statusCode).toBe(401);
    }
    const blocked = await login({ email: player.email, password: player.password }, '10.0.2.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 1019, i18n_comment: 'TOO_MANY_REQUESTS' });
    expect((await login({ email: player.email, password: player.password }, '10.0.2.2')).statusCode).toBe(
      200,
    );
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login({ email: player.email, password: player.password }, '10.0.2.1')).statusCode).toBe(
      200,
    );
  });

  it('closes an account attacked from many addresses to every address but those its player signed in from', async () => {
    const player = await registerPlayer(t.app);
    expect((await login({ email: player.email, password: player.password }, '10.0.5.100')).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 10; i += 1) {
      expect((await login({ email: player.email, password: 'Wrong1234' }, `10.0.5.${i}`)).statusCode).toBe(
        401,
      );
    }
    expect((await login({ email: player.email, password: 'Wrong1234' }, '10.0.5.50')).statusCode).toBe(429);
    expect((await login({ email: player.email, password: player.password }, '10.0.5.51')).statusCode).toBe(
      429,
    );
    expect((await login({ email: player.email, password: player.password }, '10.0.5.100')).statusCode).toBe(
      200,
    );
  });

  it('closes an unknown email after 10 failures from many addresses exactly like a real account', async () => {
    const player = await registerPlayer(t.app);
    for (let i = 0; i < 10; i += 1) {
      await login({ email: player.email, password: 'Wrong1234' }, `10.0.6.${i}`);
      await login({ email: 'ghost.account@example.test', password: 'Wrong1234' }, `10.0.6.${i}`);
    }
    const real = await login({ email: player.email, password: 'Wrong1234' }, '10.0.6.50');
    const ghost = await login({ email: 'ghost.account@example.test', password: 'Wrong1234' }, '10.0.6.50');
    expect(real.statusCode).toBe(429);
    expect(ghost.statusCode).toBe(429);
    expect(ghost.body).toBe(real.body);
  });

  it('throttles an address that fails on many accounts', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect(
        (await login({ email: `spray${i}@example.test`, password: 'Wrong1234' }, '10.0.3.1')).statusCode,
      ).toBe(401);
    }
    const player = await registerPlayer(t.app);
    expect((await login({ email: player.email, password: player.password }, '10.0.3.1')).statusCode).toBe(
      429,
    );
    expect((await login({ email: player.email, password: player.password }, '10.0.3.2')).statusCode).toBe(
      200,
    );
  });
});

describe('sessions', () => {
  it('answers 401 UNAUTHORIZED without a session cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Authentication error',
      code: 1003,
      i18n_comment: 'UNAUTHORIZED',
    });
  });

  it('refuses a tampered access token', async () => {
    const player = await registerPlayer(t.app);
    const token = player.cookies.auth_token ?? '';
    const [version, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as { a: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, a: claims.a + 1 })).toString('base64url');
    expect((await me({ auth_token: `${version}.${forged}.${signature}` })).statusCode).toBe(401);
  });

  it('expires the access token after 15 minutes; a refresh gives a new one', async () => {
    const player = await registerPlayer(t.app);
    t.clock.advance(15 * 60 * 1000);
    expect((await me(player.cookies)).statusCode).toBe(401);
    const refreshed = await refresh(player.cookies);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ data: { ok: true } });
    const cookies = cookiesOf(refreshed);
    expect(cookies.refresh_token).not.toBe(player.cookies.refresh_token);
    expect((await me(cookies)).statusCode).toBe(200);
  });

  it('rotates the refresh token: the new one works again', async () => {
    const player = await registerPlayer(t.app);
    const first = cookiesOf(await refresh(player.cookies));
    const second = await refresh(first);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a refresh token is used twice, access tokens included', async () => {
    const player = await registerPlayer(t.app);
    const rotated = cookiesOf(await refresh(player.cookies));
    expect((await me(rotated)).statusCode).toBe(200);
    const replay = await refresh(player.cookies);
    expect(replay.statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(401);
    expect((await me(player.cookies)).statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('keeps other sessions of the same player alive when one family is revoked', async () => {
    const player = await registerPlayer(t.app);
    const other = await loginPlayer(t.app, player);
    await refresh(player.cookies);
    await refresh(player.cookies);
    expect((await me(player.cookies)).statusCode).toBe(401);
    expect((await me(other.cookies)).statusCode).toBe(200);
  });

  it('refuses a refresh without cookie or with an unknown token', async () => {
    expect((await refresh({})).statusCode).toBe(401);
    expect((await refresh({ refresh_token: 'unknown' })).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const player = await registerPlayer(t.app);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await refresh(player.cookies)).statusCode).toBe(401);
  });

  it('logs out: revokes the session server-side and clears both cookies', async () => {
    const player = await registerPlayer(t.app);
    const response = await logout(player.cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    const cleared = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cleared.auth_token).toMatchObject({ value: '', path: '/' });
    expect(cleared.refresh_token).toMatchObject({ value: '', path: '/api/v1/auth' });
    expect((await me(player.cookies)).statusCode).toBe(401);
    expect((await refresh(player.cookies)).statusCode).toBe(401);
  });

  it('accepts a logout without a session', async () => {
    expect((await logout({})).statusCode).toBe(200);
  });
});
