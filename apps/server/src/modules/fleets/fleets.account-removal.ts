/**
 * When an account is deleted (by its player, the operator or the reclaim task), the fleets of
 * other accounts still outbound to its planets turn round at that instant, as if recalled
 * (FLEETS.md section 2): their target is gone (decision 213).
 */
import { sql, type Kysely } from 'kysely';
import { nextFleetEventAt, turnRound } from '@starhold/rules';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { FleetRowChangedError, fleetJson, parseFleet } from './fleets.repository.js';
import { isoAt as toIso } from '../../context.js';

/**
 * Turns round every other account's fleet outbound to `accountId`'s planets, inside the deleting
 * transaction. The owners' account rows are locked first, with the deleted one, in ascending id
 * order (as arrivals lock the two accounts they touch), so neither side waits on the other.
 * Each owner's next event moves no later than its fleet's return, for the scheduler. Answers the
 * number of fleets turned round.
 */
export async function returnFleetsHeadingTo(
  trx: Kysely<Database>,
  dialect: DialectSeam,
  accountId: number,
  now: number,
): Promise<number> {
  const owners = await trx
    .selectFrom('fleets')
    .select('account_id')
    .distinct()
    .where('target_account_id', '=', accountId)
    .where('account_id', '!=', accountId)
    .where('state', '=', sql.lit('outbound'))
    .execute();
  const ids = [...new Set([accountId, ...owners.map((row) => row.account_id)])].sort((a, b) => a - b);
  for (const id of ids) {
    await dialect.forUpdate(trx.selectFrom('accounts').select('id').where('id', '=', id)).execute();
  }
  const rows = await trx
    .selectFrom('fleets')
    .select(['account_id', 'id', 'data'])
    .where('target_account_id', '=', accountId)
    .where('account_id', '!=', accountId)
    .where('state', '=', sql.lit('outbound'))
    .execute();
  for (const row of rows) {
    const fleet = parseFleet(row.data);
    // An arrival already due but not yet applied turns round where it arrived.
    turnRound(fleet, Math.min(now, fleet.arrivesAt));
    const updated = await trx
      .updateTable('fleets')
      .set({
        state: fleet.state,
        arrives_at: toIso(fleet.arrivesAt),
        target_account_id: null,
        data: fleetJson(fleet),
      })
      .where('account_id', '=', row.account_id)
      .where('id', '=', row.id)
      .where('data', '=', row.data)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new FleetRowChangedError(row.account_id);
    const next = toIso(nextFleetEventAt(fleet));
    await trx
      .updateTable('accounts')
      .set({ next_event_at: next })
      .where('id', '=', row.account_id)
      .where((eb) => eb.or([eb('next_event_at', 'is', null), eb('next_event_at', '>', next)]))
      .execute();
  }
  return rows.length;
}
