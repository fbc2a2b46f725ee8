import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/** The accounts not suspended, counted the slow way: what the leaderboard's counter must equal. */
export async function countVisibleAccounts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('suspended_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
