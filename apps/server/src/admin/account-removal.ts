/**
 * Removing accounts: by the operator (`npm run admin -- delete-account`) and, for accounts that
 * never came back, by the scheduler (decision 158).
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { isoAt } from '../context.js';
import type { DialectSeam } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { returnFleetsHeadingTo } from '../modules/fleets/index.js';
import type { ScheduledTask } from '../scheduler.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The NMI an account starts with: more means it was granted or bought some, and is kept. */
const STARTING_NMI = 100;
/** Accounts removed per statement; a full batch runs again at once. */
export const RECLAIM_BATCH = 100;
export const RECLAIM_INTERVAL_MS = 60 * 60 * 1000;

/** Without a seam (the command line on SQLite): no row locks, SQLite's write lock serializes. */
const NO_LOCKS = { forUpdate: <Q>(query: Q): Q => query } as unknown as DialectSeam;

/**
 * Deletes the account and, through the foreign keys' cascades, every row that belongs to it
 * (planets and their modules, queue, emails, reports, fleets, research, commandants, sessions,
 * links sent by mail, known addresses); its failed sign-ins and reset requests are keyed by
 * email and go too. Other players' fleets still outbound to its planets turn round first
 * (decision 213), so the freed orbits receive nothing. Triggers move the auth epoch (its
 * sessions end in every process at once) and the leaderboard's counters. Answers whether it
 * existed. Call it inside a transaction.
 */
export async function deleteAccount(
  trx: Kysely<Database>,
  accountId: number,
  options: { dialect?: DialectSeam; now: number },
): Promise<boolean> {
  const account = await trx
    .selectFrom('accounts')
    .select(['email_lower'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return false;
  await returnFleetsHeadingTo(trx, options.dialect ?? NO_LOCKS, accountId, options.now);
  await trx.deleteFrom('login_attempts').where('email_lower', '=', account.email_lower).execute();
  await trx.deleteFrom('mail_requests').where('email_lower', '=', account.email_lower).execute();
  await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
  return true;
}

/**
 * Removes, in one transaction, up to RECLAIM_BATCH accounts that never came back: created and
 * last visited (any of its planets, any session opened or refreshed) more than `days` ago, no
 * points, no NMI beyond the start, not suspended (moderation keeps those). Their home orbits are
 * free for new players. Answers the ids removed.
 */
export async function reclaimInactiveAccounts(
  db: Kysely<Database>,
  now: number,
  days: number,
  dialect?: DialectSeam,
): Promise<number[]> {
  const before = isoAt(now - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('accounts')
      .select('accounts.id')
      .where('accounts.created_at', '<=', before)
      .where('accounts.total_points', '<=', 0)
      .where('accounts.nmi', '<=', STARTING_NMI)
      .where('accounts.suspended_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('planets')
              .select('planets.id')
              .whereRef('planets.account_id', '=', 'accounts.id')
              .where('planets.last_visit', '>', before),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .whereRef('refresh_tokens.account_id', '=', 'accounts.id')
              .where('refresh_tokens.created_at', '>', before),
          ),
        ),
      )
      .orderBy('accounts.id')
      .limit(RECLAIM_BATCH)
      .execute();
    const removed: number[] = [];
    for (const { id } of candidates) {
      if (await deleteAccount(trx, id, { now, ...(dialect ? { dialect } : {}) })) removed.push(id);
    }
    return removed;
  });
}

/** The scheduler's task: every hour, the accounts past RECLAIM_INACTIVE_DAYS (0: never). */
export function reclaimInactiveAccountsTask(
  ctx: Pick<AppContext, 'db' | 'config'> & { dialect?: DialectSeam },
  log: { info(object: object, message: string): void } = { info: () => {} },
): ScheduledTask {
  return {
    name: 'reclaim-inactive-accounts',
    intervalMs: RECLAIM_INTERVAL_MS,
    async run(now) {
      const days = ctx.config.reclaimInactiveDays;
      if (days <= 0) return;
      for (;;) {
        const removed = await reclaimInactiveAccounts(ctx.db, now, days, ctx.dialect);
        if (removed.length > 0)
          log.info({ accounts: removed }, 'inactive accounts removed, home orbits freed');
        if (removed.length < RECLAIM_BATCH) return;
      }
    },
  };
}
