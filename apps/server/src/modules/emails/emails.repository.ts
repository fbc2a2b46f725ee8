import { sql, type Kysely, type Selectable } from 'kysely';
import { RELAXED_COMMIT, type DialectSeam } from '../../db/dialect.js';
import { compilableRaw, prepared } from '../../db/prepared.js';
import type { Database, EmailsTable } from '../../db/schema.js';

export type EmailRow = Selectable<EmailsTable>;

/** The inbox's unread and total counts as scalar subqueries, aliased apart from an outer `emails`. */
const inboxCounts = (db: Kysely<Database>, accountId: number) =>
  [
    db
      .selectFrom('emails as unread')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .where('unread.account_id', '=', accountId)
      .where('unread.read_at', 'is', null)
      .as('unread_count'),
    db
      .selectFrom('emails as every')
      .select((inner) => inner.fn.countAll<number | string>().as('n'))
      .where('every.account_id', '=', accountId)
      .as('total_count'),
  ] as const;

/**
 * A page of the inbox, newest first (ties, the emails of one settling, by id, newest id first),
 * with `unreadOnly` the emails not yet read, and the inbox's counts and the account's emails
 * version, in one prepared statement (scalar subqueries, repeated on every row, from the same
 * snapshot as the page, so the page is exactly that version's: decision 252):
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
        ...inboxCounts(db, accountId),
        eb
          .selectFrom('accounts')
          .select('accounts.emails_version')
          .where('accounts.id', '=', accountId)
          .as('emails_version'),
      ])
      .where('emails.account_id', '=', accountId)
      .$if(unreadOnly, (query) => query.where('emails.read_at', 'is', null))
      .orderBy('emails.created_at', 'desc')
      .orderBy('emails.id', 'desc')
      .limit(limit)
      .offset(offset),
  );
const PAGE_WITH_COUNTS = { all: pageWithCounts(false), unread: pageWithCounts(true) };

/** The counts and the version alone, for a page past the end of the inbox (no row to carry them). */
const countsAndVersion = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('accounts')
    .select([...inboxCounts(db, accountId), 'accounts.emails_version'])
    .where('accounts.id', '=', accountId),
);

/** What marking an email read changed: its row as it was, and the account's emails version. */
export interface MarkedRead {
  row: EmailRow;
  /** Null when the email was read already: nothing changed, the version stands. */
  versions: { before: number; after: number } | null;
}

const findEmail = prepared(2, (db: Kysely<Database>, accountId: number, id: number) =>
  db.selectFrom('emails').selectAll().where('id', '=', id).where('account_id', '=', accountId),
);
const emailsVersionOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('accounts').select('emails_version').where('id', '=', accountId),
);
const markUnreadRead = prepared(3, (db: Kysely<Database>, accountId: number, id: number, at: string) =>
  db
    .updateTable('emails')
    .set({ read_at: at })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null),
);
/**
 * PostgreSQL: the email, the account's version (its row locked first, as settling locks the
 * account before writing its emails) and the update, in one statement and one round trip. The
 * statement-level trigger of migration 018 moves the version by exactly one when the update
 * changed the row; the lock keeps every other change out until the commit. `relaxed`: the
 * statement's transaction commits without waiting for the log's flush, as game writes do
 * (decisions 208 and 257: a crash of the database server could at worst show the email unread again).
 */
const markReadPgStatement = (relaxed: boolean) =>
  prepared(3, (db: Kysely<Database>, accountId: number, id: number, at: string) =>
    compilableRaw<
      EmailRow & { version_before: number | string | null; marked: number | string; commit_mode?: string }
    >(
      db,
      sql`with account as (select emails_version from accounts where id = ${accountId} for update),
      marked as (
        update emails set read_at = ${at}
        where id = ${id} and account_id = ${accountId} and read_at is null
        returning id
      )
      select emails.*, (select emails_version from account) as version_before,
        (select count(*) from marked) as marked${sql.raw(relaxed ? `, ${RELAXED_COMMIT} as commit_mode` : '')}
      from emails where emails.id = ${id} and emails.account_id = ${accountId}`,
    ),
  );
const MARK_READ_PG = { relaxed: markReadPgStatement(true), durable: markReadPgStatement(false) };

/** Reads and marks the inbox; emails are written by the economy's insertEmails, the one writer. */
export const emailsRepository = {
  /**
   * A page (`pageWithCounts` above), the counts and the emails version it was read at, from one
   * statement when the page has a row; a page past the end reads the counts and the version in a
   * second one. The version is null when the account is gone.
   */
  async pageWithCounts(
    db: Kysely<Database>,
    accountId: number,
    page: { offset: number; limit: number; unreadOnly: boolean },
  ): Promise<{ rows: EmailRow[]; unread: number; total: number; version: number | null }> {
    const { offset, limit, unreadOnly } = page;
    const query = unreadOnly ? PAGE_WITH_COUNTS.unread : PAGE_WITH_COUNTS.all;
    const rows = await query.execute(db, accountId, limit, offset);
    const counted = rows[0] ?? (await countsAndVersion.executeTakeFirst(db, accountId));
    if (counted === undefined) return { rows: [], unread: 0, total: 0, version: null };
    return {
      rows,
      unread: Number(counted.unread_count),
      total: Number(counted.total_count),
      version: counted.emails_version === null ? null : Number(counted.emails_version),
    };
  },

  /** Another account's email is as unknown as a missing one. */
  async find(db: Kysely<Database>, accountId: number, id: number): Promise<EmailRow | undefined> {
    return findEmail.executeTakeFirst(db, accountId, id);
  },

  /**
   * Marks an email read (keeping the first reading time when it was read already) and tells the
   * account's emails version before and after the change, from one transaction that no other
   * change to the account's emails can enter: what the kept inbox pages need to follow the change
   * (decision 252). Undefined when the account has no such email.
   */
  async markRead(
    db: Kysely<Database>,
    dialect: DialectSeam,
    accountId: number,
    id: number,
    at: string,
  ): Promise<MarkedRead | undefined> {
    // PostgreSQL, where each statement is a round trip: the one statement of markReadPgStatement.
    if (dialect.guardedSingleStatementWrites) {
      const statement = dialect.relaxedCommit === null ? MARK_READ_PG.durable : MARK_READ_PG.relaxed;
      const found = await statement.executeTakeFirst(db, accountId, id, at);
      if (found === undefined) return undefined;
      const { version_before: before, marked, commit_mode: _commitMode, ...row } = found;
      return {
        row,
        versions:
          Number(marked) === 1 && before !== null
            ? { before: Number(before), after: Number(before) + 1 }
            : null,
      };
    }
    // SQLite: the write transaction holds the database's one write lock from its first statement.
    return dialect.writeTransaction(db, async (trx) => {
      const row = await findEmail.executeTakeFirst(trx, accountId, id);
      if (row === undefined) return undefined;
      if (row.read_at !== null) return { row, versions: null };
      const before = await emailsVersionOf.executeTakeFirst(trx, accountId);
      const { numAffectedRows } = await markUnreadRead.run(trx, accountId, id, at);
      const after = await emailsVersionOf.executeTakeFirst(trx, accountId);
      return {
        row,
        versions:
          Number(numAffectedRows ?? 0) === 1 && before !== undefined && after !== undefined
            ? { before: Number(before.emails_version), after: Number(after.emails_version) }
            : null,
      };
    });
  },
};
