import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * `accounts.emails_version` moves with every change to the account's emails (one arriving, one
 * marked read, one deleted), so a server may keep the inbox pages it has read and serve them again
 * while the version stands (decision 218). The read path already reads the account's row on every
 * call; the version comes with it, where a page cost a statement of 20 rows fetched one by one.
 *
 * Triggers, as for the state version (007): settling, registration, fleet reports, the admin
 * console and tests all write emails, and a trigger moves the version in whichever transaction
 * made the change. On PostgreSQL one statement-level trigger per kind of change, so that the many
 * emails of one settling move the account's row once, not once per email.
 */
export const emailsVersionMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('accounts')
      .addColumn('emails_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    if (dialect.name === 'sqlite') {
      const bump = (account: string) =>
        `update accounts set emails_version = emails_version + 1 where id = ${account};`;
      for (const statement of [
        `create trigger emails_version_insert after insert on emails begin ${bump('new.account_id')} end`,
        `create trigger emails_version_delete after delete on emails begin ${bump('old.account_id')} end`,
        `create trigger emails_version_update after update on emails
          begin ${bump('new.account_id')} ${bump('old.account_id')} end`,
      ]) {
        await sql.raw(statement).execute(db);
      }
      return;
    }

    // An email never changes account: on an update the new rows name the accounts.
    for (const [kind, transition] of [
      ['insert', 'new'],
      ['delete', 'old'],
      ['update', 'new'],
    ] as const) {
      await sql
        .raw(
          `create function emails_version_${kind}() returns trigger language plpgsql as $$
          begin
            update accounts set emails_version = emails_version + 1
              where id in (select account_id from changed);
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger emails_version_${kind} after ${kind} on emails
          referencing ${transition} table as changed for each statement execute function emails_version_${kind}()`,
        )
        .execute(db);
    }
  },
};
