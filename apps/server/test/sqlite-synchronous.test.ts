import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, WAL_SYNC_INTERVAL_MS } from '../src/db/database.js';

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

describe('SQLite synchronous setting (decision 181)', () => {
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

describe('the write-ahead log synced off the event loop (synchronous = normal)', () => {
  it('opens the log once it exists, syncs it each interval, and lets it go on close', async () => {
    const file = join(dir, 'wal-sync.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    await sql`create table t (v integer)`.execute(handle.db);
    await sql`insert into t (v) values (1)`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, WAL_SYNC_INTERVAL_MS * 1.5));
    // SQLite's own descriptor on the log, and the syncer's.
    expect(descriptorsOn(`${file}-wal`)).toBe(2);
    await handle.close();
    expect(descriptorsOn(`${file}-wal`)).toBe(0);
  });

  it('is not started with synchronous = full', async () => {
    const file = join(dir, 'wal-full.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file, synchronous: 'full' });
    await sql`create table t (v integer)`.execute(handle.db);
    await new Promise((resolve) => setTimeout(resolve, WAL_SYNC_INTERVAL_MS * 1.5));
    expect(descriptorsOn(`${file}-wal`)).toBe(1);
    await handle.close();
  });
});
