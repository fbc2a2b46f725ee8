import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runCommand } from '../src/admin/commands.js';
import { openDatabase } from '../src/db/database.js';
import {
  countVisibleAccounts,
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  testConfig,
  type TestApp,
  type TestPlayer,
  stringContaining,
  stringMatching,
  insertAccountRow,
} from './helpers/index.js';

const run = promisify(execFile);
const ADMIN = join(import.meta.dirname, '../src/admin.ts');

describe('admin command line (a real process on SQLite)', () => {
  let dataDir: string;
  const admin = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'starhold-admin-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the help text with exit code 0', async () => {
    const help = await admin('help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('grant-nmi <account> <amount>');
    expect(help.out).toContain('suspend <account> --yes');
  });

  it('refuses to work on an unmigrated database instead of creating its tables', async () => {
    expect(await admin('list')).toMatchObject({
      code: 1,
      out: stringContaining('run "npm run admin -- migrate" first'),
    });
  });

  it('migrates, then suspends with --yes and reinstates an account by username in any case', async () => {
    expect(await admin('migrate')).toMatchObject({ code: 0, out: stringContaining('001-platform') });
    expect(await admin('migrate')).toMatchObject({ code: 0, out: stringContaining('up to date') });
    const handle = openDatabase({ kind: 'sqlite', file: join(dataDir, 'starhold.sqlite') });
    await insertAccountRow(handle.db, 'Troll');
    await handle.close();

    expect(await admin('suspend', 'TROLL')).toMatchObject({ code: 1, out: stringContaining('--yes') });
    expect(await admin('list', '--suspended')).toMatchObject({
      code: 0,
      out: stringContaining('0 account(s)'),
    });
    expect((await admin('suspend', 'TROLL', '--yes')).code).toBe(0);
    expect(await admin('list', '--suspended')).toMatchObject({
      code: 0,
      out: stringMatching(/Troll.*suspended since/),
    });
    expect((await admin('unsuspend', 'troll')).code).toBe(0);
    expect(await admin('list', '--suspended')).toMatchObject({
      code: 0,
      out: stringContaining('0 account(s)'),
    });
  }, 90_000);

  it('fails with exit code 1 on an unknown username or command', async () => {
    expect(await admin('suspend', 'nobody', '--yes')).toMatchObject({
      code: 1,
      out: stringContaining('No account named nobody'),
    });
    expect(await admin('explode')).toMatchObject({
      code: 1,
      out: stringContaining('Unknown command "explode"'),
    });
  });
});

describe('admin commands against the game (SQLite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let player: TestPlayer;
  const command = (...args: string[]) =>
    runCommand({ handle: t.database, config: testConfig(), now: t.clock() }, args);

  beforeAll(async () => {
    t = await createTestApp();
    player = await registerPlayer(t.app, { username: 'Operated' });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers });

  it('grants NMI by username or by id, and the player sees the new balance', async () => {
    expect(await command('grant-nmi', 'operated', '250')).toEqual([
      `Granted 250 NMI to Operated (account ${player.me.id}); balance 350`,
    ]);
    await command('grant-nmi', String(player.me.id), '50');
    expect((await me(player.headers)).json()).toMatchObject({ data: { nmi: 400 } });
  });

  it('refuses a grant that is not a whole number from 1 to 1000000 and changes nothing', async () => {
    for (const amount of ['0', '-5', '1.5', 'ten', '1000001']) {
      await expect(command('grant-nmi', 'Operated', amount)).rejects.toThrow(CommandError);
    }
    await expect(command('grant-nmi', 'Operated')).rejects.toThrow(CommandError);
    expect((await me(player.headers)).json()).toMatchObject({ data: { nmi: 400 } });
  });

  it('lists accounts with id, username, NMI and status', async () => {
    const lines = await command('list');
    expect(
      lines.some(
        (line) =>
          line.startsWith(String(player.me.id)) && line.includes('Operated') && line.includes('active'),
      ),
    ).toBe(true);
    expect(lines.at(-1)).toMatch(/^\d+ account\(s\)$/);
  });

  it('suspends at once: the open session answers 401 (revoked), refresh is refused, login answers 403 ACCOUNT_SUSPENDED; reinstating allows login again', async () => {
    const victim = await registerPlayer(t.app);
    await expect(command('suspend', victim.username)).rejects.toThrow('--yes');
    expect((await me(victim.headers)).statusCode).toBe(200);

    await command('suspend', victim.username, '--yes');
    const during = await me(victim.headers);
    expect(during.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: victim.headers,
    });
    expect(refresh.statusCode).toBeGreaterThanOrEqual(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: JSON_HEADERS,
      payload: { email: victim.email, password: victim.password, remember_me: false },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ i18n_comment: 'ACCOUNT_SUSPENDED' });

    await command('reinstate', victim.username);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: JSON_HEADERS,
      payload: { email: victim.email, password: victim.password, remember_me: false },
    });
    expect(again.statusCode).toBe(200);
    // The sessions ended by the suspension stay ended.
    expect((await me(victim.headers)).statusCode).toBe(401);
  });

  it('keeps the leaderboard total exact through suspend, a repeated suspend and reinstate', async () => {
    const player = await registerPlayer(t.app);
    const total = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/accounts?limit=1', headers: player.headers })).json<{
        meta: { total: number };
      }>().meta.total;
    const counted = () => countVisibleAccounts(t.database.db);
    const victim = await registerPlayer(t.app);
    const before = await total();
    expect(before).toBe(await counted());

    await command('suspend', victim.username, '--yes');
    await command('suspend', victim.username, '--yes');
    expect(await total()).toBe(before - 1);
    await command('reinstate', victim.username);
    await command('reinstate', victim.username);
    expect(await total()).toBe(before);
    expect(await total()).toBe(await counted());
  });
});
