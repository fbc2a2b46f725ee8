import type { Database } from './schema.js';
import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import { executeCompiled } from './sqlite-direct.js';

/**
 * A query built and compiled once per database, then run with new argument values.
 *
 * Kysely builds an operation tree, freezes it and compiles it to SQL on every call; for the few
 * small queries that every request runs (session check, account row, state load) that costs as
 * much as running them. `prepared` builds the query with placeholder objects in place of the
 * arguments, compiles it on first use for a given database (its dialect decides the SQL), and
 * afterwards only substitutes the arguments into the compiled parameter list.
 *
 * Arguments must only be used as values (`where('id', '=', id)`), never to choose the query's
 * shape: the shape is fixed by the first build.
 */
export interface PreparedQuery<A extends readonly unknown[], R> {
  execute(db: Kysely<Database>, ...args: A): Promise<R[]>;
  executeTakeFirst(db: Kysely<Database>, ...args: A): Promise<R | undefined>;
  /** The driver's whole result, for writes: `numAffectedRows`. */
  run(db: Kysely<Database>, ...args: A): Promise<QueryResult<R>>;
}

class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each compiled parameter, the argument it stands for, or -1 for a constant of the query. */
  slots: number[];
}

export function prepared<A extends readonly unknown[], R>(
  arity: A['length'],
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  // Keyed by the dialect's adapter object: one per Kysely instance, shared with its transactions
  // and connections, so a compiled query is reused by all of them and never across dialects.
  const byAdapter = new WeakMap<object, Compiled<R>>();

  const compiledFor = (db: Kysely<Database>): Compiled<R> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (compiled === undefined) {
      const placeholders = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as A;
      const query = build(db, ...placeholders).compile();
      const slots = query.parameters.map((value) => (value instanceof Slot ? value.index : -1));
      const used = new Set(slots.filter((slot) => slot >= 0));
      if (used.size !== arity)
        throw new Error(`prepared query uses ${used.size} of its ${arity} arguments: ${query.sql}`);
      compiled = { query, slots };
      byAdapter.set(adapter, compiled);
    }
    return compiled;
  };

  const run = (db: Kysely<Database>, args: A): Promise<QueryResult<R>> => {
    const { query, slots } = compiledFor(db);
    const parameters = slots.map((slot, position) => (slot >= 0 ? args[slot] : query.parameters[position]));
    return executeCompiled(db, { ...query, parameters });
  };

  return {
    execute: async (db, ...args) => (await run(db, args)).rows,
    executeTakeFirst: async (db, ...args) => (await run(db, args)).rows[0],
    run: async (db, ...args) => run(db, args),
  };
}

/**
 * Prepared queries over a list of values of any length (`where id in (...)`): one prepared query
 * per list length, built on first use. Callers pad their lists (coalesce.ts padKeys) so that a
 * few lengths serve every list. `fixed` arguments come first, then the list.
 */
export function preparedForLists<F extends readonly unknown[], R>(
  fixed: F['length'],
  build: (db: Kysely<Database>, fixedArgs: F, list: number[]) => Compilable<R>,
): (length: number) => PreparedQuery<[...F, ...number[]], R> {
  const byLength = new Map<number, PreparedQuery<[...F, ...number[]], R>>();
  return (length) => {
    let query = byLength.get(length);
    if (query === undefined) {
      query = prepared(fixed + length, (db: Kysely<Database>, ...args: [...F, ...number[]]) =>
        build(db, args.slice(0, fixed) as unknown as F, args.slice(fixed) as number[]),
      );
      byLength.set(length, query);
    }
    return query;
  };
}

/** Rows at most that get a prepared query of their own; a longer list is built each time. */
export const PREPARED_ROWS_MAX = 32;

/**
 * Prepared queries over a list of rows of `width` values each (a multi-row insert, a `values`
 * list that an update or a delete joins): one prepared query per row count, built on first use.
 * Rows cannot be padded as keys are (a repeated row would be inserted or matched twice), so each
 * count up to PREPARED_ROWS_MAX has its own; a longer list is built and compiled each time, as
 * Kysely would. `build` sees the rows' values as arguments (placeholders when preparing).
 */
export function preparedForRows<W extends readonly unknown[], R>(
  width: W['length'],
  build: (db: Kysely<Database>, rows: W[]) => Compilable<R>,
): (db: Kysely<Database>, rows: readonly W[]) => Promise<QueryResult<R>> {
  const byCount = new Map<number, PreparedQuery<unknown[], R>>();
  return (db, rows) => {
    const count = rows.length;
    if (count > PREPARED_ROWS_MAX) return executeCompiled(db, build(db, [...rows]).compile());
    let query = byCount.get(count);
    if (query === undefined) {
      query = prepared(count * width, (inner: Kysely<Database>, ...args: unknown[]) =>
        build(
          inner,
          Array.from(
            { length: count },
            (_, row) => args.slice(row * width, (row + 1) * width) as unknown as W,
          ),
        ),
      );
      byCount.set(count, query);
    }
    const args: unknown[] = [];
    for (const row of rows) for (const value of row) args.push(value);
    return query.run(db, ...args);
  };
}

/** A raw statement (`sql` template) as a query `prepared` can compile: raw SQL compiles against a database. */
export const compilableRaw = <R>(db: Kysely<Database>, raw: RawBuilder<R>): Compilable<R> => ({
  compile: () => raw.compile(db),
});
