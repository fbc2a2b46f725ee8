import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * Operators and their audit log (issue 23, decision 220).
 *
 * `accounts.operator` (0/1) opens the admin console and its API; `npm run admin -- promote` and
 * `demote` set it. `admin_audit` records every operator action, from the console or the command
 * line: who (the operator's id and name, or none for the command line), what, to whom, the values
 * before and after (JSON), the reason and when. Rows keep the names as they were, without foreign
 * keys, so deleting an account keeps what was done to it. The table is append-only: triggers refuse
 * any update or delete, whatever path tries it.
 */
export const operatorsMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .alterTable('accounts')
      .addColumn('operator', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('admin_audit')
      .addColumn('id', 'integer', (c) => dialect.identity(c))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('operator_id', 'integer')
      .addColumn('operator_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_account_id', 'integer')
      .addColumn('target_name', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('before', 'text', (c) => c.notNull())
      .addColumn('after', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('admin_audit_target_idx')
      .on('admin_audit')
      .columns(['target_account_id', 'id'])
      .execute();

    if (dialect.name === 'sqlite') {
      for (const statement of [
        `create trigger admin_audit_no_update before update on admin_audit
          begin select raise(abort, 'admin_audit is append-only'); end`,
        `create trigger admin_audit_no_delete before delete on admin_audit
          begin select raise(abort, 'admin_audit is append-only'); end`,
      ])
        await sql.raw(statement).execute(db);
      return;
    }
    await sql
      .raw(
        `create function admin_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'admin_audit is append-only'; end $$`,
      )
      .execute(db);
    for (const statement of [
      `create trigger admin_audit_no_update before update on admin_audit
        for each row execute function admin_audit_append_only()`,
      `create trigger admin_audit_no_delete before delete on admin_audit
        for each row execute function admin_audit_append_only()`,
    ])
      await sql.raw(statement).execute(db);
  },
};
