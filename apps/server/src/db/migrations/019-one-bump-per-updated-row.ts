import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/** The planet columns the game state reads (as in 007). */
const PLANET_STATE_COLUMNS = 'account_id, planet_type, max_capacity, metal, crystal, fuel, idx';

const stateBump = (account: string) =>
  `update accounts set state_version = state_version + 1 where id = ${account};`;
const emailsBump = (account: string) =>
  `update accounts set emails_version = emails_version + 1 where id = ${account};`;
const planetOf = (row: string) => `(select account_id from planets where id = ${row}.planet_id)`;

/**
 * SQLite's update triggers (migrations 007, 010 and 018) bumped the account of the new row AND
 * the account of the old row, which for every update a game write makes are the same account: a
 * planet's resources paid, a ship count, a construction's progress, a fleet turned round, an email
 * read moved the account's row twice, and for a module also looked its planet up twice (decision
 * 246). Each now bumps the new row's account once; a second trigger bumps the old row's account
 * only when the row changed owner (the `when` clause is tested before anything runs). An email never
 * changes account (PostgreSQL's trigger of 018 bumps the new rows' accounts alone): its update
 * bumps the new row's account only. A version only has to move, not by how much: the caches
 * compare it for equality.
 *
 * PostgreSQL's functions already bump the old account only when it differs (007, 016, 018).
 */
export const oneBumpPerUpdatedRowMigration: PortableMigration = {
  async up(db, dialect) {
    if (dialect.name !== 'sqlite') return;
    const statements: string[] = [
      'drop trigger planets_state_version_update',
      `create trigger planets_state_version_update after update of ${PLANET_STATE_COLUMNS} on planets
        begin ${stateBump('new.account_id')} end`,
      `create trigger planets_state_version_moved after update of account_id on planets
        when old.account_id is not new.account_id begin ${stateBump('old.account_id')} end`,
      'drop trigger planet_modules_state_version_update',
      `create trigger planet_modules_state_version_update after update on planet_modules
        begin ${stateBump(planetOf('new'))} end`,
      `create trigger planet_modules_state_version_moved after update of planet_id on planet_modules
        when old.planet_id is not new.planet_id begin ${stateBump(planetOf('old'))} end`,
      ...['account_research', 'constructions', 'commandants', 'fleets'].flatMap((table) => [
        `drop trigger ${table}_state_version_update`,
        `create trigger ${table}_state_version_update after update on ${table}
          begin ${stateBump('new.account_id')} end`,
        `create trigger ${table}_state_version_moved after update of account_id on ${table}
          when old.account_id is not new.account_id begin ${stateBump('old.account_id')} end`,
      ]),
      'drop trigger emails_version_update',
      `create trigger emails_version_update after update on emails begin ${emailsBump('new.account_id')} end`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
