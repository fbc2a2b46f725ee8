import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, setResources } from '../economy-fixtures.js';
import { call as fleetCall, equip, homePlace, type Place } from '../fleets-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from '../helpers/index.js';
import { printFigure } from './support.js';

/**
 * Figure 4 of the battery: player A calls every id-taking endpoint with player B's ids and their
 * neighbours. Ids of another account must be indistinguishable from ids that never existed, and
 * nothing A can read may carry B's private data.
 */
let t: TestApp;
let a: TestPlayer;
let b: TestPlayer;
/** Distinctive values that would give B's private state away if they showed up in A's answers. */
const B_NMI = 918_273;
const B_RESOURCES = { metal: 734_561, crystal: 645_172, fuel: 556_283 };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
  a = await registerPlayer(t.app, { email: 'alice.private@example.test', username: 'alice' });
  b = await registerPlayer(t.app, { email: 'bob.private@example.test', username: 'bob' });
  const planetId = await homePlanetId(t.database.db, b.me.id);
  // Enough to pay for the two constructions below, which B needs for ids of its own.
  await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
  expect((await call(b, 'POST', '/me/planet/factories/1')).status).toBe(200);
  expect((await call(b, 'POST', '/me/planet/factories/2')).status).toBe(200);
  // Planted after every action of B that spends: the test clock stands still, so nothing
  // produces either, and these exact values stay in B's state for the whole file.
  await setResources(t.database.db, planetId, B_RESOURCES);
  await t.database.db.updateTable('accounts').set({ nmi: B_NMI }).where('id', '=', b.me.id).execute();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(
  player: TestPlayer,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
): Promise<{ status: number; body: string }> {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player.headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.body };
}

async function emailIdsOf(accountId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('emails')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.id);
}

async function constructionIdsOf(accountId: number): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('constructions')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.id);
}

/** B's ids and the ids around them that A does not own. */
function neighbours(ids: readonly number[], own: readonly number[]): number[] {
  const candidates = new Set<number>();
  for (const id of ids)
    for (let delta = -3; delta <= 3; delta += 1) if (id + delta >= 1) candidates.add(id + delta);
  candidates.add(999_999_999);
  for (const id of own) candidates.delete(id);
  return [...candidates].sort((x, y) => x - y);
}

async function privateStateOfB(): Promise<unknown> {
  return Promise.all(
    ['/me', '/me/emails', '/me/planet', '/me/planet/factories'].map(
      async (url) => (await call(b, 'GET', url)).body,
    ),
  );
}

describe('access control between two accounts', () => {
  it("answers A's calls with B's ids, and their neighbours, with the same 404 body as an id that never existed", async () => {
    const before = await privateStateOfB();
    const missing = await call(a, 'GET', '/me/emails/2147483646');
    expect(missing.status).toBe(404);

    const emailIds = neighbours(await emailIdsOf(b.me.id), await emailIdsOf(a.me.id));
    const constructionIds = neighbours(await constructionIdsOf(b.me.id), await constructionIdsOf(a.me.id));
    expect(constructionIds.length).toBeGreaterThan(2);
    const calls: [method: Method, url: string, payload?: Record<string, unknown>][] = [
      ...emailIds.flatMap((id): [Method, string][] => [
        ['GET', `/me/emails/${id}`],
        ['PUT', `/me/emails/${id}`],
      ]),
      ...constructionIds.flatMap((id) =>
        ['factories', 'buildings', 'researchs'].map((kind): [Method, string] => [
          'DELETE',
          `/me/planet/${kind}?id=${id}`,
        ]),
      ),
      ['POST', '/me/planet', { planet_index: 1 }],
      ['POST', '/me/planet', { planet_index: 2 }],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await call(a, method, url, payload);
      expect({ method, url, ...answer }).toEqual({ method, url, status: 404, body: missing.body });
    }
    expect(await privateStateOfB()).toEqual(before);
    printFigure(
      'access control',
      `${calls.length} calls of A with B's ids and neighbours: all 404 with one identical body, B unchanged`,
    );
  });

  it("shows A nothing private of B in any answer A can read, B's public profile included", async () => {
    const bSystem = (
      JSON.parse((await call(b, 'GET', '/me/planet')).body) as { data: { system: { id: number } } }
    ).data.system.id;
    const urls = [
      '/me',
      '/me/planets',
      '/me/planet',
      '/me/emails',
      '/me/commandants',
      '/me/planet/factories',
      '/me/planet/buildings',
      '/me/planet/ships',
      '/me/planet/defenses',
      '/me/planet/researchs',
      '/me/goals',
      '/me/alerts',
      '/me/queue-forecast',
      '/accounts',
      `/accounts/${b.me.id}`,
      '/accounts?order_by=username',
      `/search/players?q=${encodeURIComponent(b.me.username)}`,
      '/me/sessions',
      '/systems',
      `/systems/${bSystem}`,
      `/systems/${bSystem}/${bSystem}`,
    ];
    const planted = [b.email, String(B_NMI), ...Object.values(B_RESOURCES).map(String)];
    const secrets = [...planted, b.cookies.auth_token ?? '', b.cookies.refresh_token ?? '', '$argon2'].filter(
      (secret) => secret !== '',
    );
    const revealed = (body: string): string[] => secrets.filter((secret) => body.includes(secret));

    // The probe can see a leak: B's own answers carry every planted value, unspent.
    const ownAnswers = (await Promise.all(['/me', '/me/planet'].map((url) => call(b, 'GET', url))))
      .map((answer) => answer.body)
      .join('\n');
    expect(revealed(ownAnswers)).toEqual(expect.arrayContaining(planted));

    for (const url of urls) {
      const answer = await call(a, 'GET', url);
      expect(answer.status, url).toBe(200);
      expect(revealed(answer.body), `${url} reveals B's private values`).toEqual([]);
    }
    const profile = JSON.parse((await call(a, 'GET', `/accounts/${b.me.id}`)).body) as {
      data: Record<string, unknown>;
    };
    expect(Object.keys(profile.data)).not.toEqual(expect.arrayContaining(['email']));
    expect(profile.data).not.toHaveProperty('nmi');
    expect(profile.data).not.toHaveProperty('resources');
    printFigure(
      'access control',
      `${urls.length} readable answers of A checked for ${secrets.length} private values of B: none found`,
    );
  });
});

describe('access control on fleets and reports (a test app of its own: it moves the clock)', () => {
  let f: TestApp;
  let spy: TestPlayer;
  let watched: TestPlayer;

  beforeAll(async () => {
    f = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 }, config: { gameSpeed: 100 } });
    spy = await registerPlayer(f.app);
    watched = await registerPlayer(f.app);
    await equip(f.database.db, spy.me.id, { 6: 10 });
    await equip(f.database.db, watched.me.id, { 6: 10 });
  });
  afterAll(async () => {
    await f.close();
  });

  it("answers A's fleet, recall and report calls with B's ids, and their neighbours, with the body of an id that never existed", async () => {
    const target = await homePlace(f.database.db, watched.me.id);
    const order = (place: Place) => ({
      mission: 4,
      target: { system_id: place.systemId, orbit: place.orbit },
      ships: [{ id: 6, count: 1 }],
      speed: 100,
      prefer: 'shortest',
    });
    // B's first spy arrives (a report of B's), its second is still out; A owns a fleet too, so
    // the ids overlap where the per-account fleet ids coincide.
    const first = await fleetCall(f, spy, 'POST', '/me/fleets', order(target));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const arrivesAt = Date.parse((first.body.data as { arrives_at: string }).arrives_at);
    f.clock.set(arrivesAt + 1);
    [spy, watched] = await Promise.all([loginPlayer(f.app, spy), loginPlayer(f.app, watched)]);
    expect((await fleetCall(f, watched, 'GET', '/me/planet')).status).toBe(200);
    expect((await fleetCall(f, spy, 'POST', '/me/fleets', order(target))).status).toBe(201);
    const own = await fleetCall(
      f,
      watched,
      'POST',
      '/me/fleets',
      order(await homePlace(f.database.db, spy.me.id)),
    );
    expect(own.status).toBe(201);

    const db = f.database.db;
    const idsOf = async (table: 'fleets' | 'reports', accountId: number) =>
      (await db.selectFrom(table).select('id').where('account_id', '=', accountId).execute()).map(
        (row) => row.id,
      );
    const spyReports = await idsOf('reports', spy.me.id);
    expect(spyReports.length).toBeGreaterThan(0);
    const fleetIds = neighbours(await idsOf('fleets', spy.me.id), await idsOf('fleets', watched.me.id));
    const reportIds = neighbours(spyReports, await idsOf('reports', watched.me.id));

    const ofSpy = async () =>
      Promise.all(
        ['/me/fleets', '/me/emails', ...spyReports.map((id) => `/me/reports/${id}`)].map(
          async (url) => (await fleetCall(f, spy, 'GET', url)).body,
        ),
      );
    const before = await ofSpy();
    const missing = await f.app.inject({
      method: 'GET',
      url: '/api/v1/me/fleets/2147483646',
      headers: watched.headers,
    });
    expect(missing.statusCode).toBe(404);
    const missingReport = await f.app.inject({
      method: 'GET',
      url: '/api/v1/me/reports/2147483646',
      headers: watched.headers,
    });
    expect(missingReport.statusCode).toBe(404);
    const calls: [Method, string, string][] = [
      ...fleetIds.flatMap((id): [Method, string, string][] => [
        ['GET', `/me/fleets/${id}`, missing.body],
        ['POST', `/me/fleets/${id}/recall`, missing.body],
      ]),
      ...reportIds.map((id): [Method, string, string] => ['GET', `/me/reports/${id}`, missingReport.body]),
    ];
    for (const [method, url, body] of calls) {
      const answer = await f.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: watched.headers,
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      expect({ method, url, status: answer.statusCode, body: answer.body }).toEqual({
        method,
        url,
        status: 404,
        body,
      });
    }
    expect(await ofSpy()).toEqual(before);
    printFigure(
      'access control (fleets)',
      `${calls.length} fleet, recall and report calls of A with B's ids and neighbours: all 404 with the unknown id's body, B unchanged`,
    );
  });
});

describe('access control on sessions (issue 22)', () => {
  it("answers A's sign-out of B's sessions, and their neighbours, with the body of an id that never existed; B stays signed in", async () => {
    const bSessions = await t.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('account_id', '=', b.me.id)
      .execute();
    const aSessions = await t.database.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('account_id', '=', a.me.id)
      .execute();
    const ids = neighbours(
      bSessions.map((row) => row.id),
      aSessions.map((row) => row.id),
    );
    expect(ids.length).toBeGreaterThan(2);
    const missing = await call(a, 'DELETE', '/me/sessions/2147483646');
    expect(missing.status).toBe(404);
    for (const id of ids) {
      const answer = await call(a, 'DELETE', `/me/sessions/${id}`);
      expect({ id, ...answer }).toEqual({ id, status: 404, body: missing.body });
    }
    expect((await call(b, 'GET', '/me')).status).toBe(200);
    const listed = JSON.parse((await call(a, 'GET', '/me/sessions')).body) as { data: { id: number }[] };
    expect(listed.data.every((session) => !bSessions.some((row) => row.id === session.id))).toBe(true);
    printFigure(
      'access control',
      `${ids.length} sign-outs of B's sessions by A: all 404 with one body, B signed in`,
    );
  });
});

describe('access control on the admin console (issue 23)', () => {
  it('answers a player every admin route, with any id, 403 ADMIN_OPERATORS_ONLY with one body, and signed out 401; nothing of B shows and B is unchanged', async () => {
    const before = await privateStateOfB();
    const forbidden = await call(a, 'GET', '/admin/accounts');
    expect(forbidden.status).toBe(403);
    expect(JSON.parse(forbidden.body)).toMatchObject({ i18n_comment: 'ADMIN_OPERATORS_ONLY', code: 1220 });
    const calls: [Method, string, Record<string, unknown>?][] = [b.me.id, a.me.id, 2_147_483_646].flatMap(
      (id): [Method, string, Record<string, unknown>?][] => [
        ['GET', `/admin/accounts?q=${encodeURIComponent(b.email)}`],
        ['GET', `/admin/accounts/${id}`],
        ['POST', `/admin/accounts/${id}/suspend`, { reason: 'x' }],
        ['POST', `/admin/accounts/${id}/reinstate`, { reason: 'x' }],
        ['POST', `/admin/accounts/${id}/nmi`, { amount: 1_000, reason: 'x' }],
        ['POST', `/admin/accounts/${id}/nmi`, { amount: -B_NMI, reason: 'x' }],
        ['POST', `/admin/accounts/${id}/fleets/1/end`, { reason: 'x' }],
        ['POST', `/admin/accounts/${id}/suspend`, { nonsense: [] }],
        ['GET', `/admin/audit?account_id=${id}`],
      ],
    );
    for (const [method, url, payload] of calls) {
      const answer = await call(a, method, url, payload);
      expect({ method, url, ...answer }).toEqual({ method, url, status: 403, body: forbidden.body });
      const signedOut = await t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await privateStateOfB()).toEqual(before);
    printFigure(
      'access control',
      `${calls.length} admin calls of a player (B's id, A's own, unknown): all 403 with one body, 401 signed out, B unchanged`,
    );
  });
});
