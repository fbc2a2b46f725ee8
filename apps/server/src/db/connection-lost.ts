/**
 * What must be forgotten when the process loses a connection to PostgreSQL unexpectedly (decision
 * 208). With game writes committed asynchronously, a crash of the database server may take the
 * last moments of commits with it while this process keeps running: the states it keeps by
 * `state_version` (state-cache.ts) could then stand for a version the database no longer has, or
 * will reach again with other contents. A server crash ends every connection, so each process
 * hears of it through its own clients and drops what it keeps. Keyed by the Kysely instance, as
 * the caches are.
 */
const listeners = new WeakMap<object, Set<() => void>>();

/** Calls `listener` whenever a connection of `db` ends without being asked to. */
export function onConnectionLost(db: object, listener: () => void): void {
  let set = listeners.get(db);
  if (set === undefined) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
}

/** A connection of `db` ended without being asked to (the database's driver tells). */
export function connectionLost(db: object): void {
  for (const listener of listeners.get(db) ?? []) listener();
}
