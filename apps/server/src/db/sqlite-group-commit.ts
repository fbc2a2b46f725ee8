import { CompiledQuery, type Kysely } from 'kysely';
import { executeCompiled, markConnectionHolder } from './sqlite-direct.js';

/**
 * SQLite's write transactions, committed in groups (decision 209). The process has one
 * connection, so its write transactions already run one after the other; each paid its own
 * `begin immediate` and, above all, its own commit: about 38 µs of a construction start's 180 µs,
 * the log frames of every page it touched written out (two `pwrite` calls a frame), plus the
 * locks taken and released around it. Transactions that queue while one runs now run together
 * in ONE transaction, each in a savepoint of its own, and commit once: pages several of them
 * touch (an index's page, the queue's table) are logged once, and the commit is shared.
 *
 * - Each caller gets its own outcome: a transaction that throws is rolled back to its savepoint
 *   (the first of a group, which has none, rolls the whole transaction back, the others then run
 *   in a new one), and only its caller sees the error; the others commit.
 * - A caller's promise settles only once its group has committed (or failed to): an answer is
 *   never sent for a write that a later failure of the group could still undo. A commit that
 *   fails fails every transaction of its group.
 * - A group takes at most GROUP_MAX transactions and stops taking more once it has run for
 *   GROUP_MS: reads wait for the one connection meanwhile.
 * - Isolation is as before: the transactions of a group run one after the other, each seeing the
 *   ones before it (as after their commits), inside the database's write lock (`begin immediate`).
 */
export const GROUP_MAX = 16;
export const GROUP_MS = 4;

interface Queued {
  fn: (trx: Kysely<never>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  item: Queued;
  ok: boolean;
  value: unknown;
}

interface Committer {
  queue: Queued[];
  running: boolean;
  stats: GroupCommitStats;
}

/** What the groups of a database have done so far (tests; GET /metrics, docs/operations.md). */
export interface GroupCommitStats {
  /** Transactions that committed (or were rolled back to their savepoint) inside a group. */
  transactions: number;
  /** Commits: a lone transaction is a group of one. */
  groups: number;
  /** The most transactions one group held. */
  largest: number;
}

const committers = new WeakMap<object, Committer>();

const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint starhold_write');
const RELEASE = CompiledQuery.raw('release starhold_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to starhold_write');

/** Runs `fn` in a write transaction of `db` (SQLite), committed with the ones queued beside it. */
export function groupedWriteTransaction<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  let committer = committers.get(db);
  if (committer === undefined) {
    committer = { queue: [], running: false, stats: { transactions: 0, groups: 0, largest: 0 } };
    committers.set(db, committer);
  }
  const own = committer;
  return new Promise<T>((resolve, reject) => {
    own.queue.push({
      fn: fn as unknown as Queued['fn'],
      resolve: resolve as Queued['resolve'],
      reject,
    });
    if (!own.running) void drain(db, own);
  });
}

/** The group commits of `db` so far (zeros before its first write transaction). */
export function groupCommitStats(db: object): GroupCommitStats {
  return { ...(committers.get(db)?.stats ?? { transactions: 0, groups: 0, largest: 0 }) };
}

async function drain<DB>(db: Kysely<DB>, committer: Committer): Promise<void> {
  committer.running = true;
  try {
    while (committer.queue.length > 0) {
      // A group whose first transaction failed has been rolled back whole: the rest run anew.
      await db.connection().execute((conn) => {
        markConnectionHolder(conn);
        return runGroup(conn as unknown as Kysely<never>, committer);
      });
    }
  } catch (error) {
    // No connection to be had (the database closed under them): every waiting caller is told.
    for (const item of committer.queue.splice(0)) item.reject(error);
  } finally {
    committer.running = false;
  }
}

function settle(outcomes: readonly Outcome[]): void {
  for (const { item, ok, value } of outcomes) {
    if (ok) item.resolve(value);
    else item.reject(value);
  }
}

/** One group: `begin immediate`, its transactions in turn, one commit. */
async function runGroup(conn: Kysely<never>, committer: Committer): Promise<void> {
  const first = committer.queue.shift();
  if (first === undefined) return;
  try {
    await executeCompiled(conn, BEGIN);
  } catch (error) {
    first.reject(error);
    return;
  }
  const outcomes: Outcome[] = [];
  try {
    outcomes.push({ item: first, ok: true, value: await first.fn(conn) });
  } catch (error) {
    // Nothing else ran in this transaction: rolled back whole, as a lone transaction would be.
    await rollbackQuietly(conn);
    first.reject(error);
    return;
  }
  const started = performance.now();
  try {
    while (
      committer.queue.length > 0 &&
      outcomes.length < GROUP_MAX &&
      performance.now() - started < GROUP_MS
    ) {
      const item = committer.queue.shift() as Queued;
      await executeCompiled(conn, SAVEPOINT);
      try {
        const value = await item.fn(conn);
        await executeCompiled(conn, RELEASE);
        outcomes.push({ item, ok: true, value });
      } catch (error) {
        await executeCompiled(conn, ROLLBACK_TO);
        await executeCompiled(conn, RELEASE);
        outcomes.push({ item, ok: false, value: error });
      }
    }
    await executeCompiled(conn, COMMIT);
    committer.stats.groups += 1;
    committer.stats.transactions += outcomes.length;
    committer.stats.largest = Math.max(committer.stats.largest, outcomes.length);
  } catch (error) {
    // A savepoint or the commit failed (the disk, say): nothing of the group stands.
    await rollbackQuietly(conn);
    settle(outcomes.map(({ item }) => ({ item, ok: false, value: error })));
    return;
  }
  settle(outcomes);
}

async function rollbackQuietly(conn: Kysely<never>): Promise<void> {
  try {
    await executeCompiled(conn, ROLLBACK);
  } catch {
    // No transaction left to roll back (SQLite ends one by itself on some errors).
  }
}
