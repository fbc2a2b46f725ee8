/** The one writer of emails: every email (welcome, settling, commandants) is inserted here. */
import type { Kysely } from 'kysely';
import { preparedForRows } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { toIso } from './economy.mapping.js';

export interface EmailToSend {
  title: string;
  params: Record<string, unknown>;
  at: number;
}

export async function insertEmails(
  trx: Kysely<Database>,
  accountId: number,
  emails: readonly EmailToSend[],
): Promise<void> {
  await insertEmailsOf(
    trx,
    emails.map((email) => ({ accountId, email })),
  );
}

type EmailRow = [accountId: number, title: string, params: string, createdAt: string];

/** The insert of `count` emails, prepared per count (db/prepared.ts). */
const insertEmailRows = preparedForRows<EmailRow, never>(4, (db, rows) =>
  db.insertInto('emails').values(
    rows.map(([accountId, title, params, createdAt]) => ({
      account_id: accountId,
      title,
      params,
      created_at: createdAt,
      read_at: null,
    })),
  ),
);

/** Emails of several accounts in one statement (a transaction that saved several, withAccounts). */
export async function insertEmailsOf(
  trx: Kysely<Database>,
  emails: readonly { accountId: number; email: EmailToSend }[],
): Promise<void> {
  if (emails.length === 0) return;
  await insertEmailRows(
    trx,
    emails.map(({ accountId, email }): EmailRow => [
      accountId,
      email.title,
      JSON.stringify(email.params),
      toIso(email.at),
    ]),
  );
}

/** Planet names by id, for the emails that name a planet. */
export async function planetNames(trx: Kysely<Database>, accountId: number): Promise<Map<number, string>> {
  const rows = await trx
    .selectFrom('planets')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
