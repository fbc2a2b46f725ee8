import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The leaderboard's total counts the accounts that are not suspended on every page view; a partial
 * index over exactly those rows lets both databases count them without reading the table.
 */
export const visibleAccountsIndexMigration: PortableMigration = {
  async up(db) {
    await db.schema
      .createIndex('accounts_visible')
      .on('accounts')
      .column('id')
      .where(sql.ref('suspended_at'), 'is', null)
      .execute();
  },
};
