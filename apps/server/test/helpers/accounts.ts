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

/**
 * An account row written straight to the database (no planet, no session): for tests of the
 * database and the operators' tools, where registering through the API is beside the point. Only
 * the columns of the first migrations, so that it also serves databases migrated part of the way.
 */
export async function insertAccountRow(
  db: Kysely<Database>,
  username: string,
  { suspendedAt = null, at = '2026-01-01T00:00:00.000Z' }: { suspendedAt?: string | null; at?: string } = {},
): Promise<number> {
  const lower = username.toLowerCase();
  const row = await db
    .insertInto('accounts')
    .values({
      username,
      username_lower: lower,
      email: `${lower}@example.test`,
      email_lower: `${lower}@example.test`,
      password_hash: 'x',
      race_id: 1,
      nmi: 0,
      focus_planet_index: 0,
      economy_points: 0,
      science_points: 0,
      military_points: 0,
      total_points: 0,
      suspended_at: suspendedAt,
      created_at: at,
      next_event_at: null,
      settled_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
