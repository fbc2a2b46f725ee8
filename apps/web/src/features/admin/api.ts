import type {
  AdminAccountDetail,
  AdminAccountRow,
  AdminAuditEntry,
  AdminNmiBody,
  AdminReasonBody,
} from '@starhold/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const ADMIN_PAGE_SIZE = 25;
const adminKey = ['admin'] as const;

export type SuspendedFilter = 'all' | 'active' | 'suspended';

export interface AccountsPage {
  rows: AdminAccountRow[];
  total: number;
}

/** One server-side page of the account search (the previous stays on screen while the next loads). */
export function useAdminAccounts(q: string, filter: SuspendedFilter, page: number) {
  const query = {
    q,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
    limit: ADMIN_PAGE_SIZE,
    ...(filter === 'all' ? {} : { suspended: filter === 'suspended' }),
  };
  return useQuery({
    queryKey: [...adminKey, 'accounts', query],
    queryFn: async (): Promise<AccountsPage> => {
      const answer = await api.request<AdminAccountRow[]>('GET', '/admin/accounts', { query });
      return { rows: answer.data, total: answer.meta?.total ?? answer.data.length };
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminAccount(id: number) {
  return useQuery({
    queryKey: [...adminKey, 'account', id],
    queryFn: () => api.get<AdminAccountDetail>(`/admin/accounts/${id}`),
  });
}

export function useAdminAudit(limit: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...adminKey, 'audit', limit],
    queryFn: () => api.get<AdminAuditEntry[]>('/admin/audit', { query: { limit } }),
  });
}

export type AdminActionInput =
  | { kind: 'suspend' | 'reinstate'; accountId: number; body: AdminReasonBody }
  | { kind: 'nmi'; accountId: number; body: AdminNmiBody }
  | { kind: 'end_fleet'; accountId: number; fleetId: number; body: AdminReasonBody };

function actionPath(input: AdminActionInput): string {
  const account = `/admin/accounts/${input.accountId}`;
  return input.kind === 'end_fleet' ? `${account}/fleets/${input.fleetId}/end` : `${account}/${input.kind}`;
}

/** One operator action; success refreshes the whole console (lists, the account, the audit log). */
export function useAdminAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminActionInput) => api.post<AdminAuditEntry>(actionPath(input), input.body),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
