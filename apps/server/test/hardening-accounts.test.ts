import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimInactiveAccountsTask } from '../src/admin/account-removal.js';
import { CommandError, runCommand, USAGE } from '../src/admin/commands.js';
import { scheduledTasks } from '../src/scheduled-tasks.js';
import { homePlanetId, setResources } from './economy-fixtures.js';
import {
  countVisibleAccounts,
  createTestApp,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  testConfig,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every table with an account_id column, found in the live schema so a later table is covered too. */
async function accountTables(t: TestApp): Promise<string[]> {
  const tables = await t.database.db.introspection.getTables();
  return tables
    .filter((table) => table.columns.some((column) => column.name === 'account_id'))
    .map((table) => table.name);
}

async function rowsOf(t: TestApp, accountId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await accountTables(t)) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where account_id = ${accountId}`.execute(t.database.db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  counts.accounts = Number(
    (
      await t.database.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return counts;
}

const statusOf = async (t: TestApp, player: TestPlayer) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: player.headers })).statusCode;

describe('delete-account (operator)', () => {
  let t: TestApp;
  let doomed: TestPlayer;
  let other: TestPlayer;
  const command = (...args: string[]) =>
    runCommand({ handle: t.database, config: testConfig(), now: t.clock() }, args);

  beforeAll(async () => {
    t = await createTestApp();
    doomed = await registerPlayer(t.app);
    other = await registerPlayer(t.app);
    // Rows in as many tables as a player fills in a first session: a queue, a second session.
    const planetId = await homePlanetId(t.database.db, doomed.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    const built = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/planet/buildings/1',
      headers: doomed.headers,
    });
    expect(built.statusCode).toBeLessThan(300);
    await loginPlayer(t.app, doomed);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: JSON_HEADERS,
      payload: { email: doomed.email, password: 'Wrong-password1' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is in the help text', () => {
    expect(USAGE).toContain('delete-account <email> --yes');
  });

  it('asks for --yes and changes nothing without it', async () => {
    await expect(command('delete-account', doomed.email)).rejects.toThrow(/--yes/);
    expect((await rowsOf(t, doomed.me.id)).accounts).toBe(1);
    expect(await statusOf(t, doomed)).toBe(200);
  });

  it('refuses an unknown email', async () => {
    await expect(command('delete-account', 'nobody@example.test', '--yes')).rejects.toBeInstanceOf(
      CommandError,
    );
  });

  it('removes every row of the account in one go, ends its sessions, frees its orbit and leaves others alone', async () => {
    const before = await rowsOf(t, doomed.me.id);
    expect(before.planets).toBeGreaterThan(0);
    expect(before.emails).toBeGreaterThan(0);
    expect(before.constructions).toBeGreaterThan(0);
    expect(before.refresh_tokens).toBe(2);
    const planetId = await homePlanetId(t.database.db, doomed.me.id);
    const { orbit_id: orbitId } = await t.database.db
      .selectFrom('planets')
      .select('orbit_id')
      .where('id', '=', planetId)
      .executeTakeFirstOrThrow();
    const visible = await countVisibleAccounts(t.database.db);
    const otherRows = await rowsOf(t, other.me.id);

    // The access token was checked (and kept as checked) just before: the deletion still ends it.
    expect(await statusOf(t, doomed)).toBe(200);
    expect(await command('delete-account', doomed.email.toUpperCase(), '--yes')).toEqual([
      `Deleted ${doomed.username} (account ${doomed.me.id}); its home orbit is free`,
    ]);

    const after = await rowsOf(t, doomed.me.id);
    for (const [table, count] of Object.entries(after)) expect(count, table).toBe(0);
    const attempts = await t.database.db
      .selectFrom('login_attempts')
      .select('id')
      .where('email_lower', '=', doomed.email.toLowerCase())
      .execute();
    expect(attempts).toEqual([]);
    const orbitTaken = await t.database.db
      .selectFrom('planets')
      .select('id')
      .where('orbit_id', '=', orbitId)
      .executeTakeFirst();
    expect(orbitTaken).toBeUndefined();
    expect(await statusOf(t, doomed)).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: doomed.headers,
    });
    expect(refresh.statusCode).toBe(401);
    expect(await countVisibleAccounts(t.database.db)).toBe(visible - 1);
    expect(await rowsOf(t, other.me.id)).toEqual(otherRows);
    expect(await statusOf(t, other)).toBe(200);
  });
});

describe('reclaiming the home orbits of accounts that never came back (scheduler, test clock)', () => {
  let t: TestApp;
  const players: Record<'gone' | 'back' | 'scored' | 'suspended' | 'paid', TestPlayer> = {} as never;
  const task = () => {
    const found = scheduledTasks({
      config: testConfig(),
      db: t.database.db,
      dialect: t.database.dialect,
      clock: t.clock,
      random: () => Buffer.alloc(0),
    }).find((candidate) => candidate.name === 'reclaim-inactive-accounts');
    if (!found) throw new Error('the reclaim task is not scheduled');
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['gone', 'back', 'scored', 'suspended', 'paid'] as const) {
      players[name] = await registerPlayer(t.app);
    }
    const db = t.database.db;
    await db
      .updateTable('accounts')
      .set({ total_points: 12 })
      .where('id', '=', players.scored.me.id)
      .execute();
    await db
      .updateTable('accounts')
      .set({ suspended_at: new Date(t.clock()).toISOString() })
      .where('id', '=', players.suspended.me.id)
      .execute();
    await db.updateTable('accounts').set({ nmi: 600 }).where('id', '=', players.paid.me.id).execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is scheduled, hourly', () => {
    expect(task().intervalMs).toBe(60 * 60 * 1000);
  });

  it('keeps every account within the 14 days', async () => {
    t.clock.advance(10 * DAY_MS);
    // The player who comes back signs in: a session opened on day 10.
    players.back = await loginPlayer(t.app, players.back);
    t.clock.advance(3 * DAY_MS);
    await task().run(t.clock());
    for (const player of Object.values(players)) expect((await rowsOf(t, player.me.id)).accounts).toBe(1);
  });

  it('removes, past 14 days, only the account with no visit, no points and no NMI beyond the start', async () => {
    t.clock.advance(2 * DAY_MS);
    await task().run(t.clock());
    const gone = await rowsOf(t, players.gone.me.id);
    for (const [table, count] of Object.entries(gone)) expect(count, table).toBe(0);
    for (const name of ['back', 'scored', 'suspended', 'paid'] as const) {
      expect((await rowsOf(t, players[name].me.id)).accounts, name).toBe(1);
    }
  });

  it('lets the player who comes back find the login page, then register again with the same names', async () => {
    const gone = players.gone;
    expect(await statusOf(t, gone)).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: JSON_HEADERS,
      payload: { email: gone.email, password: gone.password },
    });
    expect(login.json()).toMatchObject({ i18n_comment: 'CONNECTION_ERROR' });
    const again = await registerPlayer(t.app, { email: gone.email, username: gone.username });
    expect(again.me.username).toBe(gone.username);
  });

  it('does nothing when RECLAIM_INACTIVE_DAYS is 0', async () => {
    const idle = await registerPlayer(t.app);
    t.clock.advance(400 * DAY_MS);
    await reclaimInactiveAccountsTask({
      db: t.database.db,
      config: testConfig({ reclaimInactiveDays: 0 }),
    }).run(t.clock());
    expect((await rowsOf(t, idle.me.id)).accounts).toBe(1);
  });
});
