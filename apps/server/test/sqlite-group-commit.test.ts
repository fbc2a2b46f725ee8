/**
 * SQLite's group commit (decision 209): write transactions queued while one runs commit together,
 * each in its own savepoint; every caller gets its own outcome, and only after the commit.
 */
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_MAX, groupCommitStats } from '../src/db/sqlite-group-commit.js';
import { createTestDatabase, type TestDatabase } from './helpers/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { sqliteFile: true });
});
afterAll(async () => {
  await database.dispose();
});

const onSqlite = () => database.dialect.name === 'sqlite';
const at = '2026-01-01T00:00:00.000Z';

/** A second connection to the same file: it sees only what has been committed. */
function committedNames(prefix: string): string[] {
  const other = new SqliteDatabase(database.file, { readonly: true });
  try {
    const rows = other
      .prepare('select name from secrets where name like ? order by name')
      .all(`${prefix}%`) as {
      name: string;
    }[];
    return rows.map((row) => row.name);
  } finally {
    other.close();
  }
}

function insertSecret(name: string, fail = false) {
  return database.dialect.writeTransaction(database.db, async (trx) => {
    await trx.insertInto('secrets').values({ name, value: 'v', created_at: at }).execute();
    if (fail) throw new Error(`refused ${name}`);
    return name;
  });
}

describe('SQLite group commit', () => {
  it('commits the transactions queued together in one group, each with its own outcome', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const before = groupCommitStats(database.db);
    const names = Array.from({ length: 12 }, (_, i) => `group-a-${String(i).padStart(2, '0')}`);
    // The 1st (no savepoint: its group is rolled back whole) and the 6th fail.
    const outcomes = await Promise.allSettled(names.map((name, i) => insertSecret(name, i === 0 || i === 5)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      names.map((_, i) => (i === 0 || i === 5 ? 'rejected' : 'fulfilled')),
    );
    expect(outcomes[5]).toMatchObject({ status: 'rejected', reason: new Error(`refused ${names[5]}`) });
    expect(committedNames('group-a-')).toEqual(names.filter((_, i) => i !== 0 && i !== 5));
    const after = groupCommitStats(database.db);
    // Ten commits' worth of transactions in fewer commits than transactions.
    expect(after.transactions - before.transactions).toBe(11);
    expect(after.groups - before.groups).toBeLessThan(11);
    expect(after.largest).toBeLessThanOrEqual(GROUP_MAX);
  });

  it('settles a caller only once its group has committed', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const names = Array.from({ length: 6 }, (_, i) => `group-b-${i}`);
    const seen = await Promise.all(
      names.map(async (name) => {
        await insertSecret(name);
        // Read from another connection the moment the promise settles: already on disk's log.
        return committedNames(name).includes(name);
      }),
    );
    expect(seen).toEqual(names.map(() => true));
  });

  it('never holds more than GROUP_MAX transactions in one group', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const names = Array.from({ length: GROUP_MAX * 3 }, (_, i) => `group-c-${String(i).padStart(3, '0')}`);
    await Promise.all(names.map((name) => insertSecret(name)));
    expect(committedNames('group-c-')).toEqual(names);
    expect(groupCommitStats(database.db).largest).toBeLessThanOrEqual(GROUP_MAX);
  });

  it('lets a transaction see the ones before it in its group, as after their commits', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const name = 'group-d-counter';
    await insertSecret(name);
    const bump = () =>
      database.dialect.writeTransaction(database.db, async (trx) => {
        const row = await trx
          .selectFrom('secrets')
          .select('value')
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        const next = String(Number(row.value === 'v' ? 0 : row.value) + 1);
        await trx.updateTable('secrets').set({ value: next }).where('name', '=', name).execute();
        return next;
      });
    const results = await Promise.all(Array.from({ length: 20 }, bump));
    expect([...results].sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
  });
});
