import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export const meRepository = {
  findAccount(db: Kysely<Database>, accountId: number) {
    return db
      .selectFrom('accounts')
      .select([
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
      ])
      .where('id', '=', accountId)
      .executeTakeFirst();
  },
};
