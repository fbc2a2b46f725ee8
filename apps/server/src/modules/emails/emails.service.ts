import type { Email, EmailsPage, EmailsQuery } from '@starhold/contract';
import type { AppContext } from '../../context.js';
import { isoAt } from '../../context.js';
import { DomainError } from '../../errors.js';
import { economyDeps, readAccount } from '../economy/index.js';
import { emailsRepository, type EmailRow } from './emails.repository.js';
import { freezePage, inboxCacheFor, inboxPageKey } from './inbox-cache.js';

/** What `isoAt` writes (`toISOString`): such a text is its own canonical form. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An instant as the API writes it; a stored text already in that form is kept, not parsed again. */
function apiInstant(stored: string): string {
  return CANONICAL_ISO.test(stored) ? stored : new Date(stored).toISOString();
}

export function toEmail(row: EmailRow): Email {
  return {
    id: row.id,
    title: row.title,
    params: row.params,
    created_at: apiInstant(row.created_at),
    read: row.read_at !== null,
  };
}

export function createEmailsService(ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'clock'>) {
  const deps = economyDeps(ctx);
  const inbox = inboxCacheFor(ctx.db);
  return {
    /**
     * Settled first on the account's read path (readAccount), which takes no lock unless an event
     * is already due (a research finished a second ago): that one is settled and its email written
     * before the inbox is read, rather than at the scheduler's next pass.
     */
    async list(accountId: number, query: EmailsQuery): Promise<EmailsPage> {
      const version = await readAccount(deps, accountId, ctx.clock(), (read) => read.emailsVersion);
      const key = inboxPageKey(query);
      const kept = version === undefined ? undefined : inbox.get(accountId, version, key);
      if (kept !== undefined) return kept;
      const { offset, limit, unread: unreadOnly } = query;
      const page = await emailsRepository.pageWithCounts(ctx.db, accountId, { offset, limit, unreadOnly });
      const { rows, unread } = page;
      const answer: EmailsPage = {
        data: rows.map(toEmail),
        meta: { offset, limit, total: unreadOnly ? unread : page.total, unread },
      };
      // Kept frozen under the version read with it (decision 252): the same page goes out to every
      // later call until the emails change, and a change this process makes can be followed in it.
      if (page.version !== null) inbox.set(accountId, page.version, key, freezePage(answer));
      return answer;
    },

    async get(accountId: number, id: number): Promise<Email> {
      const row = await emailsRepository.find(ctx.db, accountId, id);
      if (!row) throw new DomainError('NOT_FOUND');
      return toEmail(row);
    },

    /** Marks an email read; the pages kept of the account follow the change (decision 252). */
    async markRead(accountId: number, id: number): Promise<Email> {
      const marked = await emailsRepository.markRead(ctx.db, ctx.dialect, accountId, id, isoAt(ctx.clock()));
      if (marked === undefined) throw new DomainError('NOT_FOUND');
      if (marked.versions !== null)
        inbox.markedRead(accountId, marked.versions.before, marked.versions.after, id);
      return { ...toEmail(marked.row), read: true };
    },
  };
}
