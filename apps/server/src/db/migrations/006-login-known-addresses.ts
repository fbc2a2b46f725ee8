import type { PortableMigration } from './index.js';

/**
 * Addresses from which an account has signed in (or registered). Once an account has 10 failed
 * logins in 15 minutes from anywhere, only these addresses may still try (docs/decisions/024).
 */
export const loginKnownAddressesMigration: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('login_known_addresses')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('last_success_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('login_known_addresses_pk', ['account_id', 'ip'])
      .execute();
  },
};
