/** The one writer of emails: every email (welcome, settling, commandants) is inserted here. */
import type { Kysely } from 'kysely';
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

/** Emails of several accounts in one statement (a transaction that saved several, withAccounts). */
export async function insertEmailsOf(
  trx: Kysely<Database>,
  emails: readonly { accountId: number; email: EmailToSend }[],
): Promise<void> {
  if (emails.length === 0) return;
  await trx
    .insertInto('emails')
    .values(
      emails.map(({ accountId, email }) => ({
        account_id: accountId,
        title: email.title,
        params: JSON.stringify(email.params),
        created_at: toIso(email.at),
        read_at: null,
      })),
    )
    .execute();
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
