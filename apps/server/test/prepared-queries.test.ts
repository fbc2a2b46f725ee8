import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementNamer } from '../src/db/database.js';
import { compilableRaw, prepared, preparedForRows, PREPARED_ROWS_MAX } from '../src/db/prepared.js';
import { createTestDatabase, insertAccountRow, type TestDatabase } from './helpers/index.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

const systemsBetween = prepared(2, (db, from: number, to: number) =>
  db
    .selectFrom('systems')
    .select(['id', 'name'])
    .where('id', '>=', from)
    .where('id', '<=', to)
    .orderBy('id')
    .limit(3),
);

describe('prepared queries', () => {
  it('gives what the same query built afresh gives, for every set of arguments, constants kept in place', async () => {
    for (const [from, to] of [
      [1, 2],
      [3, 9],
      [5, 5],
      [30, 40],
    ] as const) {
      const fresh = await t.db
        .selectFrom('systems')
        .select(['id', 'name'])
        .where('id', '>=', from)
        .where('id', '<=', to)
        .orderBy('id')
        .limit(3)
        .execute();
      expect(await systemsBetween.execute(t.db, from, to)).toEqual(fresh);
    }
    expect(await systemsBetween.executeTakeFirst(t.db, 4, 4)).toEqual(
      await t.db.selectFrom('systems').select(['id', 'name']).where('id', '=', 4).executeTakeFirst(),
    );
    expect(await systemsBetween.executeTakeFirst(t.db, 100_000, 100_001)).toBeUndefined();
  });

  it('sees the transaction it runs in', async () => {
    const renamed = await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('systems').set({ name: 'Prepared' }).where('id', '=', 2).execute();
      const inside = await systemsBetween.executeTakeFirst(trx, 2, 2);
      await sql`select 1`.execute(trx);
      return inside;
    });
    expect(renamed?.name).toBe('Prepared');
  });

  it('builds the query once for a database and its transactions', async () => {
    let builds = 0;
    const counted = prepared(1, (db, id: number) => {
      builds += 1;
      return db.selectFrom('systems').select('id').where('id', '=', id);
    });
    await counted.execute(t.db, 1);
    await counted.execute(t.db, 2);
    await t.db.transaction().execute((trx) => counted.execute(trx, 3));
    await t.db.connection().execute((conn) => counted.execute(conn, 4));
    expect(builds).toBe(1);
  });

  it('refuses a query that does not use every argument as a value', async () => {
    const unused = prepared<[number, number], { id: number }>(2, (db, id) =>
      db.selectFrom('systems').select('id').where('id', '=', id),
    );
    await expect(unused.execute(t.db, 1, 2)).rejects.toThrow(/uses 1 of its 2 arguments/);
  });
});

describe('prepared queries over rows', () => {
  it('passes every row once, in place, for every row count, below and above the counts it keeps', async () => {
    let builds = 0;
    const echo = preparedForRows<[id: number, name: string], { id: number; name: string }>(2, (db, rows) => {
      builds += 1;
      return compilableRaw(
        db,
        sql<{ id: number; name: string }>`select v.column1 as id, v.column2 as name from (values ${sql.join(
          rows.map(([id, name]) => sql`(cast(${id} as integer), ${name})`),
        )}) as v order by v.column1`,
      );
    });
    for (const count of [1, 2, 3, 2, PREPARED_ROWS_MAX, PREPARED_ROWS_MAX + 3, PREPARED_ROWS_MAX + 3]) {
      const rows = Array.from({ length: count }, (_, index): [number, string] => [
        index + 1,
        `row ${count}.${index}`,
      ]);
      const { rows: echoed } = await echo(t.db, rows);
      expect(echoed.map((row) => ({ id: Number(row.id), name: row.name }))).toEqual(
        rows.map(([id, name]) => ({ id, name })),
      );
    }
    // Counts 1, 2, 3 and PREPARED_ROWS_MAX built once each; the longer list on each of its calls.
    expect(builds).toBe(6);
  });

  it('returns the rows of a multi-row insert', async () => {
    const insertEmails = preparedForRows<[accountId: number, title: string], { title: string }>(
      2,
      (db, rows) =>
        db
          .insertInto('emails')
          .values(
            rows.map(([accountId, title]) => ({
              account_id: accountId,
              title,
              params: '{}',
              created_at: new Date(0).toISOString(),
              read_at: null,
            })),
          )
          .returning('title'),
    );
    const account = { id: await insertAccountRow(t.db, 'rows') };
    const { rows } = await insertEmails(t.db, [
      [account.id, 'first'],
      [account.id, 'second'],
    ]);
    expect(rows.map((row) => row.title).sort()).toEqual(['first', 'second']);
  });
});

describe('PostgreSQL statement names', () => {
  it('names each data statement once, the same text the same name, and leaves DDL and overflow unnamed', () => {
    const nameOf = statementNamer(3);
    const first = nameOf('select "id" from "systems" where "id" = $1');
    expect(first).toMatch(/^starhold_\d+$/);
    expect(nameOf('select "id" from "systems" where "id" = $1')).toBe(first);
    const update = nameOf('  UPDATE "accounts" set "name" = $1 where "id" = $2');
    const withQuery = nameOf('with "x" as (select 1) select * from "x" where $1 = 1');
    expect(new Set([first, update, withQuery]).size).toBe(3);
    expect(nameOf('alter table "accounts" add column "x" integer')).toBeUndefined();
    expect(nameOf('create index "i" on "accounts" ("x")')).toBeUndefined();
    // Full: a new text runs unnamed, the known ones keep their names.
    expect(nameOf('delete from "emails" where "id" = $1')).toBeUndefined();
    expect(nameOf('select "id" from "systems" where "id" = $1')).toBe(first);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'prepares a statement once per connection on PostgreSQL and reuses it',
    async () => {
      const probe = prepared(1, (db, id: number) =>
        db.selectFrom('systems').select(['id', 'name']).where('id', '=', id),
      );
      await t.db.connection().execute(async (conn) => {
        const uses = async () => {
          const { rows } = await sql<{ name: string; calls: number }>`
          select name, generic_plans + custom_plans as calls from pg_prepared_statements
          where statement like 'select "id", "name" from "systems" where "id" = $1%'`.execute(conn);
          expect(rows).toHaveLength(1);
          expect(rows[0]?.name).toMatch(/^starhold_\d+$/);
          return Number(rows[0]?.calls);
        };
        expect((await probe.executeTakeFirst(conn, 1))?.id).toBe(1);
        const before = await uses();
        for (const id of [2, 3, 4]) expect((await probe.executeTakeFirst(conn, id))?.id).toBe(id);
        expect(await uses()).toBe(before + 3);
      });
    },
  );
});
