import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The unread emails of an account: GET /me's count (every screen asks it) and the inbox's. Through
 * `emails_account (account_id, created_at)` each count read every email the account ever got to
 * find the unread ones, so the header's count grew with an old player's reports. Partial, on the
 * unread rows only (the queries say `read_at is null`, no bound value, so SQLite plans with it
 * once per statement): marking an email read takes it out. The unread-only page can use it on
 * PostgreSQL; SQLite, without statistics, keeps walking `emails_account` newest first for it.
 */
export const emailsUnreadIndexMigration: PortableMigration = {
  async up(db) {
    await db.schema
      .createIndex('emails_unread')
      .on('emails')
      .columns(['account_id', 'created_at', 'id'])
      .where(sql.ref('read_at'), 'is', null)
      .execute();
  },
};
