import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Fleets in flight and the reports of what they did (FLEETS.md sections 7 and 8).
 *
 * A fleet row is the rules engine's `FleetState` as JSON (`data`), keyed by the owner and the
 * fleet's id (unique within the account, decision 173), with the columns the server queries beside
 * it: the state and arrival for the guarded change that applies an arrival exactly once, the
 * target orbit and its owner at dispatch for the defender's view and its due arrivals.
 *
 * Fleets are part of the account's game state, so their rows move `accounts.state_version` like
 * the tables of migration 007 (the kept state must never miss a fleet that left or landed).
 */
export const fleetsMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('fleets')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('mission', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('target_system_id', 'integer', (c) => c.notNull())
      .addColumn('target_orbit', 'integer', (c) => c.notNull())
      // The other account the arrival touches (attack, spy, transport to another player), else null.
      .addColumn('target_account_id', 'integer')
      .addColumn('arrives_at', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('fleets_pk', ['account_id', 'id'])
      .execute();
    await db.schema
      .createIndex('fleets_target_account_idx')
      .on('fleets')
      .columns(['target_account_id', 'arrives_at'])
      .execute();

    await db.schema
      .createIndex('fleets_target_orbit_idx')
      .on('fleets')
      .columns(['target_system_id', 'target_orbit', 'arrives_at'])
      .execute();

    await db.schema
      .createTable('reports')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reports_account_idx').on('reports').column('account_id').execute();

    if (dialect.name === 'sqlite') {
      const bump = (account: string) =>
        `update accounts set state_version = state_version + 1 where id = ${account};`;
      for (const statement of [
        `create trigger fleets_state_version_insert after insert on fleets begin ${bump('new.account_id')} end`,
        `create trigger fleets_state_version_delete after delete on fleets begin ${bump('old.account_id')} end`,
        `create trigger fleets_state_version_update after update on fleets
          begin ${bump('new.account_id')} ${bump('old.account_id')} end`,
      ]) {
        await sql.raw(statement).execute(db);
      }
      return;
    }
    // The function of migration 007 bumps the row's account (and the old one if it moved).
    await sql`create trigger fleets_state_version after insert or delete or update on fleets
      for each row execute function account_rows_state_version()`.execute(db);
  },
};
