import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The scheduler's due arrivals (decision 177): every run takes the outbound fleets due by now in
 * time order (`state = 'outbound' and arrives_at <= ? order by arrives_at, account_id, id limit ?`).
 * Without an index that scans and sorts every fleet row, JSON and all, on each run: with 10,000
 * fleets in flight a run held SQLite's one connection and the event loop for tens of ms. With it
 * the run reads the first rows of one range, already in order.
 *
 * Partial, on the outbound fleets only (the query names the state as a literal, so both SQLite and
 * a generic PostgreSQL plan can use it): an index leading with `state` was also picked by
 * PostgreSQL, before its statistics caught up with a burst of dispatches, for the read path's
 * `incoming_at` (`target_account_id = ? and state = 'outbound'`), scanning every outbound
 * fleet's entry on each account read.
 */
export const fleetsDueIndexMigration: PortableMigration = {
  async up(db) {
    await db.schema
      .createIndex('fleets_due_idx')
      .on('fleets')
      .columns(['arrives_at', 'account_id', 'id'])
      .where(sql.ref('state'), '=', sql.lit('outbound'))
      .execute();
  },
};
