import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailsPage } from '@starhold/contract';
import {
  createTestApp,
  holdAccountLock,
  loginPlayer,
  registerPlayer,
  within,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

// A file database on SQLite: holdAccountLock needs a second connection.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sqliteFile: true });
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

const get = (player: TestPlayer, path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: player.headers });

describe('screens that only read take no account lock', () => {
  for (const path of ['/me/emails', '/me/commandants']) {
    it(`GET ${path} answers while another transaction holds the account's write lock`, async () => {
      const player = await registerPlayer(t.app);
      const response = await holdAccountLock(t.database, player.me.id, () =>
        within(get(player, path), 2_000, `GET ${path}`),
      );
      expect(response.statusCode).toBe(200);
    });
  }

  it('GET /me/emails still settles an event that fell due: the expiry email is listed at once', async () => {
    let player = await registerPlayer(t.app);
    const unlocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/commandants/1',
      headers: player.headers,
      payload: { time: 1 },
    });
    expect(unlocked.statusCode).toBe(200);
    t.clock.advance(DAY);
    player = await loginPlayer(t.app, player);
    const page = (await get(player, '/me/emails')).json<EmailsPage>();
    expect(page.data.map((email) => email.title)).toEqual([
      'commandant_expired',
      'commandant_unlocked',
      'welcome',
    ]);
    expect(page.meta.unread).toBe(3);
  });
});
