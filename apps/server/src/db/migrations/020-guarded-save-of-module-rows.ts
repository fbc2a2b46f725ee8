import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * PostgreSQL only (decision 249). The guarded single statement of decision 212 now also writes
 * module rows (the ships a fleet takes off its planet). Their trigger (migration 007) must leave
 * the account's version where the statement's own update put it, as migration 016 made the other
 * state tables' trigger do: it skips the account named by the transaction-local
 * `starhold.version_moved`. Every other writer (no such setting) is bumped as before.
 */
export const guardedSaveOfModuleRowsMigration: PortableMigration = {
  async up(db, dialect) {
    if (dialect.name === 'sqlite') return;
    await sql`create or replace function planet_modules_state_version() returns trigger language plpgsql as $$
      declare
        moved text := coalesce(current_setting('starhold.version_moved', true), '');
        owner integer;
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          owner := (select account_id from planets where id = new.planet_id);
          if moved <> owner::text then
            update accounts set state_version = state_version + 1 where id = owner;
          end if;
        end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.planet_id <> new.planet_id) then
          owner := (select account_id from planets where id = old.planet_id);
          if moved <> owner::text then
            update accounts set state_version = state_version + 1 where id = owner;
          end if;
        end if;
        return null;
      end $$`.execute(db);
  },
};
