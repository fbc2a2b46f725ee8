import type { Email } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

const UNREAD_PAGE = { offset: 0, limit: 10 };

/**
 * The bell's list: the ten newest unread emails (GET /me/emails?unread=true); silent, shows
 * nothing on failure. The bell's count is /me's `email_not_read_count`, not this list's length.
 */
export const unreadEmailsQueryOptions = queryOptions({
  queryKey: [...queryKeys.emails(UNREAD_PAGE), 'unread'],
  queryFn: () => api.get<Email[]>('/me/emails', { query: { ...UNREAD_PAGE, unread: 'true' }, silent: true }),
  select: (emails) => (Array.isArray(emails) ? emails : []),
  retry: false,
});

/** `enabled: false` holds the read back (a cached answer still shows). */
export function useUnreadEmails(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadEmailsQueryOptions, enabled: options.enabled ?? true });
}
