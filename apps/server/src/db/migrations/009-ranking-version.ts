import { sql } from 'kysely';
import type { PortableMigration } from './index.js';

/** What a leaderboard row shows or is ordered and filtered by. */
const RANKING_COLUMNS =
  'username, race_id, total_points, economy_points, science_points, military_points, suspended_at';

/**
 * SQLite only: `ranking_version.value` moves with every change a leaderboard page could show (a
 * new, deleted or suspended account, a name, race or points change), so a server may keep the
 * pages it has read and serve them again while the version stands (docs/decisions/122). Reading
 * a page walks 25 rows of a ranking index and the table (~80 µs at 100,000 accounts); the
 * version is one row.
 *
 * Not on PostgreSQL: there every settling transaction of every player would queue on this one
 * row's lock, and the leaderboard is read from the indexes each time.
 */
export const rankingVersionMigration: PortableMigration = {
  async up(db, dialect) {
    if (!dialect.keepsRankingVersion) return;
    await db.schema
      .createTable('ranking_version')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into ranking_version (id, value) values (1, 0)`.execute(db);
    const bump = 'update ranking_version set value = value + 1 where id = 1;';
    for (const statement of [
      `create trigger ranking_version_insert after insert on accounts begin ${bump} end`,
      `create trigger ranking_version_delete after delete on accounts begin ${bump} end`,
      `create trigger ranking_version_update after update of ${RANKING_COLUMNS} on accounts begin ${bump} end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  },
};
