import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Ends every session of an account at once (operators' suspension, decision 220): its refresh
 * tokens are revoked, and the revocation moves the auth epoch (migration 008), so every process
 * re-checks the account's access tokens on their next request. Returns how many were revoked.
 */
export async function endAccountSessions(
  trx: Kysely<Database>,
  accountId: number,
  at: string,
): Promise<number> {
  const result = await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
