/** The owner's visits of a planet (`last_visit`), written at most once a minute. */
import { sql, type Kysely } from 'kysely';
import { coalescedReads, padKeys, perDatabase } from '../../db/coalesce.js';
import { RELAXED_COMMIT } from '../../db/dialect.js';
import { prepared, preparedForLists } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { toIso } from './economy.mapping.js';

export const LAST_VISIT_PERIOD_MS = 60_000;

/**
 * Whether a visit at `now` writes a planet's `last_visit` as read: the statements' own condition
 * (never visited, or not within the period), so that a reader who read the row before the visit
 * knows whether the visit may have changed it.
 */
export function visitWrites(lastVisit: string | null, now: number): boolean {
  return lastVisit === null || lastVisit <= toIso(now - LAST_VISIT_PERIOD_MS);
}

const touchPlanetRow = prepared(
  3,
  (db: Kysely<Database>, planetId: number, now: string, staleBefore: string) =>
    db
      .updateTable('planets')
      .set({ last_visit: now })
      .where('id', '=', planetId)
      .where((eb) => eb.or([eb('last_visit', 'is', null), eb('last_visit', '<=', staleBefore)])),
);

/**
 * Per database (its dialect adapter, shared by its transactions): for each planet, the instant
 * this process may treat as its last recorded visit.
 */
const lastTouched = new WeakMap<object, Map<number, number>>();

/** After a touch that found the visit already recent, how long to skip checking again. */
export const TOUCH_RECHECK_MS = 10_000;

/**
 * Records the owner's visit, writing at most once per LAST_VISIT_PERIOD_MS. Every screen read
 * passes here, so the statement itself is skipped while this process knows no write is due: for a
 * period after it wrote the visit, and for TOUCH_RECHECK_MS after finding it already recent
 * (written by another process, or before a restart). The stored visit then lags by at most that.
 * What was written is remembered only through `afterCommit`, once the write has committed: a visit
 * written in a transaction that then rolls back is not remembered, so the next screen writes it.
 * Outside a transaction (`inTransaction` false, the read path) the write is shared with the other
 * visits of the same moment (sharedTouches), and commits as game writes do (`relaxedCommit`, the
 * dialect's policy: on PostgreSQL without waiting for the log's flush, decision 208); inside one,
 * the caller's transaction decides.
 */
export async function touchPlanet(
  trx: Kysely<Database>,
  planetId: number,
  now: number,
  inTransaction: boolean,
  afterCommit: (remember: () => void) => void,
  relaxedCommit = false,
): Promise<void> {
  const adapter = trx.getExecutor().adapter;
  let touched = lastTouched.get(adapter);
  if (touched === undefined) {
    touched = new Map();
    lastTouched.set(adapter, touched);
  }
  const last = touched.get(planetId);
  if (last !== undefined && last > now - LAST_VISIT_PERIOD_MS && last <= now) return;
  const wrote = inTransaction
    ? ((await touchPlanetRow.run(trx, planetId, toIso(now), toIso(now - LAST_VISIT_PERIOD_MS)))
        .numAffectedRows ?? 0n) > 0n
    : ((await (relaxedCommit ? sharedRelaxedTouches : sharedTouches)(trx).get(planetId, now)) ?? false);
  const remembered = touched;
  afterCommit(() => {
    if (remembered.size >= 100_000) remembered.clear();
    remembered.set(planetId, wrote ? now : now - LAST_VISIT_PERIOD_MS + TOUCH_RECHECK_MS);
  });
}

/**
 * The visits of `n` planets (n a power of two, padKeys) in one statement, returning the planets
 * written; `relaxed` (PostgreSQL only): each row written also turns `synchronous_commit` off for
 * the statement's own transaction (decision 257's way), so its commit does not wait for the log's
 * flush. A statement that writes no row writes no log and has nothing to wait for.
 */
const touchPlanetRowsOf = (relaxed: boolean) =>
  preparedForLists<[string, string], { id: number }>(2, (db, [now, staleBefore], planetIds) =>
    db
      .updateTable('planets')
      .set({ last_visit: now })
      .where('id', 'in', planetIds)
      .where((eb) => eb.or([eb('last_visit', 'is', null), eb('last_visit', '<=', staleBefore)]))
      .returning(relaxed ? ['id', sql.raw<string>(RELAXED_COMMIT).as('commit_mode')] : ['id']),
  );

/**
 * Visits recorded outside a transaction (the read path), shared by the requests of the same
 * moment: one UPDATE for all their planets (db/coalesce.ts), so that a wave of first visits (every
 * player's first screen of the minute) costs one commit, not one each. On PostgreSQL that commit
 * does not wait for the log's flush unless every commit must (PG_SYNCHRONOUS_COMMIT=full): a visit
 * is a game write, and a crash of the database server could cost the last ~0.6 s of them (each
 * written again by a screen within the minute). Each caller still has its visit written before it answers. The
 * statement uses the latest instant among its callers (they asked within the same turn of the
 * event loop).
 */
const sharedTouchesOf = (relaxed: boolean) => {
  const touchPlanetRows = touchPlanetRowsOf(relaxed);
  return perDatabase((db) =>
    coalescedReads<number, boolean, number>(async (planetIds, askedAt) => {
      const now = Math.max(...askedAt.values());
      const keys = padKeys(planetIds);
      const rows = await touchPlanetRows(keys.length).execute(
        db,
        toIso(now),
        toIso(now - LAST_VISIT_PERIOD_MS),
        ...keys,
      );
      const written = new Set(rows.map((row) => row.id));
      return new Map(planetIds.map((id) => [id, written.has(id)]));
    }),
  );
};
const sharedTouches = sharedTouchesOf(false);
const sharedRelaxedTouches = sharedTouchesOf(true);
