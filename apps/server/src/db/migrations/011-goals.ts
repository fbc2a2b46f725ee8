import type { PortableMigration } from './index.js';

/**
 * The claimed rewards of the first-hour goals (issue 26, decision 198). Progress is derived from
 * the game state; only a claim is stored, one row per account and goal: the primary key is what
 * makes a reward credited exactly once, also when two claims race past the account's lock.
 */
export const goalsMigration: PortableMigration = {
  async up(db) {
    await db.schema
      .createTable('goal_claims')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('goal_id', 'integer', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('goal_claims_pk', ['account_id', 'goal_id'])
      .execute();
  },
};
