import { ACCOUNT_ORDER_BY, type AccountOrderBy } from '@starhold/contract';

export interface RankingParams {
  page: number;
  orderBy: AccountOrderBy;
}

/** Reads ?page=&order_by= leniently: anything unknown falls back to page 1 by total points. */
export function readRankingParams(params: URLSearchParams): RankingParams {
  const page = Number(params.get('page'));
  const orderBy = params.get('order_by');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    orderBy: ACCOUNT_ORDER_BY.includes(orderBy as AccountOrderBy)
      ? (orderBy as AccountOrderBy)
      : 'total_points',
  };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
