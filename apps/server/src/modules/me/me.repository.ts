import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/** The account row with its unread email count: one round trip for GET /me, read on every screen. */
const accountWithUnread = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('accounts')
    .select((eb) => [
      'id',
      'username',
      'email',
      'race_id',
      'focus_planet_index',
      'nmi',
      'total_points',
      'economy_points',
      'science_points',
      'military_points',
      'next_event_at',
      eb
        .selectFrom('emails')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('emails.account_id', '=', 'accounts.id')
        .where('emails.read_at', 'is', null)
        .as('unread'),
    ])
    .where('id', '=', accountId),
);

export const meRepository = {
  async findAccount(db: Kysely<Database>, accountId: number) {
    const row = await accountWithUnread.executeTakeFirst(db, accountId);
    return row === undefined ? undefined : { ...row, unread: Number(row.unread ?? 0) };
  },
};
