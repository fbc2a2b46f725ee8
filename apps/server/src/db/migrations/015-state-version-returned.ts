import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/** The account columns the game state reads (as in 007). */
const ACCOUNT_STATE_COLUMNS = ['race_id', 'nmi', 'settled_at', 'next_item_id'] as const;

/**
 * The save's own update of the account row moves `state_version` itself and returns it
 * (decision 186): one statement instead of the update and a read of the version after it. The
 * trigger of 007 on the account's state columns now leaves a row alone when the update already
 * moved its version; every other writer (the admin console's NMI, the CLI, tests) is bumped as
 * before.
 */
export const stateVersionReturnedMigration: PortableMigration = {
  async up(db, dialect) {
    if (dialect.name === 'sqlite') {
      await sql`drop trigger accounts_state_version`.execute(db);
      await sql
        .raw(
          `create trigger accounts_state_version after update of ${ACCOUNT_STATE_COLUMNS.join(', ')} on accounts
            when new.state_version = old.state_version
            begin update accounts set state_version = state_version + 1 where id = new.id; end`,
        )
        .execute(db);
      return;
    }
    const stateColumns = (row: string) =>
      ACCOUNT_STATE_COLUMNS.map((column) => `${row}.${column}`).join(', ');
    await sql
      .raw(
        `create or replace function accounts_state_version() returns trigger language plpgsql as $$
      begin
        if new.state_version = old.state_version
          and (${stateColumns('new')}) is distinct from (${stateColumns('old')}) then
          new.state_version := old.state_version + 1;
        end if;
        return new;
      end $$`,
      )
      .execute(db);
  },
};
