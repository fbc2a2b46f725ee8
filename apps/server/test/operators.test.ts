/**
 * The operators' console API (issue 23, decision 220): every route answers 401 signed out, 403 to
 * players and its data to operators; every action writes one audit row; bad input gets the
 * contract's errors and changes nothing. SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { adminNmiBodySchema, adminReasonBodySchema, type AdminAuditEntry } from '@starhold/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/admin/commands.js';
import { equip, homePlace, shipCount } from './fleets-fixtures.js';
import { readResources } from './economy-fixtures.js';
import {
  createTestApp,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
let operator: TestPlayer;
let player: TestPlayer;
let victim: TestPlayer;

const api = (
  who: TestPlayer | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who === null ? JSON_HEADERS : who.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

const auditCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('admin_audit')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const accountRow = (id: number) =>
  t.database.db
    .selectFrom('accounts')
    .select(['nmi', 'suspended_at', 'operator', 'state_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  operator = await registerPlayer(t.app, { username: 'Overseer' });
  player = await registerPlayer(t.app, { username: 'Plain_player' });
  victim = await registerPlayer(t.app, { username: 'Target_one', race_id: 2 });
  expect(
    await runCommand({ handle: t.database, config: t.config, now: t.clock() }, [
      'promote',
      operator.email.toUpperCase(),
    ]),
  ).toEqual([`Overseer (account ${operator.me.id}) is now an operator`]);
});
afterAll(async () => {
  await t.close();
});

describe('who may use the console', () => {
  const routes = (): [method: 'GET' | 'POST', url: string, payload?: unknown][] => [
    ['GET', '/admin/accounts'],
    ['GET', `/admin/accounts/${victim.me.id}`],
    ['POST', `/admin/accounts/${victim.me.id}/suspend`, { reason: 'r' }],
    ['POST', `/admin/accounts/${victim.me.id}/reinstate`, { reason: 'r' }],
    ['POST', `/admin/accounts/${victim.me.id}/nmi`, { amount: 5, reason: 'r' }],
    ['POST', `/admin/accounts/${victim.me.id}/fleets/1/end`, { reason: 'r' }],
    ['GET', '/admin/audit'],
  ];

  it('answers 401 signed out and 403 ADMIN_OPERATORS_ONLY to a player, changing nothing', async () => {
    const before = [await auditCount(), await accountRow(victim.me.id)];
    for (const [method, url, payload] of routes()) {
      const out = await api(null, method, url, payload);
      expect(out.statusCode, `${method} ${url}`).toBe(401);
      expect(out.json()).toMatchObject({ i18n_comment: 'UNAUTHORIZED' });
      const denied = await api(player, method, url, payload);
      expect(denied.statusCode, `${method} ${url}`).toBe(403);
      expect(denied.json()).toMatchObject({ i18n_comment: 'ADMIN_OPERATORS_ONLY', code: 1220 });
      // Even a malformed call is refused for who makes it, not for its body.
      const malformed = await api(player, method, url, method === 'POST' ? { nonsense: true } : undefined);
      expect(malformed.statusCode).toBe(403);
    }
    expect([await auditCount(), await accountRow(victim.me.id)]).toEqual(before);
  });

  it('tells the web app who is an operator through GET /me, and no one else', async () => {
    expect((await api(operator, 'GET', '/me')).json()).toMatchObject({ data: { operator: true } });
    expect((await api(player, 'GET', '/me')).json<{ data: object }>().data).not.toHaveProperty('operator');
  });

  it('stops at once when the operator is demoted', async () => {
    const other = await registerPlayer(t.app);
    const command = (...args: string[]) =>
      runCommand({ handle: t.database, config: t.config, now: t.clock() }, args);
    await command('promote', other.email);
    expect((await api(other, 'GET', '/admin/accounts')).statusCode).toBe(200);
    expect(await command('promote', other.email)).toEqual([
      `${other.username} (account ${other.me.id}) is already an operator`,
    ]);
    await command('demote', other.email, '--reason=left the team');
    expect((await api(other, 'GET', '/admin/accounts')).statusCode).toBe(403);
    const audit = await api(operator, 'GET', `/admin/audit?account_id=${other.me.id}`);
    expect(audit.json<{ data: AdminAuditEntry[] }>().data.map((entry) => entry.action)).toEqual([
      'demote',
      'promote',
    ]);
    expect(audit.json<{ data: AdminAuditEntry[] }>().data[0]).toMatchObject({
      operator_id: null,
      operator_name: 'command line',
      reason: 'left the team',
      before: { operator: true },
      after: { operator: false },
    });
  });
});

describe('GET /admin/accounts', () => {
  type Page = { data: { id: number; username: string; race: { name: string } }[]; meta: { total: number } };
  const search = async (query: string) => {
    const response = await api(operator, 'GET', `/admin/accounts${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };

  it('finds accounts by part of the name or email, any case, or by id', async () => {
    const byName = await search('?q=TARGET_O');
    expect(byName.data.map((row) => row.id)).toEqual([victim.me.id]);
    expect(byName.data[0]).toMatchObject({
      username: 'Target_one',
      email: victim.email,
      race: { id: 2, name: 'insectoid' },
      suspended_at: null,
      operator: false,
      nmi: 100,
    });
    expect((await search(`?q=${encodeURIComponent(victim.email)}`)).data.map((row) => row.id)).toEqual([
      victim.me.id,
    ]);
    expect((await search(`?q=${victim.me.id}`)).data.map((row) => row.id)).toContain(victim.me.id);
  });

  it('reads % and _ as themselves, not as wildcards', async () => {
    expect((await search('?q=%25')).data).toEqual([]);
    // "_" is in Plain_player and Target_one only, not in every name.
    const underscore = await search('?q=_');
    expect(underscore.data.map((row) => row.username).sort()).toEqual(['Plain_player', 'Target_one']);
  });

  it('pages with a total, and filters suspended accounts', async () => {
    const first = await search('?limit=1');
    expect(first.data).toHaveLength(1);
    expect(first.meta.total).toBeGreaterThanOrEqual(3);
    expect((await search('?suspended=true')).data).toEqual([]);
  });

  it('refuses bad queries with VALIDATION_ERROR', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?suspended=yes',
      `?q=${'x'.repeat(101)}`,
      '?zzz=1',
    ]) {
      const response = await api(operator, 'GET', `/admin/accounts${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ i18n_comment: 'VALIDATION_ERROR' });
    }
  });
});

describe('actions', () => {
  const post = (url: string, payload: unknown) => api(operator, 'POST', url, payload);

  it('grants and removes NMI with a reason; a removal below zero is refused and changes nothing', async () => {
    const grant = await post(`/admin/accounts/${victim.me.id}/nmi`, {
      amount: 250,
      reason: ' apology for the outage ',
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({
      data: {
        action: 'grant_nmi',
        operator_id: operator.me.id,
        operator_name: 'Overseer',
        target_account_id: victim.me.id,
        target_name: 'Target_one',
        reason: 'apology for the outage',
        before: { nmi: 100 },
        after: { nmi: 350 },
      },
    });
    const remove = await post(`/admin/accounts/${victim.me.id}/nmi`, { amount: -50, reason: 'double grant' });
    expect(remove.json()).toMatchObject({
      data: { action: 'remove_nmi', before: { nmi: 350 }, after: { nmi: 300 } },
    });
    expect((await api(victim, 'GET', '/me')).json()).toMatchObject({ data: { nmi: 300 } });

    const before = [await auditCount(), await accountRow(victim.me.id)];
    const tooMuch = await post(`/admin/accounts/${victim.me.id}/nmi`, { amount: -301, reason: 'x' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ i18n_comment: 'ADMIN_NMI_BELOW_ZERO', code: 1221 });
    expect([await auditCount(), await accountRow(victim.me.id)]).toEqual(before);
  });

  it('suspends with a reason, ending the sessions at once; reinstating lets the player sign in again', async () => {
    const target = await registerPlayer(t.app);
    expect((await api(target, 'GET', '/me')).statusCode).toBe(200);
    const suspend = await post(`/admin/accounts/${target.me.id}/suspend`, { reason: 'bot farming' });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json()).toMatchObject({
      data: { action: 'suspend', before: { suspended_at: null }, after: { sessions_ended: 1 } },
    });
    expect((await api(target, 'GET', '/me')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: JSON_HEADERS,
      payload: { email: target.email, password: target.password, remember_me: false },
    });
    expect(login.json()).toMatchObject({ i18n_comment: 'ACCOUNT_SUSPENDED' });

    const count = await auditCount();
    const again = await post(`/admin/accounts/${target.me.id}/suspend`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ i18n_comment: 'ADMIN_ALREADY_SUSPENDED' });
    expect(await auditCount()).toBe(count);

    const listed = await api(operator, 'GET', '/admin/accounts?suspended=true');
    expect(listed.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([target.me.id]);

    const reinstate = await post(`/admin/accounts/${target.me.id}/reinstate`, { reason: 'appeal accepted' });
    expect(reinstate.json()).toMatchObject({ data: { action: 'reinstate', after: { suspended_at: null } } });
    expect((await loginPlayer(t.app, target)).me.id).toBe(target.me.id);
    const notSuspended = await post(`/admin/accounts/${target.me.id}/reinstate`, { reason: 'again' });
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json()).toMatchObject({ i18n_comment: 'ADMIN_NOT_SUSPENDED' });
  });

  it('refuses to suspend the operator themselves', async () => {
    const self = await post(`/admin/accounts/${operator.me.id}/suspend`, { reason: 'oops' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ i18n_comment: 'ADMIN_NOT_ON_SELF' });
    expect((await accountRow(operator.me.id)).suspended_at).toBeNull();
  });

  it('ends a stuck fleet: its ships and cargo are home at once, the audit keeps what it was', async () => {
    const owner = await registerPlayer(t.app);
    const planetId = await equip(t.database.db, owner.me.id, { 6: 5 });
    const target = await homePlace(t.database.db, victim.me.id);
    const sent = await api(owner, 'POST', '/me/fleets', {
      mission: 4,
      target: { system_id: target.systemId, orbit: target.orbit },
      ships: [{ id: 6, count: 2 }],
      speed: 10,
      prefer: 'shortest',
    });
    expect(sent.statusCode).toBe(201);
    const fleetId = sent.json<{ data: { id: number } }>().data.id;
    expect(await shipCount(t.database.db, planetId, 6)).toBe(3);

    const detail = await api(operator, 'GET', `/admin/accounts/${owner.me.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      data: { fleets: [{ id: fleetId, mission: 4, state: 'outbound', ships: 2 }] },
    });

    const ended = await post(`/admin/accounts/${owner.me.id}/fleets/${fleetId}/end`, {
      reason: 'stuck since the outage',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      data: {
        action: 'end_fleet',
        before: { fleet_id: fleetId, mission: 4, ships: { 6: 2 } },
        after: { fleet_id: null, returned_to_planet_id: planetId },
      },
    });
    expect(await shipCount(t.database.db, planetId, 6)).toBe(5);
    expect(
      await t.database.db.selectFrom('fleets').selectAll().where('account_id', '=', owner.me.id).execute(),
    ).toEqual([]);
    expect((await api(owner, 'GET', '/me/fleets')).json()).toMatchObject({ data: { own: [] } });

    const count = await auditCount();
    const gone = await post(`/admin/accounts/${owner.me.id}/fleets/${fleetId}/end`, { reason: 'again' });
    expect(gone.statusCode).toBe(404);
    expect(await auditCount()).toBe(count);
    expect((await readResources(t.database.db, planetId)).metal).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown account and changes nothing', async () => {
    const count = await auditCount();
    for (const url of ['/admin/accounts/999999/suspend', '/admin/accounts/999999/reinstate']) {
      expect((await post(url, { reason: 'x' })).statusCode).toBe(404);
    }
    expect((await post('/admin/accounts/999999/nmi', { amount: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await api(operator, 'GET', '/admin/accounts/999999')).statusCode).toBe(404);
    expect(await auditCount()).toBe(count);
  });

  it('refuses bad input with VALIDATION_ERROR and changes nothing', async () => {
    const id = victim.me.id;
    const cases: [string, unknown][] = [
      [`/admin/accounts/${id}/suspend`, {}],
      [`/admin/accounts/${id}/suspend`, { reason: '' }],
      [`/admin/accounts/${id}/suspend`, { reason: '   ' }],
      [`/admin/accounts/${id}/suspend`, { reason: 'x'.repeat(501) }],
      [`/admin/accounts/${id}/suspend`, { reason: 'x', extra: 1 }],
      [`/admin/accounts/${id}/suspend`, [1]],
      [`/admin/accounts/${id}/reinstate`, { reason: 42 }],
      [`/admin/accounts/${id}/nmi`, { amount: 0, reason: 'x' }],
      [`/admin/accounts/${id}/nmi`, { amount: 1.5, reason: 'x' }],
      [`/admin/accounts/${id}/nmi`, { amount: '10', reason: 'x' }],
      [`/admin/accounts/${id}/nmi`, { amount: 1_000_001, reason: 'x' }],
      [`/admin/accounts/${id}/nmi`, { amount: 10 }],
      [`/admin/accounts/${id}/fleets/0/end`, { reason: 'x' }],
      [`/admin/accounts/0x10/suspend`, { reason: 'x' }],
      [`/admin/accounts/${id}/fleets/1e3/end`, { reason: 'x' }],
      [`/admin/accounts/99999999999/nmi`, { amount: 1, reason: 'x' }],
    ];
    const before = [await auditCount(), await accountRow(id)];
    for (const [url, payload] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ i18n_comment: 'VALIDATION_ERROR', code: 1002 });
    }
    expect([await auditCount(), await accountRow(id)]).toEqual(before);
  });
});

describe('generated malformed bodies from an operator', () => {
  it('are all refused with 400 VALIDATION_ERROR and change nothing', async () => {
    const id = victim.me.id;
    const before = [await auditCount(), await accountRow(id)];
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.record(
        {
          amount: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constantFrom(0, 1e7, -1e7, null)),
          reason: fc.oneof(
            fc.string({ maxLength: 3 }).map((text) => text.replace(/\S/g, ' ')),
            fc.integer(),
            fc.constant(null),
          ),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('suspend', 'reinstate', 'nmi', 'fleets/1/end'),
        async (payload, action) => {
          const schema = action === 'nmi' ? adminNmiBodySchema : adminReasonBodySchema;
          fc.pre(!schema.safeParse(payload).success);
          const response = await api(operator, 'POST', `/admin/accounts/${id}/${action}`, payload);
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({ i18n_comment: 'VALIDATION_ERROR' });
        },
      ),
      { numRuns: 300 },
    );
    expect([await auditCount(), await accountRow(id)]).toEqual(before);
  });
});

describe('the audit log', () => {
  it('shows every action, newest first, filtered by account', async () => {
    const all = await api(operator, 'GET', '/admin/audit?limit=100');
    expect(all.statusCode).toBe(200);
    const entries = all.json<{ data: AdminAuditEntry[]; meta: { total: number } }>();
    expect(entries.meta.total).toBe(await auditCount());
    const ids = entries.data.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const mine = await api(operator, 'GET', `/admin/audit?account_id=${victim.me.id}`);
    const actions = mine.json<{ data: AdminAuditEntry[] }>().data.map((entry) => entry.action);
    expect(actions).toEqual(['remove_nmi', 'grant_nmi']);
    const detail = await api(operator, 'GET', `/admin/accounts/${victim.me.id}`);
    expect(
      detail.json<{ data: { audit: AdminAuditEntry[] } }>().data.audit.map((entry) => entry.action),
    ).toEqual(actions);
  });

  it('cannot be changed or deleted through the API', async () => {
    const count = await auditCount();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await api(operator, method, '/admin/audit/1', { reason: 'rewrite' })).statusCode).toBe(404);
      expect((await api(operator, method, '/admin/audit', { reason: 'rewrite' })).statusCode).toBe(404);
    }
    expect(await auditCount()).toBe(count);
  });

  it('refuses updates and deletes in the database itself', async () => {
    await expect(
      t.database.db.updateTable('admin_audit').set({ reason: 'forged' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('admin_audit').execute()).rejects.toThrow(/append-only/);
  });

  it('refuses bad queries', async () => {
    for (const query of ['?account_id=0', '?account_id=abc', '?limit=500', '?other=1']) {
      expect((await api(operator, 'GET', `/admin/audit${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /admin/accounts/:id', () => {
  it('shows planets, queues, emails and sessions', async () => {
    const response = await api(operator, 'GET', `/admin/accounts/${player.me.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<{
      data: {
        account: { id: number; created_at: string };
        planets: { index: number; system_id: number }[];
        emails: unknown[];
        sessions: { status: string }[];
        queues: unknown[];
      };
    }>().data;
    expect(detail.account.id).toBe(player.me.id);
    const home = await homePlace(t.database.db, player.me.id);
    expect(detail.planets).toEqual([
      expect.objectContaining({ index: 0, system_id: home.systemId, orbit: home.orbit }),
    ]);
    expect(detail.sessions.some((session) => session.status === 'active')).toBe(true);
    expect(Array.isArray(detail.emails)).toBe(true);
    expect(Array.isArray(detail.queues)).toBe(true);
  });
});
