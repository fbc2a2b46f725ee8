import type { AccountsPage, AccountsQuery, PublicProfile } from '@starhold/contract';
import type { AppContext } from '../../context.js';
import { DomainError } from '../../errors.js';
import { accountsRepository } from './accounts.repository.js';

/**
 * Points are read from the account rows: every settling stores them, and the scheduler settles
 * each account when its next event falls due, so the stored values are the settled ones.
 */
export function createAccountsService(ctx: Pick<AppContext, 'db'>) {
  return {
    async ranking(viewerId: number, query: AccountsQuery): Promise<AccountsPage> {
      const [rows, total] = await Promise.all([
        accountsRepository.ranking(ctx.db, query.order_by, query.offset, query.limit),
        accountsRepository.countVisible(ctx.db),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          rank: row.rank,
          username: row.username,
          race: { id: row.race_id },
          total_points: row.total_points,
          economy_points: row.economy_points,
          science_points: row.science_points,
          military_points: row.military_points,
          is_me: row.id === viewerId,
        })),
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
        id: account.id,
        rank,
        username: account.username,
        race: { id: account.race_id },
        total_points: account.total_points,
        economy_points: account.economy_points,
        science_points: account.science_points,
        military_points: account.military_points,
        is_me: account.id === viewerId,
        planets: planets.map((planet) => ({
          name: planet.name,
          index: planet.idx,
          system: { id: planet.system_id, name: planet.system_name },
        })),
      };
    },
  };
}
