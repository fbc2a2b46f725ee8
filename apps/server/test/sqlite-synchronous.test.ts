import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import {
  CHECKPOINT_INTERVAL_MS,
  openDatabase,
  startLogOver,
  WAL_LIMIT_BYTES,
  type LogRestartStats,
} from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';

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

describe('SQLite write-ahead log limit (decision 255)', () => {
  it('is read from SQLITE_WAL_LIMIT_MB, WAL_LIMIT_BYTES when unset, and refuses negative values', () => {
    expect(loadConfig({}).sqliteWalLimitBytes).toBe(WAL_LIMIT_BYTES);
    expect(loadConfig({ SQLITE_WAL_LIMIT_MB: '0.25' }).sqliteWalLimitBytes).toBe(256 * 1024);
    expect(loadConfig({ SQLITE_WAL_LIMIT_MB: '0' }).sqliteWalLimitBytes).toBe(0);
    expect(() => loadConfig({ SQLITE_WAL_LIMIT_MB: '-1' })).toThrow(/SQLITE_WAL_LIMIT_MB/);
    expect(() => loadConfig({ SQLITE_WAL_LIMIT_MB: 'lots' })).toThrow(/SQLITE_WAL_LIMIT_MB/);
  });
});

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

  it('starts the log over past its limit while writes never pause long enough for it to by itself (decisions 254, 255)', async () => {
    const open = (name: string, walLimitBytes: number) => {
      const file = join(dir, `${name}.sqlite`);
      return { handle: openDatabase({ kind: 'sqlite', file, walLimitBytes }), log: `${file}-wal` };
    };
    // The same writes on two databases at once: one whose log has no limit, one with 1 MiB.
    const dbs = [open('no-limit', 0), open('limited', 1024 * 1024)];
    for (const { handle } of dbs) await sql`create table t (v blob)`.execute(handle.db);
    const end = Date.now() + CHECKPOINT_INTERVAL_MS * 3.6;
    while (Date.now() < end) {
      for (const { handle } of dbs) await sql`insert into t (v) values (randomblob(8192))`.execute(handle.db);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // The frames in each log (a PASSIVE checkpoint's report: it starts nothing over itself).
    const frames = async (db: Kysely<Database>) =>
      Number(
        (await sql<{ log: number }>`pragma wal_checkpoint(PASSIVE)`.execute(db)).rows[0]?.log ?? Number.NaN,
      );
    const [free, limited] = await Promise.all(
      dbs.map(async ({ handle, log }) => ({
        frames: await frames(handle.db),
        file: statSync(log).size,
        restarts: handle.logRestarts?.(),
      })),
    );
    for (const { handle } of dbs) await handle.close();
    // What /metrics counts: the limited log started over, the free one never asked to.
    expect(free?.restarts).toEqual({ started: 0, givenUp: 0 });
    expect(limited?.restarts?.started).toBeGreaterThan(0);
    // Without a limit the log only grows: no checkpoint ever caught up with the writes.
    expect(free?.frames).toBeGreaterThan((8 * 1024 * 1024) / 4096);
    expect(free?.file).toBeGreaterThan(8 * 1024 * 1024);
    // With one it started over: fewer frames, and a file written over from its start.
    expect(limited?.frames).toBeLessThan((free?.frames ?? 0) / 2);
    expect(limited?.file).toBeLessThan((free?.file ?? 0) / 2);
  });

  it('never holds the writes off for long while a reader keeps an old snapshot (decision 255)', async () => {
    // A reader holding one snapshot throughout (an operator's backup, say): no checkpoint can
    // empty the log under it. A TRUNCATE checkpoint in the checkpointer waited for it while
    // holding new writers off: every write waited its busy timeout (5 s), or failed.
    const file = join(dir, 'held-reader.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file, walLimitBytes: 256 * 1024 });
    await sql`create table t (v blob)`.execute(handle.db);
    await sql`insert into t (v) values (randomblob(8192))`.execute(handle.db);
    const reader = new SqliteDatabase(file, { readonly: true });
    reader.exec('begin');
    reader.prepare('select count(*) from t').get();
    let longest = 0;
    let failed: unknown = null;
    let restarts: LogRestartStats | undefined;
    try {
      const end = Date.now() + CHECKPOINT_INTERVAL_MS * 3.6;
      while (Date.now() < end) {
        const started = Date.now();
        try {
          await sql`insert into t (v) values (randomblob(8192))`.execute(handle.db);
        } catch (error) {
          failed = error;
          break;
        }
        longest = Math.max(longest, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      restarts = handle.logRestarts?.();
    } finally {
      reader.exec('commit');
      reader.close();
      await handle.close();
    }
    expect(failed).toBeNull();
    // Half the busy timeout: no write waited on a checkpoint that cannot end.
    expect(longest).toBeLessThan(2500);
    // Asked past the limit each second, given up each time under the reader (the metrics' count).
    expect(restarts?.started).toBe(0);
    expect(restarts?.givenUp).toBeGreaterThan(0);
  });

  it('starts the log over from the writer between its transactions, never waiting (decision 255)', async () => {
    const file = join(dir, 'empty-log.sqlite');
    const writer = new SqliteDatabase(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('busy_timeout = 5000');
    writer.exec('create table t (v blob)');
    const insert = writer.prepare('insert into t (v) values (randomblob(8192))');
    for (let i = 0; i < 32; i += 1) insert.run();
    // The log's checkpoint sequence (its header's bytes 12 to 15): one more each time a writer
    // starts it over. Nothing here checkpoints but `startLogOver`, so nothing else starts it over.
    const sequence = () => {
      const fd = openSync(`${file}-wal`, 'r');
      try {
        const bytes = Buffer.alloc(4);
        readSync(fd, bytes, 0, 4, 12);
        return bytes.readUInt32BE(0);
      } finally {
        closeSync(fd);
      }
    };
    const first = sequence();
    const outcomes: boolean[] = [];
    const heard = (started: boolean) => outcomes.push(started);
    // A transaction open (a write group awaiting): left for a later turn of the event loop.
    writer.exec('begin immediate');
    insert.run();
    expect(startLogOver(writer, heard)).toBe(false);
    expect(outcomes).toEqual([]);
    writer.exec('commit');
    insert.run();
    expect(sequence()).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // Started over: the next write goes at the log's start, its file keeping its size.
    const size = statSync(`${file}-wal`).size;
    insert.run();
    expect(sequence()).toBe(first + 1);
    expect(outcomes).toEqual([true]);
    expect(statSync(`${file}-wal`).size).toBe(size);
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 35 });
    // A reader on an older snapshot: given up at once, its busy timeout left as it was.
    const reader = new SqliteDatabase(file, { readonly: true });
    reader.exec('begin');
    reader.prepare('select count(*) from t').get();
    for (let i = 0; i < 8; i += 1) insert.run();
    const started = Date.now();
    expect(startLogOver(writer, heard)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(outcomes).toEqual([true, false]);
    expect(writer.pragma('busy_timeout', { simple: true })).toBe(5000);
    insert.run();
    expect(sequence()).toBe(first + 1);
    reader.exec('commit');
    reader.close();
    expect(startLogOver(writer)).toBe(true);
    insert.run();
    expect(sequence()).toBe(first + 2);
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 45 });
    // A transaction open on every turn it waits: given up after the last.
    writer.exec('begin immediate');
    expect(startLogOver(writer, heard, 1)).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcomes).toEqual([true, false, false]);
    writer.exec('commit');
    writer.close();
    expect(startLogOver(writer, heard)).toBe(false);
    expect(outcomes).toEqual([true, false, false, false]);
  });

  it('is not started for a database in memory', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    await sql`create table t (v integer)`.execute(handle.db);
    await handle.close();
  });
});
