import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailsTable } from '../../db/schema.js';

export interface NewEmail {
  accountId: number;
  /** A translation key: welcome, construction_failed, research_finished, ... */
  title: string;
  params: Record<string, unknown>;
  createdAt: string;
}

export const emailsRepository = {
  async insertEmail(db: Kysely<Database>, email: NewEmail): Promise<number> {
    const row = await db
      .insertInto('emails')
      .values({
        account_id: email.accountId,
        title: email.title,
        params: JSON.stringify(email.params),
        created_at: email.createdAt,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async countUnread(db: Kysely<Database>, accountId: number): Promise<number> {
    const row = await db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

export type EmailRow = Selectable<EmailsTable>;

export const emailsReader = {
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
