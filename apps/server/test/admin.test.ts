import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';

const run = promisify(execFile);
const ADMIN = join(import.meta.dirname, '../src/admin.ts');
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

describe('admin command', () => {
  it('migrates, then suspends and unsuspends an account by username', async () => {
    expect(await admin('migrate')).toMatchObject({ code: 0, out: expect.stringContaining('001-platform') });
    const handle = openDatabase({ kind: 'sqlite', file: join(dataDir, 'starhold.sqlite') });
    await handle.db
      .insertInto('accounts')
      .values({
        username: 'Troll', username_lower: 'troll', email: 't@example.test', email_lower: 't@example.test',
        password_hash: 'x', race_id: 1, nmi: 0, focus_planet_index: 0, economy_points: 0, science_points: 0,
        military_points: 0, total_points: 0, suspended_at: null, created_at: '2026-01-01T00:00:00.000Z',
        next_event_at: null, settled_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const suspendedAt = async () =>
      (await handle.db.selectFrom('accounts').select('suspended_at').executeTakeFirstOrThrow()).suspended_at;

    expect((await admin('suspend', 'TROLL')).code).toBe(0);
    expect(await suspendedAt()).toMatch(/Z$/);
    expect((await admin('unsuspend', 'troll')).code).toBe(0);
    expect(await suspendedAt()).toBeNull();
    await handle.close();
  });

  it('fails on an unknown username or command', async () => {
    expect(await admin('suspend', 'nobody')).toMatchObject({ code: 1, out: expect.stringContaining('No account named nobody') });
    expect((await admin('explode')).code).toBe(1);
  });
});
