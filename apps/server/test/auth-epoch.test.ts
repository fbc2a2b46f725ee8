import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
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

const me = (cookies: Cookies) =>
  t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: cookieHeader(cookies) } });
const epoch = async () =>
  Number((await t.database.db.selectFrom('auth_epoch').select('value').executeTakeFirstOrThrow()).value);

/** Tokens a request has already accepted are kept as checked; these are the ways they must stop. */
describe('access tokens already accepted', () => {
  it('are refused at once when another process revokes their family', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(player.cookies)).statusCode).toBe(200);
    expect((await me(player.cookies)).statusCode).toBe(200);
    // What a logout or a reuse detection on another server does: a plain write to the table.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date(t.clock()).toISOString() })
      .where('account_id', '=', player.me.id)
      .execute();
    const response = await me(player.cookies);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().i18n_comment).toBe('UNAUTHORIZED');
  });

  it('are refused at once when the account is suspended, by the admin CLI or anything else', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(player.cookies)).statusCode).toBe(200);
    await t.database.db
      .updateTable('accounts')
      .set({ suspended_at: new Date(t.clock()).toISOString() })
      .where('id', '=', player.me.id)
      .execute();
    const response = await me(player.cookies);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().i18n_comment).toBe('ACCOUNT_SUSPENDED');
  });

  it('are refused after a logout, while other sessions go on being accepted', async () => {
    const player = await registerPlayer(t.app);
    const other = await loginPlayer(t.app, player);
    expect((await me(player.cookies)).statusCode).toBe(200);
    expect((await me(other.cookies)).statusCode).toBe(200);
    const before = await epoch();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...JSON_HEADERS, cookie: cookieHeader(player.cookies) },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await epoch()).toBeGreaterThan(before);
    expect((await me(player.cookies)).statusCode).toBe(401);
    expect((await me(other.cookies)).statusCode).toBe(200);
  });

  it('are refused once expired, even when nothing was revoked', async () => {
    const player = await registerPlayer(t.app);
    expect((await me(player.cookies)).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await me(player.cookies)).statusCode).toBe(401);
  });

  it('keep the epoch still while players only sign in, refresh and register', async () => {
    const before = await epoch();
    const player = await registerPlayer(t.app);
    await loginPlayer(t.app, player);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { ...JSON_HEADERS, cookie: cookieHeader(player.cookies) },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await epoch()).toBe(before);
  });
});
