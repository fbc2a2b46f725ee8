import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countVisibleAccounts,
  createTestApp,
  registerPlayer,
  type TestApp,
  type TestPlayer,
  anyNumber,
  anyString,
} from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Row {
  id: number;
  rank: number;
  username: string;
  race: { id: number };
  total_points: number;
  economy_points: number;
  science_points: number;
  military_points: number;
  is_me: boolean;
}

async function get(player: TestPlayer, url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: player.headers });
  return {
    status: response.statusCode,
    body: response.json<{
      data: Row[] & Row & { planets: unknown[] };
      meta?: { offset: number; limit: number; total: number };
      i18n_comment?: string;
    }>(),
  };
}

async function setPoints(
  id: number,
  points: { economy: number; science: number; military: number },
): Promise<void> {
  await t.database.db
    .updateTable('accounts')
    .set({
      economy_points: points.economy,
      science_points: points.science,
      military_points: points.military,
      total_points: points.economy + points.science + points.military,
    })
    .where('id', '=', id)
    .execute();
}

let players: TestPlayer[];
beforeAll(async () => {
  players = [];
  for (const name of ['Zeta', 'alpha', 'Mid', 'Tied', 'Banned'])
    players.push(await registerPlayer(t.app, { username: name, race_id: name === 'Mid' ? 2 : 1 }));
  const [zeta, alpha, mid, tied, banned] = players as [
    TestPlayer,
    TestPlayer,
    TestPlayer,
    TestPlayer,
    TestPlayer,
  ];
  await setPoints(zeta.me.id, { economy: 10, science: 0, military: 50 });
  await setPoints(alpha.me.id, { economy: 5, science: 30, military: 0 });
  await setPoints(mid.me.id, { economy: 40, science: 1, military: 1 });
  await setPoints(tied.me.id, { economy: 0, science: 0, military: 60 });
  await setPoints(banned.me.id, { economy: 999, science: 999, military: 999 });
  await t.database.db
    .updateTable('accounts')
    .set({ suspended_at: '2026-01-01T00:00:00.000Z' })
    .where('id', '=', banned.me.id)
    .execute();
});

describe('GET /accounts', () => {
  it('ranks by total points by default, ties by account id, marks the caller and leaves suspended accounts out', async () => {
    const [zeta, alpha, mid, tied] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    const { status, body } = await get(mid, '/accounts');
    expect(status).toBe(200);
    expect(body.data.map((row) => [row.rank, row.username])).toEqual([
      [1, 'Zeta'],
      [2, 'Tied'],
      [3, 'Mid'],
      [4, 'alpha'],
    ]);
    expect(body.meta).toEqual({ offset: 0, limit: 25, total: 4 });
    expect(body.data.find((row) => row.is_me)?.id).toBe(mid.me.id);
    expect(body.data.filter((row) => row.is_me)).toHaveLength(1);
    expect(body.data[2]).toEqual({
      id: mid.me.id,
      rank: 3,
      username: 'Mid',
      race: { id: 2 },
      total_points: 42,
      economy_points: 40,
      science_points: 1,
      military_points: 1,
      is_me: true,
    });
    expect([zeta, alpha, tied].every((p) => body.data.some((row) => row.id === p.me.id))).toBe(true);
  });

  it('sorts by each points column (highest first) and by username (alphabetically, ignoring case)', async () => {
    const viewer = players[0]!;
    const order = async (orderBy: string) =>
      (await get(viewer, `/accounts?order_by=${orderBy}`)).body.data.map((row) => row.username);
    expect(await order('economy_points')).toEqual(['Mid', 'Zeta', 'alpha', 'Tied']);
    expect(await order('science_points')).toEqual(['alpha', 'Mid', 'Zeta', 'Tied']);
    expect(await order('military_points')).toEqual(['Tied', 'Zeta', 'Mid', 'alpha']);
    expect(await order('username')).toEqual(['alpha', 'Mid', 'Tied', 'Zeta']);
  });

  it('pages on the server: offset and limit cut the ranking and ranks continue across pages', async () => {
    const { body } = await get(players[0]!, '/accounts?offset=1&limit=2');
    expect(body.data.map((row) => [row.rank, row.username])).toEqual([
      [2, 'Tied'],
      [3, 'Mid'],
    ]);
    expect(body.meta).toEqual({ offset: 1, limit: 2, total: 4 });
  });

  it('refuses an unknown order_by or a limit out of range with 400 VALIDATION_ERROR', async () => {
    for (const query of ['order_by=password_hash', 'order_by=id', 'limit=0', 'limit=101', 'offset=-3']) {
      const { status, body } = await get(players[0]!, `/accounts?${query}`);
      expect(status, query).toBe(400);
      expect(body.i18n_comment).toBe('VALIDATION_ERROR');
    }
  });

  it('shows a points change, a rename and a suspension on the very next read of the same page', async () => {
    const viewer = players[0]!;
    const extra = await registerPlayer(t.app, { username: 'Climber' });
    const first = await get(viewer, '/accounts?limit=50');
    expect(first.body.data.map((row) => row.username)).toContain('Climber');
    await setPoints(extra.me.id, { economy: 5000, science: 0, military: 0 });
    const second = await get(viewer, '/accounts?limit=50');
    expect(second.body.data[0]?.username).toBe('Climber');
    await t.database.db
      .updateTable('accounts')
      .set({ username: 'Climber2' })
      .where('id', '=', extra.me.id)
      .execute();
    expect((await get(viewer, '/accounts?limit=50')).body.data[0]?.username).toBe('Climber2');
    await t.database.db
      .updateTable('accounts')
      .set({ suspended_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', extra.me.id)
      .execute();
    const last = await get(viewer, '/accounts?limit=50');
    expect(last.body.data.map((row) => row.username)).not.toContain('Climber2');
    expect(last.body.meta?.total).toBe((first.body.meta?.total ?? 0) - 1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/accounts' })).statusCode).toBe(401);
  });
});

describe('GET /accounts/{id}', () => {
  it('answers the public profile: username, race, points, total rank and planets with their system', async () => {
    const [zeta, , mid] = players as [TestPlayer, TestPlayer, TestPlayer];
    const { status, body } = await get(zeta, `/accounts/${mid.me.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      id: mid.me.id,
      rank: 3,
      username: 'Mid',
      race: { id: 2 },
      total_points: 42,
      economy_points: 40,
      is_me: false,
    });
    expect(body.data.planets).toEqual([
      { name: anyString, index: 0, system: { id: anyNumber, name: anyString } },
    ]);
    expect(JSON.stringify(body.data)).not.toMatch(/email|password|nmi/);
  });

  it('answers 404 NOT_FOUND for an unknown id and for a suspended account', async () => {
    const banned = players[4]!;
    for (const id of [999999, banned.me.id]) {
      const { status, body } = await get(players[0]!, `/accounts/${id}`);
      expect(status).toBe(404);
      expect(body.i18n_comment).toBe('NOT_FOUND');
    }
  });
});

describe('the leaderboard total', () => {
  const total = async () => (await get(players[0]!, '/accounts?limit=1')).body.meta?.total;
  const counted = () => countVisibleAccounts(t.database.db);

  it('stays equal to the number of accounts not suspended through registrations, suspension and reinstatement', async () => {
    const before = await total();
    expect(before).toBe(await counted());
    const newcomers = [await registerPlayer(t.app), await registerPlayer(t.app)];
    expect(await total()).toBe(before! + 2);

    const suspend = (at: string | null) =>
      t.database.db
        .updateTable('accounts')
        .set({ suspended_at: at })
        .where('id', '=', newcomers[0]!.me.id)
        .execute();
    await suspend('2026-02-01T00:00:00.000Z');
    expect(await total()).toBe(before! + 1);
    // A second suspension (a new date) of an account already suspended changes nothing.
    await suspend('2026-02-02T00:00:00.000Z');
    expect(await total()).toBe(before! + 1);
    await suspend(null);
    expect(await total()).toBe(before! + 2);
    expect(await total()).toBe(await counted());
  });
});
