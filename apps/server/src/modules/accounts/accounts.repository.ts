import { sql, type Kysely } from 'kysely';
import type { AccountOrderBy } from '@starhold/contract';
import { coalescedRead, perDatabase } from '../../db/coalesce.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

export interface RankedAccountRow {
  id: number;
  username: string;
  race_id: number;
  total_points: number;
  economy_points: number;
  science_points: number;
  military_points: number;
  rank: number;
}

/** What the leaderboard and a public profile show of an account. */
const PUBLIC_COLUMNS = [
  'id',
  'username',
  'race_id',
  'total_points',
  'economy_points',
  'science_points',
  'military_points',
] as const;

/** Points columns rank highest first, usernames alphabetically (case-insensitive); ties by account id. */
function rankingOrder(orderBy: AccountOrderBy) {
  if (orderBy === 'username') return sql`username_lower asc, id asc`;
  return sql`${sql.ref(orderBy)} desc, id asc`;
}

const rankingVersionQuery = prepared(0, (db: Kysely<Database>) =>
  db.selectFrom('ranking_version').select('value').where('id', '=', 1),
);

/** Suspended accounts are out of the ranking and their profiles (docs/decisions/100). */
const coalescedRankingVersion = perDatabase((db) =>
  coalescedRead(async () => Number((await rankingVersionQuery.executeTakeFirst(db))?.value ?? 0)),
);

export const accountsRepository = {
  /**
   * One page of the ranking. The rank is the place in the chosen order, so it is the page's offset
   * plus the row's position: paging straight down the ranking indexes (migration 003) instead of
   * numbering every account first, which cost a scan and sort of the whole table per request.
   */
  async ranking(
    db: Kysely<Database>,
    orderBy: AccountOrderBy,
    offset: number,
    limit: number,
  ): Promise<RankedAccountRow[]> {
    const rows = await db
      .selectFrom('accounts')
      .select(PUBLIC_COLUMNS)
      .where('suspended_at', 'is', null)
      .orderBy(rankingOrder(orderBy))
      .offset(offset)
      .limit(limit)
      .execute();
    // A literal rather than `{ ...row, rank }` (a spread then a new key is slow on Node 20; decision 127).
    return rows.map((row, position) => ({
      id: row.id,
      username: row.username,
      race_id: row.race_id,
      total_points: row.total_points,
      economy_points: row.economy_points,
      science_points: row.science_points,
      military_points: row.military_points,
      rank: offset + position + 1,
    }));
  },

  /**
   * SQLite only (migration 009): moves with every change a leaderboard page could show. Shared by
   * the requests of the same moment, from a read started after the call (db/coalesce.ts).
   */
  rankingVersion(db: Kysely<Database>): Promise<number> {
    return coalescedRankingVersion(db)();
  },

  /** The counter row kept exact by the triggers of migration 005, instead of counting the accounts. */
  async countVisible(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('account_counts')
      .select('visible')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.visible);
  },

  async findVisible(db: Kysely<Database>, id: number) {
    return db
      .selectFrom('accounts')
      .select(PUBLIC_COLUMNS)
      .where('id', '=', id)
      .where('suspended_at', 'is', null)
      .executeTakeFirst();
  },

  /** Place by total points among visible accounts, ties by account id (as in the ranking). */
  async totalRank(db: Kysely<Database>, account: { id: number; total_points: number }): Promise<number> {
    const row = await db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('suspended_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('total_points', '>', account.total_points),
          eb.and([eb('total_points', '=', account.total_points), eb('id', '<', account.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n) + 1;
  },

  async planets(db: Kysely<Database>, accountId: number) {
    return db
      .selectFrom('planets')
      .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .select(['planets.name', 'planets.idx', 'systems.id as system_id', 'systems.name as system_name'])
      .where('planets.account_id', '=', accountId)
      .orderBy('planets.idx')
      .execute();
  },
};
