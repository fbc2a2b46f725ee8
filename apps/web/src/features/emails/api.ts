import type { Email, EmailsPageMeta } from '@starhold/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const INBOX_PAGE_SIZE = 50;

interface InboxPage {
  data: Email[];
  meta: EmailsPageMeta;
}

/** The inbox, newest first, a page of 50 at a time ("load more" fetches the next). */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: [...queryKeys.me, 'emails', 'inbox'],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const page = await api.request<Email[]>('GET', '/me/emails', {
        query: { offset: pageParam, limit: INBOX_PAGE_SIZE },
      });
      return { data: page.data, meta: page.meta as EmailsPageMeta } satisfies InboxPage;
    },
    getNextPageParam: (last) => {
      const next = last.meta.offset + last.data.length;
      return next < last.meta.total ? next : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export function useEmail(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.me, 'emails', 'detail', id],
    queryFn: () => api.get<Email>(`/me/emails/${id}`),
    enabled: id !== null,
    retry: false,
  });
}

/** Marks read, then refreshes everything under ['me']: the inbox, the header list and the unread count. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<Email>(`/me/emails/${id}`, undefined, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
