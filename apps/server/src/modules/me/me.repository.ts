import type { Kysely } from 'kysely';
import { coalescedRowsById } from '../../db/coalesce.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/** The account row with its unread email count: one round trip for GET /me, read on every screen. */
const accountsWithUnread = (db: Kysely<Database>) =>
  db.selectFrom('accounts').select((eb) => [
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
    'operator',
    eb
      .selectFrom('emails')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('emails.account_id', '=', 'accounts.id')
      .where('emails.read_at', 'is', null)
      .as('unread'),
  ]);
const accountWithUnread = prepared(1, (db: Kysely<Database>, accountId: number) =>
  accountsWithUnread(db).where('id', '=', accountId),
);
/** The same outside a transaction, shared by the GET /me calls of the same moment (db/coalesce.ts). */
const accountWithUnreadNow = coalescedRowsById((db: Kysely<Database>, ids: number[]) =>
  accountsWithUnread(db).where('id', 'in', ids),
);

export const meRepository = {
  async findAccount(db: Kysely<Database>, accountId: number) {
    const row = await accountWithUnread.executeTakeFirst(db, accountId);
    return row === undefined ? undefined : { ...row, unread: Number(row.unread ?? 0) };
  },

  /** `findAccount` for reads outside a transaction, from a read started after the call. */
  async findAccountNow(db: Kysely<Database>, accountId: number) {
    const row = await accountWithUnreadNow(db, accountId);
    return row === undefined ? undefined : { ...row, unread: Number(row.unread ?? 0) };
  },
};
