import type { Kysely } from 'kysely';
import { isoAt } from '../../context.js';
import type { Database } from '../../db/schema.js';

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
