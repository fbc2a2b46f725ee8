import { sql, type Kysely } from 'kysely';
import { isoAt } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/** A row of `claimsAndSpyReports`: a claimed goal (`what` 0) or the spy report count (`what` 1). */
interface ClaimOrCount {
  value: number | string;
  what: number | string;
}

/**
 * The goals' two reads in one prepared statement (GET /me/goals is on every screen's path): the
 * account's claimed goals, then one row with its spy report count. Spy reports: those of the
 * account's own probes (the defender's notice stores no report).
 */
const claimsAndSpyReports = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('goal_claims')
    .select(['goal_id as value', sql.lit(0).as('what')])
    .where('account_id', '=', accountId)
    .unionAll(
      db
        .selectFrom('reports')
        .select((eb) => [eb.fn.countAll<number>().as('value'), sql.lit(1).as('what')])
        .where('account_id', '=', accountId)
        .where('kind', '=', 'spy'),
    )
    .$castTo<ClaimOrCount>(),
);

/** The account's claimed goal ids and its spy report count, from one statement. */
export async function claimsAndSpyReportCount(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ claimed: Set<number>; spyReports: number }> {
  const claimed = new Set<number>();
  let spyReports = 0;
  for (const row of await claimsAndSpyReports.execute(db, accountId)) {
    if (Number(row.what) === 1) spyReports = Number(row.value);
    else claimed.add(Number(row.value));
  }
  return { claimed, spyReports };
}

export async function claimedGoalIds(db: Kysely<Database>, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('goal_claims')
    .select('goal_id')
    .where('account_id', '=', accountId)
    .execute();
  return new Set(rows.map((row) => row.goal_id));
}

/** Throws the dialect's unique violation when the goal was claimed already (the primary key). */
export async function insertClaim(
  trx: Kysely<Database>,
  accountId: number,
  goalId: number,
  at: number,
): Promise<void> {
  await trx
    .insertInto('goal_claims')
    .values({ account_id: accountId, goal_id: goalId, claimed_at: isoAt(at) })
    .execute();
}

/** Spy reports of the account's own probes (the defender's notice stores no report). */
export async function spyReportCount(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('account_id', '=', accountId)
    .where('kind', '=', 'spy')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function planetNamesById(db: Kysely<Database>, accountId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('planets')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
