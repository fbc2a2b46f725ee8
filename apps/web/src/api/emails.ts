import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export interface EmailSummary {
  id: number;
  title: string;
  params?: string;
  created_at: string;
  read: boolean;
}

const FIRST_PAGE = { offset: 0, limit: 10 };

/** The header's unread list: the first page filtered client-side; silent, shows nothing on failure. */
export const unreadEmailsQueryOptions = queryOptions({
  queryKey: queryKeys.emails(FIRST_PAGE),
  queryFn: () => api.get<EmailSummary[]>('/me/emails', { query: FIRST_PAGE, silent: true }),
  select: (emails) => (Array.isArray(emails) ? emails.filter((email) => !email.read) : []),
  retry: false,
});

/** `enabled: false` holds the read back (a cached answer still shows). */
export function useUnreadEmails(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadEmailsQueryOptions, enabled: options.enabled ?? true });
}
