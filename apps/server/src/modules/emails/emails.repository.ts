import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailsTable } from '../../db/schema.js';

export type EmailRow = Selectable<EmailsTable>;

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
   * Newest first; ties (emails of one settling) by id, newest id first. `unreadOnly` keeps the
   * emails not yet read.
   */
  async page(
    db: Kysely<Database>,
    accountId: number,
    page: { offset: number; limit: number; unreadOnly: boolean },
  ): Promise<EmailRow[]> {
    const { offset, limit, unreadOnly } = page;
    return db
      .selectFrom('emails')
      .selectAll()
      .where('account_id', '=', accountId)
      .$if(unreadOnly, (query) => query.where('read_at', 'is', null))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
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
