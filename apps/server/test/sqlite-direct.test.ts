/**
 * Compiled statements run straight on SQLite's connection (decision 217): the same results as
 * through Kysely, and never inside another caller's transaction.
 */
import { Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepared } from '../src/db/prepared.js';
import { executeCompiled } from '../src/db/sqlite-direct.js';
import { createTestDatabase, type TestDatabase } from './helpers/index.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(undefined, { sqliteFile: true });
});
afterAll(async () => {
  await database.dispose();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const onSqlite = () => database.dialect.name === 'sqlite';
const at = '2026-01-01T00:00:00.000Z';

const insertSecret = prepared(1, (db, name: string) =>
  db.insertInto('secrets').values({ name, value: 'v', created_at: at }),
);
const renameSecret = prepared(2, (db, name: string, to: string) =>
  db.updateTable('secrets').set({ name: to }).where('name', '=', name).returning('name'),
);
const secretsLike = prepared(1, (db, prefix: string) =>
  db.selectFrom('secrets').select('name').where('name', 'like', prefix).orderBy('name'),
);

describe('statements run straight on SQLite', () => {
  it('give what Kysely gives: rows, changed rows and the last rowid', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const { db } = database;
    const direct = await insertSecret.run(db, 'direct-a');
    const viaKysely = await db.executeQuery(
      db.insertInto('secrets').values({ name: 'direct-b', value: 'v', created_at: at }).compile(),
    );
    expect(direct.numAffectedRows).toBe(1n);
    expect(typeof direct.insertId).toBe('bigint');
    expect(viaKysely.insertId).toBe((direct.insertId as bigint) + 1n);
    expect(direct.rows).toEqual([]);
    expect(await renameSecret.execute(db, 'direct-a', 'direct-c')).toEqual([{ name: 'direct-c' }]);
    expect(await secretsLike.execute(db, 'direct-%')).toEqual([{ name: 'direct-b' }, { name: 'direct-c' }]);
    const noRow = await renameSecret.run(db, 'direct-none', 'direct-d');
    expect(noRow.rows).toEqual([]);
  });

  it('take no detour through Kysely while the connection is free, and fail as a rejected promise', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const { db } = database;
    const executeQuery = vi.spyOn(Kysely.prototype, 'executeQuery');
    await secretsLike.execute(db, 'direct-%');
    expect(executeQuery).not.toHaveBeenCalled();
    const failing = executeCompiled(db, sql`select * from no_such_table`.compile(db));
    await expect(failing).rejects.toThrow(/no such table/);
  });

  it('wait, from the database handle, for a write group to commit, and never read inside it', async (ctx) => {
    if (!onSqlite()) ctx.skip();
    const { db } = database;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let insideSaw: string[] = [];
    const write = database.dialect.writeTransaction(db, async (trx) => {
      await insertSecret.run(trx, 'group-x');
      // The group's own handle reads its own write, straight away.
      insideSaw = (await secretsLike.execute(trx, 'group-%')).map((row) => row.name);
      await gate;
      await insertSecret.run(trx, 'group-y');
    });
    // Let the group begin and take its first statements.
    while (insideSaw.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(insideSaw).toEqual(['group-x']);
    const executeQuery = vi.spyOn(Kysely.prototype, 'executeQuery');
    let read: string[] | undefined;
    const reading = secretsLike.execute(db, 'group-%').then((rows) => (read = rows.map((row) => row.name)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Still waiting: the transaction is open, so the read took Kysely's path and its queue.
    expect(read).toBeUndefined();
    expect(executeQuery).toHaveBeenCalledTimes(1);
    open();
    await write;
    await reading;
    expect(read).toEqual(['group-x', 'group-y']);
  });
});
