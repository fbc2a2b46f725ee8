import type { MeResponse } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginPlayer, registerPlayer, type TestApp } from './helpers/index.js';

// The web app prices a level from the server's game speed (decision 240): every answer that
// carries Me (registration, login, GET /me) gives the configured one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 2.5 } });
});
afterAll(async () => {
  await t.close();
});

describe('the game speed in Me', () => {
  it('is the configured speed in the registration answer and in GET /me', async () => {
    const player = await registerPlayer(t.app);
    expect(player.me.game_speed).toBe(2.5);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: player.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeResponse>().data.game_speed).toBe(2.5);
  });

  it('is in the login answer', async () => {
    const player = await registerPlayer(t.app);
    const login = await loginPlayer(t.app, player);
    expect(login.me.game_speed).toBe(2.5);
  });
});
