import type { Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';
import { preparedForLists } from './prepared.js';

/**
 * Coalesced reads: the small reads every request starts with (the auth epoch, the account row),
 * shared between the requests that need them at the same moment.
 *
 * A read starts on the event loop's next turn (setImmediate), so every request that the current
 * turn handles joins it; while it runs, new callers wait for it to end and then share the next
 * one: one statement for all their keys. On PostgreSQL each read is a round trip, which costs the
 * server, the driver and a backend process more CPU than the read itself; on SQLite each
 * statement still costs its own preparation, binding and row building.
 *
 * A caller never gets a value read before it asked: the read it joins starts after its call, so
 * a write committed before the call (a revocation, a construction) is always seen. That is what
 * makes sharing safe, unlike a cache with a lifetime.
 */
export interface CoalescedReads<K, V, A = never> {
  /**
   * The value for `key`, from a read started after this call; undefined when there is none.
   * `arg` travels with the key to the statement (the last one given for a key of the batch).
   */
  get(key: K, arg?: A): Promise<V | undefined>;
}

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

interface Pending<V, A> {
  waiters: Waiter<V>[];
  arg?: A;
}

/** Coalesced reads of this process waiting for their turn or running, all databases together. */
let readsUnderway = 0;

/**
 * Whether a coalesced read of this process is waiting or running: requests are then on their
 * way (every authenticated request starts with one), and work that holds the event loop holds
 * them up. The scheduler's arrivals size their chunks by it (decision 250).
 */
export function coalescedReadsUnderway(): boolean {
  return readsUnderway > 0;
}

/**
 * `load` reads every given key (distinct, at most `maxKeys`) in one statement; `args` holds the
 * argument given with each key, for the keys given one.
 */
export function coalescedReads<K, V, A = never>(
  load: (keys: readonly K[], args: ReadonlyMap<K, A>) => Promise<ReadonlyMap<K, V>>,
  maxKeys = 64,
): CoalescedReads<K, V, A> {
  let waiting = new Map<K, Pending<V, A>>();
  let running = false;

  const runBatches = async (): Promise<void> => {
    while (waiting.size > 0) {
      let batch = waiting;
      if (batch.size <= maxKeys) {
        waiting = new Map();
      } else {
        // The oldest callers first; the rest wait for the next statement.
        batch = new Map([...waiting].slice(0, maxKeys));
        for (const key of batch.keys()) waiting.delete(key);
      }
      const args = new Map<K, A>();
      for (const [key, pending] of batch) if ('arg' in pending) args.set(key, pending.arg as A);
      try {
        const values = await load([...batch.keys()], args);
        for (const [key, { waiters }] of batch) {
          const value = values.get(key);
          for (const waiter of waiters) waiter.resolve(value);
        }
      } catch (error) {
        for (const { waiters } of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
    readsUnderway -= 1;
  };

  return {
    get(key, ...arg) {
      return new Promise<V | undefined>((resolve, reject) => {
        let pending = waiting.get(key);
        if (pending === undefined) {
          pending = { waiters: [] };
          waiting.set(key, pending);
        }
        pending.waiters.push({ resolve, reject });
        if (arg.length > 0) pending.arg = arg[0];
        if (!running) {
          running = true;
          readsUnderway += 1;
          setImmediate(() => void runBatches());
        }
      });
    },
  };
}

/** The same for a read without a key (a single row). */
export function coalescedRead<V>(load: () => Promise<V>): () => Promise<V> {
  const reads = coalescedReads<0, V>(async () => new Map([[0, await load()]]), 1);
  return async () => (await reads.get(0)) as V;
}

/**
 * Pads a list of keys to the next power of two by repeating its last key, so an `in (...)` list
 * takes one of a few lengths: a few distinct SQL texts, each prepared once (database.ts).
 */
export function padKeys<K>(keys: readonly K[]): K[] {
  if (keys.length === 0) return [];
  let size = 1;
  while (size < keys.length) size *= 2;
  const padded = [...keys];
  while (padded.length < size) padded.push(keys[keys.length - 1] as K);
  return padded;
}

/** One coalescer per database handle (its Kysely instance), made on first use. */
export function perDatabase<T, D extends object = Kysely<Database>>(make: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * Rows by owner id, coalesced: `build` selects the rows of every owner id in the given list, and
 * `ownerOf` tells whose a row is. Each list is padded (padKeys), so a handful of prepared queries
 * serve every batch size. For reads outside a transaction: a coalesced read runs on the database
 * handle, not in the caller's transaction.
 */
export function coalescedGroups<R>(
  build: (db: Kysely<Database>, ids: number[]) => Compilable<R>,
  ownerOf: (row: R) => number,
): (db: Kysely<Database>, id: number) => Promise<R[]> {
  const queryFor = preparedForLists<[], R>(0, (db, _fixed, ids) => build(db, ids));
  const readsOf = perDatabase((db) =>
    coalescedReads<number, R[]>(async (ids) => {
      const keys = padKeys(ids);
      const groups = new Map<number, R[]>(ids.map((id) => [id, []]));
      for (const row of await queryFor(keys.length).execute(db, ...keys))
        groups.get(Number(ownerOf(row)))?.push(row);
      return groups;
    }),
  );
  return async (db, id) => (await readsOf(db).get(id)) ?? [];
}

/** One row per id, coalesced the same way (`build` selects the rows whose `id` is listed). */
export function coalescedRowsById<R extends { id: number }>(
  build: (db: Kysely<Database>, ids: number[]) => Compilable<R>,
): (db: Kysely<Database>, id: number) => Promise<R | undefined> {
  const groups = coalescedGroups(build, (row) => row.id);
  return async (db, id) => (await groups(db, id))[0];
}
