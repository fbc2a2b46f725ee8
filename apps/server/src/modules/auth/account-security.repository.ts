/** The rows behind sessions lists, emailed links and reset throttling (migration 012). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { throttleRows } from './throttle-rows.repository.js';

const mailRequests = throttleRows('mail_requests');

export type LinkPurpose = 'password_reset' | 'email_change';

export const accountSecurityRepository = {
  findAccount(db: Kysely<Database>, accountId: number) {
    return db
      .selectFrom('accounts')
      .select(['id', 'username', 'email', 'email_lower', 'password_hash', 'suspended_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  },

  findAccountByEmail(db: Kysely<Database>, emailLower: string) {
    return db
      .selectFrom('accounts')
      .select(['id', 'username', 'email', 'suspended_at'])
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
  },

  async emailTakenByOther(db: Kysely<Database>, emailLower: string, accountId: number): Promise<boolean> {
    const row = await db
      .selectFrom('accounts')
      .select('id')
      .where('email_lower', '=', emailLower)
      .where('id', '!=', accountId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async setPassword(db: Kysely<Database>, accountId: number, passwordHash: string): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash })
      .where('id', '=', accountId)
      .execute();
  },

  async setEmail(db: Kysely<Database>, accountId: number, email: string): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ email, email_lower: email.toLowerCase() })
      .where('id', '=', accountId)
      .execute();
  },

  /** The account's live sessions: each family's token not yet used, revoked or expired. */
  liveTokens(db: Kysely<Database>, accountId: number, now: string) {
    return db
      .selectFrom('refresh_tokens')
      .select(['family', 'user_agent', 'ip', 'created_at'])
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  },

  /** Per family: its first token's id (the session's stable id) and when it was opened. */
  familyStarts(db: Kysely<Database>, accountId: number, families: string[]) {
    if (families.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('refresh_tokens')
      .select((eb) => [
        'family',
        eb.fn.min<number>('id').as('first_id'),
        eb.fn.min<string>('created_at').as('opened_at'),
      ])
      .where('account_id', '=', accountId)
      .where('family', 'in', families)
      .groupBy('family')
      .execute();
  },

  async familyOfToken(db: Kysely<Database>, accountId: number, tokenId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('refresh_tokens')
      .select('family')
      .where('id', '=', tokenId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.family;
  },

  /** Revokes the account's live families, all or all but `keep`; answers how many ended. */
  async revokeFamilies(
    db: Kysely<Database>,
    accountId: number,
    now: string,
    filter: { keep?: string; only?: string } = {},
  ): Promise<number> {
    let query = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null);
    if (filter.keep !== undefined) query = query.where('family', '!=', filter.keep);
    if (filter.only !== undefined) query = query.where('family', '=', filter.only);
    const families = await db
      .selectFrom('refresh_tokens')
      .select('family')
      .distinct()
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .$if(filter.keep !== undefined, (q) => q.where('family', '!=', filter.keep ?? ''))
      .$if(filter.only !== undefined, (q) => q.where('family', '=', filter.only ?? ''))
      .execute();
    await query.execute();
    return families.length;
  },

  async insertLink(
    db: Kysely<Database>,
    link: {
      accountId: number;
      purpose: LinkPurpose;
      hash: string;
      newEmail: string | null;
      createdAt: string;
      expiresAt: string;
    },
  ): Promise<void> {
    await db
      .insertInto('account_links')
      .values({
        account_id: link.accountId,
        purpose: link.purpose,
        hash: link.hash,
        new_email: link.newEmail,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        used_at: null,
      })
      .execute();
  },

  /**
   * Earlier links of the purpose (or of every purpose) stop working: only the latest mail's link
   * does, and a change of password or email retires what was mailed before it.
   */
  async retireLinks(
    db: Kysely<Database>,
    accountId: number,
    purpose: LinkPurpose | 'all',
    now: string,
  ): Promise<void> {
    let query = db
      .updateTable('account_links')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null);
    if (purpose !== 'all') query = query.where('purpose', '=', purpose);
    await query.execute();
  },

  /** Whether an unused, unexpired link of the purpose has this hash (read only: `spendLink` spends it). */
  async isLiveLink(db: Kysely<Database>, purpose: LinkPurpose, hash: string, now: string): Promise<boolean> {
    const row = await db
      .selectFrom('account_links')
      .select('id')
      .where('hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Spends a link: only an unused, unexpired link of the purpose, and of two concurrent uses only
   * one (guarded update). Answers its account and new email, or undefined.
   */
  async spendLink(db: Kysely<Database>, purpose: LinkPurpose, hash: string, now: string) {
    return db
      .updateTable('account_links')
      .set({ used_at: now })
      .where('hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['account_id', 'new_email'])
      .executeTakeFirst();
  },

  async pruneLinks(db: Kysely<Database>, before: string): Promise<void> {
    await db.deleteFrom('account_links').where('expires_at', '<=', before).execute();
  },

  /** The reset and confirmation mails asked for, per email and per address (throttled like sign-ins). */
  recordMailRequest: mailRequests.record,
  forgetMailRequest: mailRequests.forget,
  countMailRequests: mailRequests.count,
};
