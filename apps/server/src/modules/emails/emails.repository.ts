import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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
