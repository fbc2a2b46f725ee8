import { fleetOrderBodySchema, isVisibleText, ROUTE_PREFERENCES } from '@starhold/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, setResources } from '../economy-fixtures.js';
import { equip, homePlace, snapshot as databaseSnapshot } from '../fleets-fixtures.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from '../helpers/index.js';
import { expectContractError, leaks, printFigure, scaled } from './support.js';

/**
 * Figure 3 of the battery: generated malformed requests against every endpoint. The fuzzed
 * player owns nothing it could spend (no resources, no NMI, no levels, no queue), so no request
 * may change its state, and the generators only build malformed values.
 */
const PER_ENDPOINT = scaled(1000, 60);

let t: TestApp;
let player: TestPlayer;
/** A second session of the same player: refresh and logout may legitimately end it. */
let disposable: TestPlayer;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { max: 10_000_000, windowMs: 60_000 } });
  player = await registerPlayer(t.app);
  disposable = await loginPlayer(t.app, player);
  await setResources(t.database.db, await homePlanetId(t.database.db, player.me.id), {
    metal: 0,
    crystal: 0,
    fuel: 0,
  });
  await t.database.db.updateTable('accounts').set({ nmi: 0 }).where('id', '=', player.me.id).execute();
});
afterAll(async () => {
  await t.close();
});

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `:id`-like segments are replaced by generated malformed values. */
  path: string;
  /** Body fields the endpoint knows: generated bodies use them with wrong values, and extra ones. */
  fields?: readonly string[];
  /** Query parameters the endpoint knows. */
  query?: readonly string[];
}

const KINDS = ['factories', 'buildings', 'ships', 'defenses', 'researchs'] as const;
const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/auth/login', fields: ['email', 'password', 'remember_me'] },
  { method: 'POST', path: '/auth/register', fields: ['email', 'username', 'password', 'race_id'] },
  { method: 'POST', path: '/auth/refresh' },
  { method: 'POST', path: '/auth/logout' },
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/lists/races' },
  { method: 'GET', path: '/me' },
  { method: 'GET', path: '/me/emails', query: ['offset', 'limit'] },
  { method: 'GET', path: '/me/emails/:id' },
  { method: 'PUT', path: '/me/emails/:id' },
  { method: 'GET', path: '/me/planets' },
  { method: 'GET', path: '/me/planet' },
  { method: 'POST', path: '/me/planet', fields: ['planet_index'] },
  { method: 'PUT', path: '/me/planet', fields: ['name'] },
  { method: 'GET', path: '/me/commandants' },
  { method: 'POST', path: '/me/commandants/:id', fields: ['time'] },
  ...KINDS.flatMap((kind): Endpoint[] => [
    { method: 'GET', path: `/me/planet/${kind}` },
    { method: 'GET', path: `/me/planet/${kind}/:id` },
    { method: 'GET', path: `/me/planet/${kind}/:id/requirements` },
  ]),
  ...(['factories', 'buildings', 'researchs'] as const).flatMap((kind): Endpoint[] => [
    { method: 'POST', path: `/me/planet/${kind}/:id` },
    { method: 'DELETE', path: `/me/planet/${kind}`, query: ['id'] },
  ]),
  ...(['ships', 'defenses'] as const).flatMap((kind): Endpoint[] => [
    { method: 'POST', path: `/me/planet/${kind}/:id`, fields: ['value'] },
    { method: 'GET', path: `/me/planet/${kind}/:id/layers` },
    { method: 'GET', path: `/me/planet/${kind}/:id/damages` },
  ]),
  { method: 'DELETE', path: '/me/planet/factories/:id' },
  { method: 'DELETE', path: '/me/planet/buildings/:id' },
  { method: 'GET', path: '/accounts', query: ['offset', 'limit', 'order_by'] },
  { method: 'GET', path: '/accounts/:id' },
  { method: 'GET', path: '/systems' },
  { method: 'GET', path: '/systems/:id' },
  { method: 'GET', path: '/systems/:from/:to', query: ['prefer'] },
  ...['/me/fleets/preview', '/me/fleets'].map((path): Endpoint => ({
    method: 'POST',
    path,
    fields: ['mission', 'target', 'ships', 'speed', 'prefer', 'cargo'],
  })),
  { method: 'GET', path: '/me/fleets' },
  { method: 'GET', path: '/me/fleets/:id' },
  { method: 'POST', path: '/me/fleets/:id/recall' },
  { method: 'GET', path: '/me/reports/:id' },
  // Accounts (issue 22).
  { method: 'POST', path: '/auth/password-reset', fields: ['email'] },
  { method: 'POST', path: '/auth/password-reset/confirm', fields: ['token', 'new_password'] },
  { method: 'POST', path: '/auth/email-change/confirm', fields: ['token'] },
  { method: 'POST', path: '/me/password', fields: ['current_password', 'new_password'] },
  { method: 'POST', path: '/me/email', fields: ['new_email', 'password'] },
  { method: 'GET', path: '/me/sessions' },
  { method: 'DELETE', path: '/me/sessions/:id' },
  { method: 'DELETE', path: '/me', fields: ['password'] },
  // Goals, alerts and the queue forecast (issue 26).
  { method: 'GET', path: '/me/goals' },
  { method: 'POST', path: '/me/goals/:id/claim' },
  { method: 'GET', path: '/me/alerts' },
  { method: 'GET', path: '/me/queue-forecast' },
  { method: 'POST', path: '/me/queue-forecast', fields: ['type_id', 'module_id'] },
  // The header search (issue 26).
  { method: 'GET', path: '/search/players', query: ['q'] },
  // The operators' console (issue 23): the fuzzed player is no operator.
  { method: 'GET', path: '/admin/accounts', query: ['q', 'suspended', 'offset', 'limit'] },
  { method: 'GET', path: '/admin/accounts/:id' },
  { method: 'POST', path: '/admin/accounts/:id/suspend', fields: ['reason'] },
  { method: 'POST', path: '/admin/accounts/:id/reinstate', fields: ['reason'] },
  { method: 'POST', path: '/admin/accounts/:id/nmi', fields: ['amount', 'reason'] },
  { method: 'POST', path: '/admin/accounts/:id/fleets/:fleetId/end', fields: ['reason'] },
  { method: 'GET', path: '/admin/audit', query: ['account_id', 'offset', 'limit'] },
];

/** Values that are never a valid id, quantity, index or name for the fuzzed player. */
const badScalar = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-0',
    '9007199254740992',
    '9007199254740993',
    '2147483648',
    '99999999999999999999',
    '1e3',
    '1e400',
    '0x1f',
    '1.5',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '-Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '%00',
    '..',
    '%2e%2e',
    '١٢',
    '１',
    '1;drop table accounts',
    "' or 1=1 --",
    '<script>',
    '$ne',
    '\u0000',
    '\u202e',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.integer({ max: 0 }).map(String),
  fc.double().map(String),
);

/** A string the rename endpoint would accept is not malformed. */
const isPlanetName = (value: unknown): boolean =>
  typeof value === 'string' &&
  value.trim().length >= 3 &&
  value.trim().length <= 20 &&
  // eslint-disable-next-line no-control-regex -- control characters are what the rename refuses
  !/[\u0000-\u001f\u007f]/.test(value) &&
  isVisibleText(value);
/** A small positive integer may be a real id of the fuzzed player (its welcome email). */
const isPlausibleId = (value: string): boolean => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 && number < 1_000_000;
};

const badJsonValue: fc.Arbitrary<unknown> = fc
  .oneof(
    badScalar,
    fc.constantFrom(
      2 ** 53,
      2 ** 53 + 2,
      -(2 ** 53),
      1e308,
      -1,
      0,
      0.5,
      100_001,
      1e21,
      true,
      false,
      null,
      [],
      {},
      'NaN',
      '',
    ),
    fc.string({ unit: 'grapheme', minLength: 21, maxLength: 300 }),
    fc.string({ maxLength: 2 }),
    fc.jsonValue({ maxDepth: 3 }),
  )
  .filter((value) => !isPlanetName(value));

interface Fuzz {
  pathValues: string[];
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };
  contentType: string | undefined;
  /** 'session', 'none', or a Cookie header sent as is. */
  cookie: string;
  query: Record<string, string>;
}

const rawBody = fc.oneof(
  fc.constantFrom(
    '{',
    '{"value":',
    'null',
    '"text"',
    '[1,2',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"value":1e400}',
    '{"value":9007199254740993}',
    '{"time":"1"}',
    '\u0000',
    '\uFEFF{}',
    '{"a":1,"a":2}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.integer({ min: 2000, max: 16000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 33 * 1024, max: 64 * 1024 }).map((size) => `{"name":"${'x'.repeat(size)}"}`),
);

function fuzzOf(endpoint: Endpoint): fc.Arbitrary<Fuzz> {
  const slots = endpoint.path.split('/').filter((segment) => segment.startsWith(':')).length;
  const fields = [...(endpoint.fields ?? []), 'extra', '__proto__', 'constructor'];
  const body = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc
      .dictionary(fc.constantFrom(...fields), badJsonValue, { maxKeys: 4 })
      .map((value) => ({ kind: 'json' as const, value })),
    badJsonValue.map((value) => ({ kind: 'json' as const, value })),
    rawBody.map((text) => ({ kind: 'raw' as const, text })),
  );
  const contentType = fc.oneof(
    { weight: 4, arbitrary: fc.constant('application/json') },
    fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-7',
      'APPLICATION/JSON',
      'application/jsonx',
      'application/xml',
      '*/*',
      '',
    ),
  );
  const cookie = fc.oneof(
    { weight: 5, arbitrary: fc.constant('session') },
    fc.constantFrom(
      'none',
      'auth_token=',
      'auth_token=v1.e30.AAAA',
      'auth_token=null',
      'refresh_token=x'.repeat(500),
    ),
    fc
      .string({ unit: 'grapheme', maxLength: 200 })
      .map((token) => `auth_token=${encodeURIComponent(token)}; refresh_token=${encodeURIComponent(token)}`),
  );
  const queryKeys = [...(endpoint.query ?? []), 'extra', 'limit', 'offset'];
  const query = fc.dictionary(fc.constantFrom(...queryKeys), badScalar, { maxKeys: 3 });
  return fc.record({
    pathValues: fc.array(
      badScalar.filter((value) => !isPlausibleId(value)),
      { minLength: slots, maxLength: slots },
    ),
    body,
    contentType,
    cookie,
    query,
  });
}

function urlOf(endpoint: Endpoint, fuzz: Fuzz): string {
  let index = 0;
  const path = endpoint.path.replace(/:\w+/g, () => encodeURIComponent(fuzz.pathValues[index++] ?? ''));
  const search = new URLSearchParams(fuzz.query).toString();
  return `/api/v1${path}${search ? `?${search}` : ''}`;
}

async function snapshot(): Promise<unknown[]> {
  const paths = [
    '/me',
    '/me/planets',
    '/me/emails',
    '/me/commandants',
    '/me/fleets',
    '/me/goals',
    ...KINDS.map((kind) => `/me/planet/${kind}`),
  ];
  return Promise.all(
    paths.map(async (url) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: player.cookie } })
      ).json(),
    ),
  );
}

/** Other spellings of a path the router may or may not take for it (decision 155). */
type Spelling =
  'encode-some' | 'encode-all' | 'upper-hex' | 'case' | 'double-slash' | 'trailing' | 'dot' | 'slash';
const SPELLINGS: readonly Spelling[] = [
  'encode-some',
  'encode-all',
  'upper-hex',
  'case',
  'double-slash',
  'trailing',
  'dot',
  'slash',
];

function spell(url: string, spelling: Spelling, seed: number): string {
  const [pathname = '', search] = url.split('?', 2);
  const chars = [...pathname];
  const letters = chars.flatMap((c, i) => (/[a-z0-9]/i.test(c) ? [i] : []));
  const pick = letters[seed % Math.max(letters.length, 1)] ?? 1;
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const slashes = chars.flatMap((c, i) => (c === '/' && i > 0 ? [i] : []));
  const slash = slashes[seed % Math.max(slashes.length, 1)] ?? 4;
  let spelled: string;
  switch (spelling) {
    case 'encode-some':
      spelled = chars
        .map((c, i) => (i === pick || (i * 7 + seed) % 5 === 0 ? (/[a-z0-9]/i.test(c) ? hex(c) : c) : c))
        .join('');
      break;
    case 'encode-all':
      spelled = chars.map((c) => (/[a-z0-9]/i.test(c) ? hex(c) : c)).join('');
      break;
    case 'upper-hex':
      spelled = chars.map((c, i) => (i === pick ? hex(c).toUpperCase() : c)).join('');
      break;
    case 'case':
      spelled = chars.map((c, i) => (i === pick || (i + seed) % 3 === 0 ? c.toUpperCase() : c)).join('');
      break;
    case 'double-slash':
      spelled = `${pathname.slice(0, slash)}/${pathname.slice(slash)}`;
      break;
    case 'trailing':
      spelled = `${pathname}/`;
      break;
    case 'dot':
      spelled = `${pathname.slice(0, slash)}/.${pathname.slice(slash)}`;
      break;
    case 'slash':
      spelled = `${pathname.slice(0, slash)}%2F${pathname.slice(slash + 1)}`;
      break;
  }
  return search === undefined ? spelled : `${spelled}?${search}`;
}

describe(`fuzzing: other spellings of every path`, () => {
  it('never lets a cross-site form reach a mutation, whatever the spelling, and answers the rest in the contract format', async () => {
    const before = await snapshot();
    // A session of its own: the other battery may legitimately end `disposable`.
    const victim = await loginPlayer(t.app, player);
    let total = 0;
    for (const endpoint of ENDPOINTS) {
      const mutation = endpoint.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...SPELLINGS),
          fc.nat(),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
          fc.boolean(),
          async (spelling, seed, contentType, foreign) => {
            total += 1;
            // A real path: ids the player owns where it has some (its welcome email), else 1.
            const url = spell(`/api/v1${endpoint.path.replace(/:\w+/g, '1')}`, spelling, seed);
            const cookie = endpoint.path.startsWith('/auth/') ? victim.cookie : player.cookie;
            const headers: Record<string, string> = { cookie, 'content-type': contentType };
            if (foreign) headers.origin = 'https://evil.example';
            const response = await t.app.inject({
              method: endpoint.method,
              url,
              headers,
              ...(mutation ? { payload: 'name=x&value=1&planet_index=0' } : {}),
            });
            const context = `${endpoint.method} ${url} (${contentType}${foreign ? ', foreign origin' : ''})`;
            if (mutation) {
              expect([403, 404, 415], context).toContain(response.statusCode);
            }
            if (response.statusCode >= 400) {
              expectContractError(
                response.statusCode,
                String(response.headers['content-type'] ?? ''),
                response.body,
                context,
              );
            } else {
              expect(response.statusCode, context).toBe(200);
              expect(leaks(response.body), context).toBe(false);
            }
          },
        ),
        { numRuns: Math.max(20, Math.floor(PER_ENDPOINT / 10)) },
      );
    }
    expect(await snapshot()).toEqual(before);
    // The session that refresh and logout would have ended is still good.
    const stillSignedIn = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { cookie: victim.cookie },
    });
    expect(stillSignedIn.statusCode).toBe(200);
    printFigure(
      'fuzzing (spellings)',
      `${total} cross-site requests with percent-encoded, upper-cased, doubled-slash, dotted and encoded-slash paths: no mutation reached, all errors in the contract format`,
    );
  }, 600_000);
});

describe(`fuzzing: ${PER_ENDPOINT} malformed requests per endpoint`, () => {
  it(`answers ${ENDPOINTS.length} endpoints without a 5xx, always in the error format, leaking nothing and changing nothing`, async () => {
    const before = await snapshot();
    let total = 0;
    for (const endpoint of ENDPOINTS) {
      await fc.assert(
        fc.asyncProperty(fuzzOf(endpoint), async (fuzz) => {
          total += 1;
          const headers: Record<string, string> = {};
          if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
          if (fuzz.cookie === 'session')
            headers.cookie = endpoint.path.startsWith('/auth/') ? disposable.cookie : player.cookie;
          else if (fuzz.cookie !== 'none') headers.cookie = fuzz.cookie;
          const payload =
            fuzz.body.kind === 'none'
              ? undefined
              : fuzz.body.kind === 'raw'
                ? fuzz.body.text
                : JSON.stringify(fuzz.body.value);
          const response = await t.app.inject({
            method: endpoint.method,
            url: urlOf(endpoint, fuzz),
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          const context = `${endpoint.method} ${urlOf(endpoint, fuzz)}`;
          if (response.statusCode < 400) {
            expect(response.statusCode, context).toBe(200);
            expect(leaks(response.body), context).toBe(false);
          } else {
            expectContractError(
              response.statusCode,
              String(response.headers['content-type'] ?? ''),
              response.body,
              context,
            );
          }
        }),
        { numRuns: PER_ENDPOINT },
      );
    }
    expect(await snapshot()).toEqual(before);
    printFigure(
      'fuzzing',
      `${total} requests over ${ENDPOINTS.length} endpoints (${PER_ENDPOINT} each): zero 5xx, all errors in the contract format, no leak, state unchanged`,
    );
  }, 600_000);
});

/**
 * Orders one mistake away from a valid one, sent by a player who owns the ships, the fuel and the
 * cargo the valid order needs: a generic fuzzer's bodies are refused for want of ships long before
 * a wrong count or speed would matter, these are not.
 */
describe(`fuzzing: ${PER_ENDPOINT} near-valid fleet orders`, () => {
  let captain: TestPlayer;
  let validOrder: Record<string, unknown>;
  beforeAll(async () => {
    captain = await registerPlayer(t.app);
    await equip(t.database.db, captain.me.id, { 1: 50, 6: 10, 7: 5 });
    const home = await homePlace(t.database.db, player.me.id);
    validOrder = {
      mission: 1,
      target: { system_id: home.systemId, orbit: home.orbit },
      ships: [{ id: 7, count: 2 }],
      speed: 100,
      prefer: 'shortest',
      cargo: { metal: 10, crystal: 0, fuel: 0 },
    };
  });

  const notAnInteger = fc.oneof(
    fc.constantFrom(1.5, 0.1, -0.5, 1e-9, '1', '10', null, true, [], {}, 'NaN', ''),
    fc.double({ noInteger: true }),
    fc.string({ maxLength: 8 }),
  );
  const count = fc.oneof(
    fc.integer({ max: 0 }),
    fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }),
    fc.constantFrom(1e12, 2 ** 53, 1e308),
    notAnInteger,
  );
  const amount = fc.oneof(
    fc.integer({ max: -1 }),
    fc.constantFrom(2 ** 53, 2 ** 53 + 2, 1e308),
    notAnInteger,
  );
  const speed = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }).filter((value) => value < 10 || value > 100 || value % 10 !== 0),
    notAnInteger,
  );
  const mission = fc.oneof(
    fc.integer().filter((value) => value < 1 || value > 6),
    notAnInteger,
  );
  const prefer = fc.oneof(
    fc.string({ maxLength: 20 }).filter((value) => !(ROUTE_PREFERENCES as readonly string[]).includes(value)),
    fc.constantFrom('SHORTEST', 'shortest ', 'fastest', null, 1, [], {}),
  );
  const anyValue = fc.jsonValue({ maxDepth: 2 });
  type Order = Record<string, unknown>;
  const set =
    (key: string) =>
    (value: unknown) =>
    (order: Order): Order => ({ ...order, [key]: value });
  const mistake: fc.Arbitrary<(order: Order) => Order> = fc.oneof(
    count.map((value) => set('ships')([{ id: 7, count: value }])),
    fc.oneof(fc.integer({ max: 0 }), notAnInteger).map((value) => set('ships')([{ id: value, count: 1 }])),
    fc
      .constantFrom<unknown>([], [{ id: 7 }], [{ count: 1 }], [{ id: 7, count: 1, extra: 1 }], {}, 7)
      .map(set('ships')),
    fc.constant(
      set('ships')([
        { id: 7, count: 1 },
        { id: 7, count: 1 },
      ]),
    ),
    mission.map(set('mission')),
    speed.map(set('speed')),
    prefer.map(set('prefer')),
    fc
      .record({ key: fc.constantFrom('metal', 'crystal', 'fuel'), value: amount })
      .map(({ key, value }) => set('cargo')({ metal: 0, crystal: 0, fuel: 0, [key]: value })),
    fc
      .constantFrom<unknown>({ metal: 1 }, { metal: 1, crystal: 1, fuel: 1, gold: 1 }, [], 'all', null)
      .map(set('cargo')),
    fc
      .constantFrom<unknown>(
        { system_id: 0, orbit: 1 },
        { system_id: 1, orbit: 0 },
        { system_id: 1, orbit: 1001 },
        { system_id: 1 },
        { system_id: 1, orbit: 1, planet: 1 },
        { system_id: '1', orbit: 1 },
        null,
        [1, 1],
      )
      .map(set('target')),
    fc.constantFrom('mission', 'target', 'ships', 'speed', 'prefer').map(
      (key) =>
        (order: Order): Order =>
          Object.fromEntries(Object.entries(order).filter(([k]) => k !== key)),
    ),
    fc
      .record({
        key: fc.constantFrom('mission', 'target', 'ships', 'speed', 'prefer', 'cargo'),
        value: anyValue,
      })
      .map(({ key, value }) => set(key)(value)),
    fc.constantFrom('extra', 'owner_id', 'account_id', 'origin').map((key) => set(key)(1)),
  );

  it('refuses every one with 400 VALIDATION_ERROR in the contract format, preview and dispatch alike, and changes nothing', async () => {
    const valid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/fleets/preview',
      headers: captain.headers,
      payload: JSON.stringify(validOrder),
    });
    // The base order is good: each refusal below is its one mistake's doing.
    expect(valid.statusCode, valid.body).toBe(200);
    const before = await databaseSnapshot(t.database.db);
    let total = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(mistake, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('/me/fleets/preview', '/me/fleets'),
        async (mistakes, path) => {
          const order = mistakes.reduce((current, apply) => apply(current), validOrder);
          fc.pre(!fleetOrderBodySchema.safeParse(order).success);
          total += 1;
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/v1${path}`,
            headers: captain.headers,
            payload: JSON.stringify(order),
          });
          const context = `POST ${path} ${JSON.stringify(order)}`;
          expectContractError(
            response.statusCode,
            String(response.headers['content-type'] ?? ''),
            response.body,
            context,
          );
          expect(response.statusCode, context).toBe(400);
          expect(response.json<{ i18n_comment?: string }>().i18n_comment, context).toBe('VALIDATION_ERROR');
        },
      ),
      { numRuns: PER_ENDPOINT },
    );
    expect(await databaseSnapshot(t.database.db)).toEqual(before);
    printFigure(
      'fuzzing (fleet orders)',
      `${total} orders with one to three mistakes (counts, ids, missions, speeds, preferences, cargo, targets, missing, extra and mistyped fields): all 400 VALIDATION_ERROR, database unchanged`,
    );
  }, 600_000);
});
