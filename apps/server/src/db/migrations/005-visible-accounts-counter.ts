import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/**
 * The leaderboard's total (accounts not suspended) is read on every page view; counting even a
 * partial index cost ~2.7 ms at 100,000 accounts. A one-row counter makes it one lookup.
 *
 * Triggers keep it exact rather than the code paths that write accounts: registration, the admin
 * CLI, moderation, tests and the bench seeding all insert or update `accounts` directly, and a
 * trigger runs inside whichever transaction made the change. On PostgreSQL the counter's row lock
 * serialises concurrent changes, so the count cannot drift (docs/decisions/121).
 */
export const visibleAccountsCounterMigration: PortableMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('account_counts')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('visible', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into account_counts (id, visible) select 1, count(*) from accounts where suspended_at is null`.execute(
      db,
    );

    if (dialect.name === 'sqlite') {
      await sql`create trigger account_counts_insert after insert on accounts when new.suspended_at is null
        begin update account_counts set visible = visible + 1 where id = 1; end`.execute(db);
      await sql`create trigger account_counts_delete after delete on accounts when old.suspended_at is null
        begin update account_counts set visible = visible - 1 where id = 1; end`.execute(db);
      await sql`create trigger account_counts_update after update of suspended_at on accounts
        when (old.suspended_at is null) <> (new.suspended_at is null)
        begin update account_counts set visible = visible + (case when new.suspended_at is null then 1 else -1 end) where id = 1; end`.execute(
        db,
      );
      return;
    }

    await sql`create function account_counts_change() returns trigger language plpgsql as $$
      declare delta integer := 0;
      begin
        if tg_op in ('INSERT', 'UPDATE') and new.suspended_at is null then delta := delta + 1; end if;
        if tg_op in ('DELETE', 'UPDATE') and old.suspended_at is null then delta := delta - 1; end if;
        if delta <> 0 then update account_counts set visible = visible + delta where id = 1; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger account_counts_change after insert or delete or update of suspended_at on accounts
      for each row execute function account_counts_change()`.execute(db);
  },
};
