/**
 * Throttling rows: one row per sign-in attempt (`login_attempts`, decision 157) or per mail asked
 * for (`mail_requests`, decision 213), keyed by email and address, counted over a sliding window.
 * Both tables have the same columns, so one set of queries serves both.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ThrottleTable = 'login_attempts' | 'mail_requests';

export interface ThrottleRow {
  emailLower: string;
  ip: string;
  /** When the row is written. */
  at: string;
  /** Rows written at or before this time are past the window and deleted first. */
  pruneBefore: string;
}

export function throttleRows(table: ThrottleTable) {
  return {
    /**
     * Writes a row (counted from now on until `forget` takes it back or it leaves the window) and
     * prunes the rows past the window; answers the row's id.
     */
    record: async (db: Kysely<Database>, row: ThrottleRow): Promise<number> => {
      await db.deleteFrom(table).where('created_at', '<=', row.pruneBefore).execute();
      const written = await db
        .insertInto(table)
        .values({ email_lower: row.emailLower, ip: row.ip, created_at: row.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(written.id);
    },

    forget: async (db: Kysely<Database>, id: number): Promise<void> => {
      await db.deleteFrom(table).where('id', '=', id).execute();
    },

    /** Rows written after `since`, for an email, an address, or the pair. */
    count: async (
      db: Kysely<Database>,
      filter: { emailLower?: string; ip?: string; since: string },
    ): Promise<number> => {
      let query = db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('created_at', '>', filter.since);
      if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
      if (filter.emailLower !== undefined) query = query.where('email_lower', '=', filter.emailLower);
      const found = await query.executeTakeFirstOrThrow();
      return Number(found.n);
    },
  };
}
