import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/** The tables whose rows carry an `account_id` and make up an account's game state. */
const ACCOUNT_TABLES = ['account_research', 'constructions', 'commandants'] as const;
/** The planet columns the game state reads (name and last visit are not part of it). */
const PLANET_STATE_COLUMNS = 'account_id, planet_type, max_capacity, metal, crystal, fuel, idx';
/** The account columns the game state reads. */
const ACCOUNT_STATE_COLUMNS = ['race_id', 'nmi', 'settled_at', 'next_item_id'] as const;

/**
 * `accounts.state_version` changes whenever anything an account's game state is loaded from
 * changes: its state columns, its planets' resources and types, module levels, research,
 * constructions and commandants. A server keeps the last state it loaded with the version it was
 * loaded at, and one indexed read of the account row tells whether it may reuse it
 * (docs/decisions/122).
 *
 * Triggers rather than the code paths: settling, registration, the admin CLI, tests and the bench
 * seeding all write these tables directly, and a trigger runs inside whichever transaction made
 * the change, so the version moves with the commit that changed the state and never without it.
 */
export const accountStateVersionMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('accounts')
      .addColumn('state_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    if (dialect.name === 'sqlite') {
      const bump = (account: string) =>
        `update accounts set state_version = state_version + 1 where id = ${account};`;
      const planetOf = (row: string) => `(select account_id from planets where id = ${row}.planet_id)`;
      const statements = [
        `create trigger accounts_state_version after update of ${ACCOUNT_STATE_COLUMNS.join(', ')} on accounts
          begin ${bump('new.id')} end`,
        `create trigger planets_state_version_insert after insert on planets begin ${bump('new.account_id')} end`,
        `create trigger planets_state_version_delete after delete on planets begin ${bump('old.account_id')} end`,
        `create trigger planets_state_version_update after update of ${PLANET_STATE_COLUMNS} on planets
          begin ${bump('new.account_id')} ${bump('old.account_id')} end`,
        `create trigger planet_modules_state_version_insert after insert on planet_modules begin ${bump(planetOf('new'))} end`,
        `create trigger planet_modules_state_version_delete after delete on planet_modules begin ${bump(planetOf('old'))} end`,
        `create trigger planet_modules_state_version_update after update on planet_modules
          begin ${bump(planetOf('new'))} ${bump(planetOf('old'))} end`,
        ...ACCOUNT_TABLES.flatMap((table) => [
          `create trigger ${table}_state_version_insert after insert on ${table} begin ${bump('new.account_id')} end`,
          `create trigger ${table}_state_version_delete after delete on ${table} begin ${bump('old.account_id')} end`,
          `create trigger ${table}_state_version_update after update on ${table}
            begin ${bump('new.account_id')} ${bump('old.account_id')} end`,
        ]),
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
      return;
    }

    const stateColumns = (row: string) =>
      ACCOUNT_STATE_COLUMNS.map((column) => `${row}.${column}`).join(', ');
    await sql
      .raw(
        `create function accounts_state_version() returns trigger language plpgsql as $$
      begin
        if (${stateColumns('new')}) is distinct from (${stateColumns('old')}) then
          new.state_version := old.state_version + 1;
        end if;
        return new;
      end $$`,
      )
      .execute(db);
    await sql`create trigger accounts_state_version before update on accounts
      for each row execute function accounts_state_version()`.execute(db);

    // Rows with an account_id (planets included): the old and the new owner both change.
    await sql`create function account_rows_state_version() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          update accounts set state_version = state_version + 1 where id = new.account_id;
        end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.account_id is distinct from new.account_id) then
          update accounts set state_version = state_version + 1 where id = old.account_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql
      .raw(
        `create trigger planets_state_version after insert or delete or update of ${PLANET_STATE_COLUMNS} on planets
      for each row execute function account_rows_state_version()`,
      )
      .execute(db);
    for (const table of ACCOUNT_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_state_version after insert or delete or update on ${table}
        for each row execute function account_rows_state_version()`,
        )
        .execute(db);
    }

    await sql`create function planet_modules_state_version() returns trigger language plpgsql as $$
      begin
        if tg_op in ('INSERT', 'UPDATE') then
          update accounts set state_version = state_version + 1 where id = (select account_id from planets where id = new.planet_id);
        end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.planet_id <> new.planet_id) then
          update accounts set state_version = state_version + 1 where id = (select account_id from planets where id = old.planet_id);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger planet_modules_state_version after insert or delete or update on planet_modules
      for each row execute function planet_modules_state_version()`.execute(db);
  },
};
