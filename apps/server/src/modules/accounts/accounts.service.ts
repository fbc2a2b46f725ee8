import type { AccountRankingRow, AccountsPage, AccountsQuery, PublicProfile } from '@starhold/contract';
import type { AppContext } from '../../context.js';
import { coalescedReads } from '../../db/coalesce.js';
import { DomainError } from '../../errors.js';
import { accountsRepository, type RankedAccountRow } from './accounts.repository.js';

/** Leaderboard pages kept per process (keepsRankingVersion); the most visited are the first few. */
const MAX_KEPT_PAGES = 500;

const pageKey = (query: AccountsQuery): string => `${query.order_by}:${query.offset}:${query.limit}`;

/** An account as the leaderboard shows it (a literal, field by field: the ranking's hot path). */
function rankedAccount(
  row: Omit<RankedAccountRow, 'rank'>,
  rank: number,
  viewerId: number,
): AccountRankingRow {
  return {
    id: row.id,
    rank,
    username: row.username,
    race: { id: row.race_id },
    total_points: row.total_points,
    economy_points: row.economy_points,
    science_points: row.science_points,
    military_points: row.military_points,
    is_me: row.id === viewerId,
  };
}

/**
 * Points are read from the account rows: every settling stores them, and the scheduler settles
 * each account when its next event falls due, so the stored values are the settled ones.
 */
export function createAccountsService(ctx: Pick<AppContext, 'db' | 'dialect'>) {
  // Where the database keeps a ranking version (SQLite, migration 009): pages read at a version,
  // served again while it stands.
  const pages = new Map<string, { version: number; rows: RankedAccountRow[]; total: number }>();

  // Elsewhere (PostgreSQL): the requests of the same moment share one read per page and one count
  // (db/coalesce.ts), each still seeing every change committed before it asked.
  const sharedPages = coalescedReads<string, { rows: RankedAccountRow[]; total: number }, AccountsQuery>(
    async (keys, queries) => {
      const [total, ...pageRows] = await Promise.all([
        accountsRepository.countVisible(ctx.db),
        ...keys.map((key) => {
          const query = queries.get(key);
          if (query === undefined) throw new Error(`no query asked for page ${key}`);
          return accountsRepository.ranking(ctx.db, query.order_by, query.offset, query.limit);
        }),
      ]);
      return new Map(keys.map((key, index) => [key, { rows: pageRows[index] ?? [], total }]));
    },
  );

  /** A page kept while the ranking version it was read at stands. */
  async function versionedPage(query: AccountsQuery): Promise<{ rows: RankedAccountRow[]; total: number }> {
    const key = pageKey(query);
    const version = await accountsRepository.rankingVersion(ctx.db);
    const kept = pages.get(key);
    if (kept !== undefined && kept.version === version) return kept;
    // The version was read first: a change committed meanwhile moves it past what is kept here.
    const fresh = await Promise.all([
      accountsRepository.ranking(ctx.db, query.order_by, query.offset, query.limit),
      accountsRepository.countVisible(ctx.db),
    ]).then(([rows, total]) => ({ rows, total }));
    if (pages.size >= MAX_KEPT_PAGES) pages.clear();
    pages.set(key, { version, ...fresh });
    return fresh;
  }

  /** A page read each time, shared with the requests of the same moment. */
  async function sharedPage(query: AccountsQuery): Promise<{ rows: RankedAccountRow[]; total: number }> {
    const key = pageKey(query);
    const shared = await sharedPages.get(key, query);
    if (shared === undefined) throw new Error(`page ${key} was not read`);
    return shared;
  }

  const page = ctx.dialect.keepsRankingVersion ? versionedPage : sharedPage;

  return {
    async ranking(viewerId: number, query: AccountsQuery): Promise<AccountsPage> {
      const { rows, total } = await page(query);
      return {
        data: rows.map((row) => rankedAccount(row, row.rank, viewerId)),
        meta: { offset: query.offset, limit: query.limit, total },
      };
    },

    async profile(viewerId: number, id: number): Promise<PublicProfile> {
      const account = await accountsRepository.findVisible(ctx.db, id);
      if (!account) throw new DomainError('NOT_FOUND');
      const [rank, planets] = await Promise.all([
        accountsRepository.totalRank(ctx.db, account),
        accountsRepository.planets(ctx.db, id),
      ]);
      return {
        ...rankedAccount(account, rank, viewerId),
        planets: planets.map((planet) => ({
          name: planet.name,
          index: planet.idx,
          system: { id: planet.system_id, name: planet.system_name },
        })),
      };
    },
  };
}
