import type { Email, EmailsPage, EmailsQuery } from '@starhold/contract';
import type { AppContext } from '../../context.js';
import { isoAt } from '../../context.js';
import { DomainError } from '../../errors.js';
import { economyDeps, readAccount } from '../economy/index.js';
import { emailsRepository, type EmailRow } from './emails.repository.js';

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
  return {
    /**
     * Settled first on the account's read path (readAccount), which takes no lock unless an event
     * is already due (a research finished a second ago): that one is settled and its email written
     * before the inbox is read, rather than at the scheduler's next pass.
     */
    async list(accountId: number, query: EmailsQuery): Promise<EmailsPage> {
      await readAccount(deps, accountId, ctx.clock(), () => undefined);
      const { offset, limit, unread: unreadOnly } = query;
      const page = await emailsRepository.pageWithCounts(ctx.db, accountId, { offset, limit, unreadOnly });
      const { rows, unread } = page;
      return {
        data: rows.map(toEmail),
        meta: { offset, limit, total: unreadOnly ? unread : page.total, unread },
      };
    },

    async get(accountId: number, id: number): Promise<Email> {
      const row = await emailsRepository.find(ctx.db, accountId, id);
      if (!row) throw new DomainError('NOT_FOUND');
      return toEmail(row);
    },

    async markRead(accountId: number, id: number): Promise<Email> {
      const row = await emailsRepository.find(ctx.db, accountId, id);
      if (!row) throw new DomainError('NOT_FOUND');
      await emailsRepository.markRead(ctx.db, accountId, id, isoAt(ctx.clock()));
      return { ...toEmail(row), read: true };
    },
  };
}
