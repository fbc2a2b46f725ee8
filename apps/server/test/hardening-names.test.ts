import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

/** Every character that reorders or hides text, by code point (never written literally here). */
const HIDDEN = [
  0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200b, 0x200c, 0x200d, 0x200e,
  0x200f, 0xfeff, 0x2060, 0x061c, 0x2028, 0x2029,
].map((code) => String.fromCodePoint(code));

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  player = await registerPlayer(t.app);
});
afterAll(async () => {
  await t.close();
});

const planetName = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: player.headers })).json<{
    data: { name: string };
  }>().data.name;

describe('player-visible names', () => {
  it('refuse bidirectional overrides and zero-width characters in a planet name', async () => {
    const before = await planetName();
    for (const hidden of HIDDEN) {
      for (const name of [`Ter${hidden}ra`, `${hidden}Terra`, `Terra${hidden}`]) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/v1/me/planet',
          headers: player.headers,
          payload: { name },
        });
        expect(response.statusCode, `U+${hidden.codePointAt(0)?.toString(16)}`).toBe(400);
        expect(response.json()).toMatchObject({ i18n_comment: 'VALIDATION_ERROR' });
      }
    }
    expect(await planetName()).toBe(before);
  });

  it('still accept accented and non-Latin names', async () => {
    for (const name of ['Planète Ève', 'Ζεύς', 'Новая Земля', '火星基地']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/planet',
        headers: player.headers,
        payload: { name },
      });
      expect(response.statusCode, name).toBe(200);
      expect(await planetName()).toBe(name);
    }
  });

  it('refuse them in a username', async () => {
    for (const hidden of HIDDEN) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: JSON_HEADERS,
        payload: {
          email: 'hidden@example.test',
          username: `abc${hidden}def`,
          password: 'Password1',
          race_id: 1,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ i18n_comment: 'VALIDATION_ERROR' });
    }
  });
});
