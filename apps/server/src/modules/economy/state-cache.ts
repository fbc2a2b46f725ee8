import type { AccountState } from '@starhold/rules';
import { onConnectionLost } from '../../db/connection-lost.js';

/**
 * The last game state loaded per account, with the `accounts.state_version` it was loaded at
 * (migration 007). A state is only handed out for the version it was stored under, so a kept
 * state is exactly what the tables would give: any write to them moves the version.
 */
export interface StateCache {
  get(accountId: number, version: number): AccountState | undefined;
  set(accountId: number, version: number, state: AccountState): void;
  /** Forgets every state (the database may have lost commits, decision 208). */
  clear(): void;
  readonly size: number;
}

/** Enough for every player active at once on one server; beyond it the oldest entry goes. */
export const STATE_CACHE_CAPACITY = 20_000;

export function createStateCache(capacity = STATE_CACHE_CAPACITY): StateCache {
  const entries = new Map<number, { version: number; state: AccountState }>();
  return {
    get(accountId, version) {
      const entry = entries.get(accountId);
      return entry !== undefined && entry.version === version ? entry.state : undefined;
    },
    set(accountId, version, state) {
      // Re-inserted at the end: the map's order is the order of last load, the oldest first out.
      entries.delete(accountId);
      entries.set(accountId, { version, state });
      if (entries.size > capacity) entries.delete(entries.keys().next().value ?? accountId);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

const caches = new WeakMap<object, StateCache>();

/**
 * One cache per database handle (its Kysely instance), shared by every service of the process;
 * emptied when a connection to the database is lost (db/connection-lost.ts).
 */
export function stateCacheFor(db: object): StateCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    const made = createStateCache();
    onConnectionLost(db, () => made.clear());
    cache = made;
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Freezes a state and everything in it. A kept state is shared by concurrent requests; the rules
 * engine never mutates its input, and freezing turns any code that would into a loud TypeError
 * instead of a state silently changed under another request.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
