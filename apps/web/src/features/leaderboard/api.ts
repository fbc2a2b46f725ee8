import type { AccountOrderBy, AccountRankingRow } from '@starhold/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const LEADERBOARD_PAGE_SIZE = 25;

export interface RankingPage {
  rows: AccountRankingRow[];
  total: number;
}

/** One server-side page of the ranking; the previous page stays on screen while the next loads. */
export function useRanking(page: number, orderBy: AccountOrderBy) {
  const query = {
    offset: (page - 1) * LEADERBOARD_PAGE_SIZE,
    limit: LEADERBOARD_PAGE_SIZE,
    order_by: orderBy,
  };
  return useQuery({
    queryKey: ['accounts', query],
    queryFn: async (): Promise<RankingPage> => {
      const answer = await api.request<AccountRankingRow[]>('GET', '/accounts', { query });
      return { rows: answer.data, total: answer.meta?.total ?? answer.data.length };
    },
    placeholderData: keepPreviousData,
  });
}
