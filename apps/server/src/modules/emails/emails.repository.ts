import type { Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database, EmailsTable } from '../../db/schema.js';

export type EmailRow = Selectable<EmailsTable>;

/**
 * A page of the inbox, newest first (ties, the emails of one settling, by id, newest id first),
 * with `unreadOnly` the emails not yet read, and the inbox's counts, in one prepared statement
 * (the counts as scalar subqueries, repeated on every row, from the same snapshot as the page):
 * the bell and the inbox are read on every screen, and three statements built by Kysely on each
 * call cost more than reading them. `unreadOnly` changes the query's shape, hence two
 * statements. Arguments: account, limit, offset.
 */
const pageWithCounts = (unreadOnly: boolean) =>
  prepared(3, (db: Kysely<Database>, accountId: number, limit: number, offset: number) =>
    db
      .selectFrom('emails')
      .selectAll('emails')
      .select((eb) => [
        eb
          .selectFrom('emails as unread')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('unread.account_id', '=', accountId)
          .where('unread.read_at', 'is', null)
          .as('unread_count'),
        eb
          .selectFrom('emails as every')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('every.account_id', '=', accountId)
          .as('total_count'),
      ])
      .where('emails.account_id', '=', accountId)
      .$if(unreadOnly, (query) => query.where('emails.read_at', 'is', null))
      .orderBy('emails.created_at', 'desc')
      .orderBy('emails.id', 'desc')
      .limit(limit)
      .offset(offset),
  );
const PAGE_WITH_COUNTS = { all: pageWithCounts(false), unread: pageWithCounts(true) };

/** Reads and marks the inbox; emails are written by the economy's insertEmails, the one writer. */
export const emailsRepository = {
  async countUnread(db: Kysely<Database>, accountId: number): Promise<number> {
    const row = await db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * A page (`pageWithCounts` above) and the counts, from one statement when the page has a row;
   * a page past the end reads the counts on their own.
   */
  async pageWithCounts(
    db: Kysely<Database>,
    accountId: number,
    page: { offset: number; limit: number; unreadOnly: boolean },
  ): Promise<{ rows: EmailRow[]; unread: number; total: number }> {
    const { offset, limit, unreadOnly } = page;
    const query = unreadOnly ? PAGE_WITH_COUNTS.unread : PAGE_WITH_COUNTS.all;
    const rows = await query.execute(db, accountId, limit, offset);
    const first = rows[0];
    if (first !== undefined) {
      return { rows, unread: Number(first.unread_count), total: Number(first.total_count) };
    }
    const [unread, total] = await Promise.all([
      emailsRepository.countUnread(db, accountId),
      emailsRepository.count(db, accountId),
    ]);
    return { rows: [], unread, total };
  },

  async count(db: Kysely<Database>, accountId: number): Promise<number> {
    const row = await db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Another account's email is as unknown as a missing one. */
  async find(db: Kysely<Database>, accountId: number, id: number): Promise<EmailRow | undefined> {
    return db
      .selectFrom('emails')
      .selectAll()
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  },

  /** Keeps the first reading time when an email is marked read twice. */
  async markRead(db: Kysely<Database>, accountId: number, id: number, at: string): Promise<void> {
    await db
      .updateTable('emails')
      .set({ read_at: at })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .execute();
  },
};
