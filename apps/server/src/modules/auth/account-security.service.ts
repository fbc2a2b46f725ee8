/**
 * Accounts a player can trust (issue 22, decision 213): change of password, reset by mail,
 * sessions list and sign-out, email change confirmed by mail, deletion of the account.
 */
import { createHash } from 'node:crypto';
import type {
  ChangePasswordBody,
  DeleteAccountBody,
  EmailChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  SessionInfo,
} from '@starhold/contract';
import type { AppContext } from '../../context.js';
import { isoAt } from '../../context.js';
import { DomainError } from '../../errors.js';
import { deleteAccount } from '../../admin/account-removal.js';
import { announceSessionsEnded } from '../events/index.js';
import { emailChangeMail, passwordResetMail, type MailLanguage, type Mailer } from '../mail/index.js';
import { accountSecurityRepository as repo, type LinkPurpose } from './account-security.repository.js';
import { authRepository } from './auth.repository.js';
import type { AuthContext } from './auth.service.js';
import {
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  MAX_FAILURES_PER_ADDRESS,
} from './auth.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { describeDevice } from './user-agent.js';

/** An emailed link works once, within 30 minutes. */
export const LINK_TTL_MS = 30 * 60 * 1000;
/** Mails asked for per email (any address) and per address (any email) within LOGIN_WINDOW_MS. */
export const MAX_MAILS_PER_EMAIL = 5;
export const MAX_MAILS_PER_ADDRESS = 20;

const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface MailLog {
  error(object: object, message: string): void;
}

export function createAccountSecurityService(
  ctx: AppContext,
  mailer: Mailer,
  log: MailLog,
  publicUrl: string,
) {
  const { db, dialect, clock, random } = ctx;
  /** After the commit: the ended sessions' open streams close at once, in every process (decision 243). */
  const sessionsEnded = (accountId: number) =>
    announceSessionsEnded(ctx.events, db, accountId, (error) =>
      log.error({ err: error }, 'sessions-ended announcement failed'),
    );
  /** Mails being prepared or sent after the answer left: tests and shutdown can wait for them. */
  const pending = new Set<Promise<void>>();

  /**
   * Runs `work` once the answer has left: not before the next turn of the event loop, since the
   * lookup would otherwise run (synchronously, on SQLite) ahead of the answer and show in its time.
   */
  function background(work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'account mail failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  /**
   * The password of a signed-in account, checked under the sign-in limits (decisions 022, 024,
   * 157): a stolen session cannot guess it faster than a sign-in could. Counted before the check.
   */
  async function checkPassword(accountId: number, password: string, ip: string, field = 'password') {
    const account = await repo.findAccount(db, accountId);
    if (!account) throw new DomainError('UNAUTHORIZED');
    const now = clock();
    const since = isoAt(now - LOGIN_WINDOW_MS);
    const emailLower = account.email_lower;
    const attempt = await authRepository.recordAttempt(db, {
      emailLower,
      ip,
      at: isoAt(now),
      pruneBefore: since,
    });
    const [pair, address, all] = await Promise.all([
      authRepository.countFailures(db, { emailLower, ip, since }),
      authRepository.countFailures(db, { ip, since }),
      authRepository.countFailures(db, { emailLower, since }),
    ]);
    if (
      pair > MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS ||
      address > MAX_FAILURES_PER_ADDRESS ||
      (all > MAX_FAILURES_PER_ACCOUNT && !(await authRepository.isKnownAddress(db, accountId, ip)))
    ) {
      await authRepository.forgetAttempt(db, attempt);
      throw new DomainError('TOO_MANY_REQUESTS');
    }
    if (!(await verifyPassword(account.password_hash, password))) {
      throw new DomainError('WRONG_PASSWORD', { fields: { [field]: 'WRONG_PASSWORD' } });
    }
    await authRepository.clearFailures(db, emailLower, ip);
    return account;
  }

  /** One mail more for the email and the address, refused beyond the limits (counted first). */
  async function throttleMail(emailLower: string, ip: string): Promise<void> {
    const now = clock();
    const since = isoAt(now - LOGIN_WINDOW_MS);
    const id = await repo.recordMailRequest(db, { emailLower, ip, at: isoAt(now), pruneBefore: since });
    const [perEmail, perAddress] = await Promise.all([
      repo.countMailRequests(db, { emailLower, since }),
      repo.countMailRequests(db, { ip, since }),
    ]);
    if (perEmail > MAX_MAILS_PER_EMAIL || perAddress > MAX_MAILS_PER_ADDRESS) {
      await repo.forgetMailRequest(db, id);
      throw new DomainError('TOO_MANY_REQUESTS');
    }
  }

  /** A new single-use link of the purpose (earlier ones of the same purpose stop working). */
  async function issueLink(
    accountId: number,
    purpose: LinkPurpose,
    newEmail: string | null,
  ): Promise<string> {
    const token = random(32).toString('base64url');
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await repo.pruneLinks(trx, isoAt(now - LINK_TTL_MS));
      await repo.retireLinks(trx, accountId, purpose, isoAt(now));
      await repo.insertLink(trx, {
        accountId,
        purpose,
        hash: hashLinkToken(token),
        newEmail,
        createdAt: isoAt(now),
        expiresAt: isoAt(now + LINK_TTL_MS),
      });
    });
    return token;
  }

  return {
    /** Resolves once the mails asked for so far are sent (or failed): for tests and shutdown. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    async changePassword(auth: AuthContext, body: ChangePasswordBody, ip: string): Promise<number> {
      await checkPassword(auth.accountId, body.current_password, ip, 'current_password');
      const passwordHash = await hashPassword(body.new_password);
      const ended = await db.transaction().execute(async (trx) => {
        const now = isoAt(clock());
        await repo.setPassword(trx, auth.accountId, passwordHash);
        // A reset link asked for before the change must not undo it, nor an email change asked for
        // by whoever knew the old password (it would hand them the account back by a reset).
        await repo.retireLinks(trx, auth.accountId, 'all', now);
        return repo.revokeFamilies(trx, auth.accountId, now, { keep: auth.family });
      });
      await sessionsEnded(auth.accountId);
      return ended;
    },

    /**
     * Always the same answer, whether the email has an account or not: the throttling and the
     * answer come first, the lookup and the mail after the answer left (so no timing tells).
     */
    async requestPasswordReset(body: PasswordResetBody, ip: string, language: MailLanguage): Promise<void> {
      const emailLower = body.email.toLowerCase();
      await throttleMail(emailLower, ip);
      background(async () => {
        const account = await repo.findAccountByEmail(db, emailLower);
        if (!account || account.suspended_at !== null) return;
        const token = await issueLink(account.id, 'password_reset', null);
        const link = `${publicUrl}/login/reset-password?token=${token}`;
        await mailer.send({
          to: account.email,
          link,
          ...passwordResetMail(language, account.username, link),
        });
      });
    },

    /** Sets the new password and ends every session of the account; the link is spent. */
    async confirmPasswordReset(body: PasswordResetConfirmBody): Promise<void> {
      const hash = hashLinkToken(body.token);
      const invalid = () => new DomainError('LINK_INVALID', { fields: { token: 'LINK_INVALID' } });
      // Checked before the (slow, memory-hungry) hash: a stream of made-up tokens costs a lookup
      // each, not an argon2 run each. The link is spent, guarded, in the transaction below.
      if (!(await repo.isLiveLink(db, 'password_reset', hash, isoAt(clock())))) throw invalid();
      const passwordHash = await hashPassword(body.new_password);
      const accountId = await db.transaction().execute(async (trx) => {
        const now = isoAt(clock());
        const link = await repo.spendLink(trx, 'password_reset', hash, now);
        if (!link) return false;
        await repo.setPassword(trx, link.account_id, passwordHash);
        // As a change of password: an email change asked for with the old one stops working.
        await repo.retireLinks(trx, link.account_id, 'all', now);
        await repo.revokeFamilies(trx, link.account_id, now);
        const account = await repo.findAccount(trx, link.account_id);
        // The player proved the mailbox: the failed sign-ins of the attack they may be fleeing go.
        if (account)
          await trx.deleteFrom('login_attempts').where('email_lower', '=', account.email_lower).execute();
        return link.account_id;
      });
      if (accountId === false) throw invalid();
      await sessionsEnded(accountId);
    },

    async requestEmailChange(
      auth: AuthContext,
      body: EmailChangeBody,
      ip: string,
      language: MailLanguage,
    ): Promise<void> {
      const account = await checkPassword(auth.accountId, body.password, ip);
      // Emails are compared without regard to case everywhere (registration, sign-in, reset): the
      // own address in other capitals is a change of how it is written, not a taken address; the
      // very same spelling changes nothing; another account's address is taken in any case.
      const emailLower = body.new_email.toLowerCase();
      if (
        body.new_email === account.email ||
        (await repo.emailTakenByOther(db, emailLower, auth.accountId))
      ) {
        throw new DomainError('EMAIL_TAKEN', { fields: { new_email: 'EMAIL_TAKEN' } });
      }
      await throttleMail(emailLower, ip);
      const token = await issueLink(auth.accountId, 'email_change', body.new_email);
      const link = `${publicUrl}/login/confirm-email?token=${token}`;
      background(() =>
        mailer.send({ to: body.new_email, link, ...emailChangeMail(language, account.username, link) }),
      );
    },

    async confirmEmailChange(token: string): Promise<void> {
      try {
        const ok = await db.transaction().execute(async (trx) => {
          const now = isoAt(clock());
          const link = await repo.spendLink(trx, 'email_change', hashLinkToken(token), now);
          if (!link || link.new_email === null) return false;
          await repo.setEmail(trx, link.account_id, link.new_email);
          // Reset links mailed to the old address stop working: that mailbox no longer speaks for the account.
          await repo.retireLinks(trx, link.account_id, 'password_reset', now);
          return true;
        });
        if (!ok) throw new DomainError('LINK_INVALID', { fields: { token: 'LINK_INVALID' } });
      } catch (error) {
        // Another account took the address between the request and the confirmation.
        if (dialect.uniqueViolation(error) !== null) {
          throw new DomainError('EMAIL_TAKEN', { fields: { new_email: 'EMAIL_TAKEN' } });
        }
        throw error;
      }
    },

    async sessions(auth: AuthContext): Promise<SessionInfo[]> {
      const live = await repo.liveTokens(db, auth.accountId, isoAt(clock()));
      const starts = await repo.familyStarts(
        db,
        auth.accountId,
        live.map((row) => row.family),
      );
      const byFamily = new Map(starts.map((row) => [row.family, row]));
      return live
        .map((row) => {
          const start = byFamily.get(row.family);
          return {
            id: Number(start?.first_id ?? 0),
            device: describeDevice(row.user_agent),
            address: row.ip,
            created_at: start?.opened_at ?? row.created_at,
            last_used_at: row.created_at,
            current: row.family === auth.family,
          };
        })
        .filter((session) => session.id > 0)
        .sort(
          (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
        );
    },

    /** Ends one session of the account (404 when it is not one of its live sessions). */
    async endSession(auth: AuthContext, sessionId: number): Promise<{ current: boolean }> {
      const family = await repo.familyOfToken(db, auth.accountId, sessionId);
      if (family === undefined) throw new DomainError('NOT_FOUND');
      const ended = await repo.revokeFamilies(db, auth.accountId, isoAt(clock()), { only: family });
      if (ended === 0) throw new DomainError('NOT_FOUND');
      await sessionsEnded(auth.accountId);
      return { current: family === auth.family };
    },

    /** Ends every session of the account but the caller's; answers how many. */
    async endOtherSessions(auth: AuthContext): Promise<number> {
      const ended = await repo.revokeFamilies(db, auth.accountId, isoAt(clock()), { keep: auth.family });
      await sessionsEnded(auth.accountId);
      return ended;
    },

    /** Deletes the account in one transaction (decision 158's removal, decision 213's fleets). */
    async deleteAccount(auth: AuthContext, body: DeleteAccountBody, ip: string): Promise<void> {
      await checkPassword(auth.accountId, body.password, ip);
      const now = clock();
      await dialect.writeTransaction(db, (trx) => deleteAccount(trx, auth.accountId, { dialect, now }));
      await sessionsEnded(auth.accountId);
    },
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
