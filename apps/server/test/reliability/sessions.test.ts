import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  type Cookies,
  type TestApp,
  type TestPlayer,
} from '../helpers/index.js';
import { printFigure } from './support.js';

/** Figures 5 and 6 of the battery: sessions, cookies, cross-site mutations and login throttling. */
let t: TestApp;
let secure: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  secure = await createTestApp({ config: { cookieSecure: true } });
});
afterAll(async () => {
  await t.close();
  await secure.close();
});

const me = (cookies: Cookies) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookieHeader(cookies) } });
const post = (
  url: string,
  cookies: Cookies,
  headers: Record<string, string> = JSON_HEADERS,
  payload?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...headers, cookie: cookieHeader(cookies) },
    ...(payload === undefined ? {} : { payload }),
  });
const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: JSON_HEADERS,
    payload: { email, password },
    remoteAddress,
  });

async function metalOf(player: TestPlayer): Promise<number> {
  const body = (
    await t.app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: player.headers })
  ).json<{
    data: { resources: { value: number }[]; construction_lists: unknown[] };
  }>();
  return (body.data.resources[0]?.value ?? -1) * 1000 + body.data.construction_lists.length;
}

describe('sessions', () => {
  it('accepts a refresh token once; its replay revokes the whole family, rotated tokens included', async () => {
    const player = await registerPlayer(t.app);
    const first = await post('/auth/refresh', player.cookies);
    expect(first.statusCode).toBe(200);
    const rotated = cookiesOf(first);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await post('/auth/refresh', player.cookies)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(401);
    expect((await post('/auth/refresh', rotated)).statusCode).toBe(401);
  });

  it('ends the session on the server at logout: the old access and refresh tokens stop working at once', async () => {
    const player = await registerPlayer(t.app);
    expect((await post('/auth/logout', player.cookies)).statusCode).toBe(200);
    expect((await me(player.cookies)).statusCode).toBe(401);
    expect((await post('/auth/refresh', player.cookies)).statusCode).toBe(401);
  });

  it('answers 401 to an access token past its 15 minutes', async () => {
    const player = await registerPlayer(t.app);
    t.clock.advance(15 * 60 * 1000 - 1);
    expect((await me(player.cookies)).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await me(player.cookies);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ i18n_comment: 'UNAUTHORIZED' });
  });

  it('sets both cookies HttpOnly and SameSite=Lax, Secure only when the server is configured for HTTPS', async () => {
    const plain = await registerPlayer(t.app);
    const https = await secure.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: JSON_HEADERS,
      payload: { email: 'secure@example.test', username: 'secure', password: 'Password1', race_id: 1 },
    });
    expect(https.statusCode).toBe(201);
    const plainCookies = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: JSON_HEADERS,
        payload: { email: plain.email, password: plain.password },
      })
    ).cookies;
    for (const [cookies, isSecure] of [
      [plainCookies, false],
      [https.cookies, true],
    ] as const) {
      expect(cookies.map((c) => c.name).sort()).toEqual(['auth_token', 'refresh_token']);
      for (const cookie of cookies) {
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
        expect(Boolean(cookie.secure)).toBe(isSecure);
      }
    }
  });

  it('refuses a cross-site mutation (403) and a non-JSON one (415) without changing anything', async () => {
    const player = await registerPlayer(t.app);
    const before = await metalOf(player);
    const refused = [
      await post('/me/planet/factories/1', player.cookies, {
        ...JSON_HEADERS,
        origin: 'https://evil.example',
      }),
      await post('/me/planet/factories/1', player.cookies, { ...JSON_HEADERS, origin: 'null' }),
      await post(
        '/me/planet/factories/1',
        player.cookies,
        { 'content-type': 'application/x-www-form-urlencoded' },
        'a=1',
      ),
      await post('/me/planet/factories/1', player.cookies, { 'content-type': 'text/plain' }, '{}'),
      await post(
        '/me/planet/factories/1',
        player.cookies,
        { 'content-type': 'multipart/form-data; boundary=x' },
        '--x--',
      ),
      await post('/me/planet/factories/1', player.cookies, {}),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 415, 415, 415, 415]);
    expect(await metalOf(player)).toBe(before);
    const sameSite = await post('/me/planet/factories/1', player.cookies, {
      ...JSON_HEADERS,
      origin: 'http://localhost:3000',
      host: 'localhost:3000',
    });
    expect(sameSite.statusCode).toBe(200);
    printFigure(
      'sessions',
      'refresh once, replay revokes the family, logout and expiry end the session, cookies HttpOnly/Lax/Secure, cross-site and non-JSON mutations refused',
    );
  });
});

describe('login throttling', () => {
  it('answers 429 after 10 failed attempts on an account in 15 minutes from any addresses, while the player logs in from an address it knows', async () => {
    const player = await registerPlayer(t.app);
    expect((await login(player.email, player.password, '10.9.0.2')).statusCode).toBe(200);
    const statuses: number[] = [];
    // Spread over many addresses: the per-account limit holds whatever the attacker's address.
    for (let i = 0; i < 12; i += 1)
      statuses.push((await login(player.email, `Wrong${i}pass`, `10.9.1.${i}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect((await login(player.email, player.password, '10.9.0.1')).statusCode).toBe(429);
    expect((await login(player.email, player.password, '10.9.0.2')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await login(player.email, player.password, '10.9.0.1')).statusCode).toBe(200);
    printFigure(
      'login throttling',
      '10 failures per account in 15 minutes from any addresses, then 429 except from addresses the player signed in from',
    );
  });

  it('answers an unknown email and a wrong password with the same status and byte-identical body', async () => {
    const player = await registerPlayer(t.app);
    const wrong = await login(player.email, 'WrongPass1', '10.9.2.1');
    const unknown = await login('nobody.at.all@example.test', 'WrongPass1', '10.9.2.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
    expect(unknown.cookies).toEqual(wrong.cookies);
  });
});
