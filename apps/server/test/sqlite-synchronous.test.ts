import { mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { CHECKPOINT_INTERVAL_MS, openDatabase } from '../src/db/database.js';

const dir = mkdtempSync(join(tmpdir(), 'starhold-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function synchronousOf(synchronous?: 'normal' | 'full'): Promise<number> {
  const handle = openDatabase({
    kind: 'sqlite',
    file: join(dir, `${synchronous ?? 'default'}.sqlite`),
    ...(synchronous ? { synchronous } : {}),
  });
  try {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    return Number(rows[0]?.synchronous);
  } finally {
    await handle.close();
  }
}

describe('SQLite synchronous setting (decision 186)', () => {
  it('is normal (1) by default and full (2) when asked', async () => {
    expect(await synchronousOf()).toBe(1);
    expect(await synchronousOf('normal')).toBe(1);
    expect(await synchronousOf('full')).toBe(2);
  });

  it('is read from SQLITE_SYNCHRONOUS, normal when unset, and refuses other values', () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('normal');
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).toBe('full');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});

/** The descriptors of this process open on `path`. */
function descriptorsOn(path: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;
}

describe('the checkpointer (decision 186)', () => {
  it('moves the log into the database file off the event loop, and lets the files go on close', async () => {
    const file = join(dir, 'checkpointer.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    await sql`create table t (v blob)`.execute(handle.db);
    const sizeBefore = statSync(file).size;
    // 2 MiB of pages: below the main connection's fallback threshold, so only the checkpointer
    // can have moved them into the database file.
    for (let i = 0; i < 64; i += 1)
      await sql`insert into t (v) values (randomblob(32768))`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 2.5));
    expect(statSync(file).size - sizeBefore).toBeGreaterThan(2 * 1024 * 1024);
    // SQLite's own descriptor on the log, and the checkpointer's.
    expect(descriptorsOn(`${file}-wal`)).toBe(2);
    await handle.close();
    expect(descriptorsOn(`${file}-wal`)).toBe(0);
    expect(descriptorsOn(file)).toBe(0);
  });

  it('empties the log past its limit while writes never pause long enough for it to start over (decision 254)', async () => {
    const open = (name: string, walLimitBytes: number) => {
      const file = join(dir, `${name}.sqlite`);
      return {
        handle: openDatabase({ kind: 'sqlite', file, walLimitBytes }),
        log: `${file}-wal`,
        sizes: [0],
      };
    };
    // The same writes on two databases at once: one whose log has no limit, one with 1 MiB.
    const dbs = [open('no-limit', 0), open('limited', 1024 * 1024)];
    for (const { handle } of dbs) await sql`create table t (v blob)`.execute(handle.db);
    const end = Date.now() + CHECKPOINT_INTERVAL_MS * 3.6;
    while (Date.now() < end) {
      for (const { handle, log, sizes } of dbs) {
        await sql`insert into t (v) values (randomblob(8192))`.execute(handle.db);
        sizes.push(statSync(log).size);
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    for (const { handle } of dbs) await handle.close();
    const [free, limited] = dbs.map(({ sizes }) => ({
      last: sizes[sizes.length - 1] ?? 0,
      shrank: sizes.some((size, index) => index > 0 && size < (sizes[index - 1] ?? 0)),
    }));
    // Without a limit the log only grows: no checkpoint ever caught up with the writes.
    expect(free?.shrank).toBe(false);
    expect(free?.last).toBeGreaterThan(8 * 1024 * 1024);
    expect(limited?.shrank).toBe(true);
    expect(limited?.last).toBeLessThan((free?.last ?? 0) / 2);
  });

  it('is not started for a database in memory', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await sql`create table t (v integer)`.execute(handle.db);
    await handle.close();
  });
});
