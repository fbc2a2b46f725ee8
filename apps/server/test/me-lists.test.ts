import type { MeResponse } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmails } from '../src/modules/economy/index.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /me', () => {
  it('answers every field of Me for the session owner', async () => {
    const player = await registerPlayer(t.app, { race_id: 2 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: player.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeResponse>().data).toEqual({
      id: player.me.id,
      username: player.username,
      email: player.email,
      race: { id: 2, name: 'insectoid' },
      focus_planet_index: 0,
      email_not_read_count: 1,
      nmi: 100,
      total_points: 0,
      economy_points: 0,
      science_points: 0,
      military_points: 0,
      game_speed: 1,
    });
  });

  it('counts unread emails live', async () => {
    const player = await registerPlayer(t.app);
    await insertEmails(t.database.db, player.me.id, [
      { title: 'research_finished', params: { research: 1 }, at: t.clock() },
    ]);
    await t.database.db
      .updateTable('emails')
      .set({ read_at: new Date(t.clock()).toISOString() })
      .where('account_id', '=', player.me.id)
      .where('title', '=', 'welcome')
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: player.cookie },
    });
    expect(response.json<MeResponse>().data.email_not_read_count).toBe(1);
  });

  it('answers 401 UNAUTHORIZED with a malformed session cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: 'auth_token=garbage' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /lists/races', () => {
  it('lists the playable races only, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/lists/races' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: 1, name: 'human' },
        { id: 2, name: 'insectoid' },
      ],
    });
  });
});
