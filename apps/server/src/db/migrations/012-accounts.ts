import type { PortableMigration } from './index.js';

/**
 * Accounts a player can trust (issue 22, decision 213):
 * - `refresh_tokens` learn the browser (user agent) and address that opened or last refreshed the
 *   session, for the profile's sessions list;
 * - `account_links`: the single-use links sent by email (password reset, email change), stored as
 *   SHA-256 of the token like refresh tokens, removed with their account;
 * - `mail_requests`: the reset mails asked for, per email as typed and per address, to throttle
 *   them like sign-ins (kept whether or not the email has an account, so nothing leaks).
 */
export const accountsMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('refresh_tokens').addColumn('user_agent', 'text').execute();
    await db.schema.alterTable('refresh_tokens').addColumn('ip', 'text').execute();
    await db.schema
      .createIndex('refresh_tokens_account')
      .on('refresh_tokens')
      .columns(['account_id', 'family'])
      .execute();

    await db.schema
      .createTable('account_links')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('new_email', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('account_links_account').on('account_links').column('account_id').execute();

    await db.schema
      .createTable('mail_requests')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('email_lower', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mail_requests_email')
      .on('mail_requests')
      .columns(['email_lower', 'created_at'])
      .execute();
    await db.schema
      .createIndex('mail_requests_ip')
      .on('mail_requests')
      .columns(['ip', 'created_at'])
      .execute();
  },
};
