import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * `auth_epoch.value` moves whenever a session may have stopped being valid: a refresh-token family
 * revoked (logout, reuse, suspension) or deleted, an account suspended or deleted. A server keeps
 * the access tokens it has fully checked with the epoch of that check; one read of this one-row
 * table per request tells whether the kept answers still stand (docs/decisions/122). Signing in,
 * refreshing and registering do not move it, so it changes only as often as players log out.
 *
 * Triggers, as for the state version (007), so the admin CLI, tests and any later code path that
 * revokes or suspends move it inside their own transaction.
 */
export const authEpochMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('auth_epoch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into auth_epoch (id, value) values (1, 0)`.execute(db);

    const bump = 'update auth_epoch set value = value + 1 where id = 1;';
    if (dialect.name === 'sqlite') {
      const statements = [
        `create trigger auth_epoch_revoked after update of revoked_at on refresh_tokens
          when new.revoked_at is not null and old.revoked_at is null begin ${bump} end`,
        `create trigger auth_epoch_token_deleted after delete on refresh_tokens begin ${bump} end`,
        `create trigger auth_epoch_suspended after update of suspended_at on accounts
          when new.suspended_at is not null begin ${bump} end`,
        `create trigger auth_epoch_account_deleted after delete on accounts begin ${bump} end`,
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
      return;
    }

    await sql
      .raw(
        `create function auth_epoch_bump() returns trigger language plpgsql as $$
      begin ${bump} return null; end $$`,
      )
      .execute(db);
    const statements = [
      `create trigger auth_epoch_revoked after update of revoked_at on refresh_tokens
        for each row when (new.revoked_at is not null and old.revoked_at is null) execute function auth_epoch_bump()`,
      `create trigger auth_epoch_token_deleted after delete on refresh_tokens
        for each statement execute function auth_epoch_bump()`,
      `create trigger auth_epoch_suspended after update of suspended_at on accounts
        for each row when (new.suspended_at is not null) execute function auth_epoch_bump()`,
      `create trigger auth_epoch_account_deleted after delete on accounts
        for each statement execute function auth_epoch_bump()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
