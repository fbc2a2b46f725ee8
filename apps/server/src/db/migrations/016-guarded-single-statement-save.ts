import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * PostgreSQL only (decision 212). A write whose account state the process keeps is saved as one
 * statement, its own transaction: the account row's update, guarded by the version the kept state
 * was read at, moves `state_version` and returns it, and the other rows' changes follow it in the
 * same statement. Their per-row triggers (migration 007) fire at the end of that statement and
 * would move the version past the one returned; the statement sets the transaction-local
 * `starhold.version_moved` to the account's id, and the triggers leave that account's version
 * alone. Every other writer (no such setting) is bumped as before.
 */
export const guardedSingleStatementSaveMigration: PortableMigration = {
  async up(db, dialect) {
    if (dialect.name === 'sqlite') return;
    await sql`create or replace function account_rows_state_version() returns trigger language plpgsql as $$
      declare
        moved text := coalesce(current_setting('starhold.version_moved', true), '');
      begin
        if tg_op in ('INSERT', 'UPDATE') and moved <> new.account_id::text then
          update accounts set state_version = state_version + 1 where id = new.account_id;
        end if;
        if (tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.account_id is distinct from new.account_id))
          and moved <> old.account_id::text then
          update accounts set state_version = state_version + 1 where id = old.account_id;
        end if;
        return null;
      end $$`.execute(db);
  },
};
