import type { PortableMigration } from './index.js';

const POINTS_COLUMNS = ['total_points', 'economy_points', 'science_points', 'military_points'] as const;

/**
 * The leaderboard orders by one points column (highest first, ties by id) over visible accounts,
 * and a profile's rank counts the accounts above it. With 100,000 accounts both scanned and
 * sorted the whole table; these indexes give them the order ready-made (docs/decisions/120).
 */
export const rankingIndexesMigration: PortableMigration = {
  async up(db) {
    for (const column of POINTS_COLUMNS) {
      await db.schema
        .createIndex(`accounts_rank_${column}`)
        .on('accounts')
        .columns([`${column} desc`, 'id'])
        .execute();
    }
  },
};
