import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

let t: TestApp;
let viewer: TestPlayer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, race] of [
    ['Ada_1', 1],
    ['adalbert', 2],
    ['Bob', 1],
    ['a_b-c', 1],
    ['axbxc', 1],
    ['AdaBanned', 1],
  ] as const) {
    const player = await registerPlayer(t.app, { username: name, race_id: race });
    ids[name] = player.me.id;
    if (name === 'Bob') viewer = player;
  }
  await t.database.db
    .updateTable('accounts')
    .set({ suspended_at: '2026-01-01T00:00:00.000Z' })
    .where('id', '=', ids.AdaBanned!)
    .execute();
});
afterAll(async () => {
  await t.close();
});

async function search(query: string, headers: Record<string, string> = viewer.headers) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/search/players?${query}`, headers });
  return {
    status: response.statusCode,
    body: response.json<{
      data: { id: number; username: string; race: { id: number } }[];
      i18n_comment?: string;
    }>(),
  };
}

describe('GET /search/players', () => {
  it('finds usernames by their start, ignoring case, in alphabetical order, suspended accounts left out', async () => {
    const { status, body } = await search('q=ADA');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: ids.Ada_1, username: 'Ada_1', race: { id: 1 } },
      { id: ids.adalbert, username: 'adalbert', race: { id: 2 } },
    ]);
  });

  it('matches % and _ literally, not as patterns', async () => {
    expect((await search('q=a_')).body.data.map((hit) => hit.username)).toEqual(['a_b-c']);
    expect((await search(`q=${encodeURIComponent('%')}`)).body.data).toEqual([]);
    expect((await search('q=a%25b')).body.data).toEqual([]);
  });

  it('trims the query and answers an empty list when nothing matches', async () => {
    expect((await search('q=%20bob%20')).body.data.map((hit) => hit.username)).toEqual(['Bob']);
    expect((await search('q=zz')).body.data).toEqual([]);
  });

  it('gives at most 8 hits', async () => {
    for (let index = 0; index < 9; index += 1) await registerPlayer(t.app, { username: `many${index}` });
    expect((await search('q=many')).body.data).toHaveLength(8);
  });

  it('refuses a missing, empty or too long query, or an unknown parameter, with 400 VALIDATION_ERROR', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(21)}`, 'q=ada&limit=50']) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body.i18n_comment).toBe('VALIDATION_ERROR');
    }
  });

  it('needs a session', async () => {
    const { status } = await search('q=ada', {});
    expect(status).toBe(401);
  });
});
