import type { LoginBody, Me, RegisterBody } from '@starhold/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { isoAt } from '../../context.js';
import { toDbBool, fromDbBool } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { insertEmails } from '../economy/index.js';
import { announceSessionsEnded } from '../events/index.js';
import { readMe } from '../me/index.js';
import { authRepository as repo } from './auth.repository.js';
import { prefersEnglish } from './language.js';
import { burnPasswordCheck, hashPassword, prepareDummyHash, verifyPassword } from './passwords.js';
import { ACCESS_TOKEN_TTL_MS, hashRefreshToken, signAccessToken, verifyAccessToken } from './tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Server-side lifetime of a refresh token: a month when remembered, a day for a browser session. */
export const REFRESH_TTL_REMEMBERED_MS = 30 * DAY_MS;
export const REFRESH_TTL_SESSION_MS = DAY_MS;

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per account from one address, even one the player has signed in from. */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
/** Failures allowed per address over all accounts: stops one address from spraying many accounts. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** Failures for one account from every address together, before only known addresses may try. */
export const MAX_FAILURES_PER_ACCOUNT = 10;

const ACCESS_SECRET_NAME = 'access_token_hmac';
const HOME_PLANET_NAMES = { fr: 'Planète mère', en: 'Homeworld' } as const;
const NEW_ACCOUNT_NMI = 100;
const REGISTER_ATTEMPTS = 3;
const HOME_ORBIT_LOCK_KEY = 7_302_000;
const HOUR_MS = 60 * 60 * 1000;
/** Registrations from one address queue on one of 65 536 locks, so a burst cannot pass the limit. */
const REGISTRATION_LOCK_KEY = 7_310_000;

function addressLockSlot(ip: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < ip.length; i += 1) hash = Math.imul(hash ^ ip.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % 65_536;
}

export interface Session {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  rememberMe: boolean;
}

type RefreshOutcome = { error: 'UNAUTHORIZED' | 'ACCOUNT_SUSPENDED' } | { session: Session };

export interface AuthContext {
  accountId: number;
  family: string;
}

/** The browser and address a session was opened or refreshed from (the profile's sessions list). */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Longer user agents are cut: the list only needs the browser and the system. */
const USER_AGENT_MAX = 512;

/** Access tokens kept as checked; past it the list starts over (a token lives 15 minutes). */
const CHECKED_TOKENS_CAPACITY = 50_000;

export function createAuthService(ctx: AppContext) {
  const { db, dialect, clock, random } = ctx;
  const checked = new Map<string, { auth: AuthContext; epoch: number; expiresAt: number }>();
  void prepareDummyHash();
  let secret: Promise<string> | null = null;
  const accessSecret = (): Promise<string> => {
    secret ??= repo
      .getOrCreateSecret(db, ACCESS_SECRET_NAME, random(48).toString('base64url'), isoAt(clock()))
      .catch((error: unknown) => {
        secret = null;
        throw error;
      });
    return secret;
  };

  async function issueSession(
    trx: Kysely<Database>,
    key: string,
    accountId: number,
    rememberMe: boolean,
    family: string = random(16).toString('base64url'),
    client: ClientInfo = {},
  ): Promise<Session> {
    const now = clock();
    const refreshToken = random(32).toString('base64url');
    await repo.insertRefreshToken(trx, {
      accountId,
      family,
      hash: hashRefreshToken(refreshToken),
      expiresAt: isoAt(now + (rememberMe ? REFRESH_TTL_REMEMBERED_MS : REFRESH_TTL_SESSION_MS)),
      rememberMe: toDbBool(rememberMe),
      createdAt: isoAt(now),
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      ip: client.ip ?? null,
    });
    const accessExpiresAt = now + ACCESS_TOKEN_TTL_MS;
    const accessToken = signAccessToken(key, { accountId, family, expiresAt: accessExpiresAt });
    return { accessToken, accessExpiresAt, refreshToken, rememberMe };
  }

  function takenError(violation: string): DomainError | null {
    if (violation.includes('email_lower'))
      return new DomainError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } });
    if (violation.includes('username_lower')) {
      return new DomainError('USERNAME_TAKEN', { fields: { username: 'USERNAME_TAKEN' } });
    }
    return null;
  }

  const registrationsPerHour = ctx.config.registrationsPerHour;
  async function refuseBeyondRegistrationLimit(handle: Kysely<Database>, ip: string): Promise<void> {
    const recent = await repo.countNewAccountsAt(handle, ip, isoAt(clock() - HOUR_MS));
    if (recent >= registrationsPerHour) throw new DomainError('TOO_MANY_REQUESTS');
  }

  /** EMAIL_TAKEN or USERNAME_TAKEN when the email or the username (any case) has an account. */
  async function refuseTaken(handle: Kysely<Database>, emailLower: string, usernameLower: string) {
    const taken = await repo.takenFields(handle, emailLower, usernameLower);
    if (taken.email) throw new DomainError('EMAIL_TAKEN', { fields: { email: 'EMAIL_TAKEN' } });
    if (taken.username) throw new DomainError('USERNAME_TAKEN', { fields: { username: 'USERNAME_TAKEN' } });
  }

  async function registerOnce(
    body: RegisterBody,
    passwordHash: string,
    english: boolean,
    ip: string,
    userAgent: string | undefined,
  ) {
    // Fetched before the transaction: SQLite has one connection, a query outside it would wait forever.
    const key = await accessSecret();
    return db.transaction().execute(async (trx) => {
      const now = isoAt(clock());
      const emailLower = body.email.toLowerCase();
      const usernameLower = body.username.toLowerCase();
      if (registrationsPerHour > 0) {
        await dialect.advisoryXactLock(trx, REGISTRATION_LOCK_KEY + addressLockSlot(ip));
        await refuseBeyondRegistrationLimit(trx, ip);
      }
      // Again: a registration racing this one may have committed since the check before the hash.
      await refuseTaken(trx, emailLower, usernameLower);
      // Registrations of one race queue here on PostgreSQL, so two never pick the same free orbit.
      await dialect.advisoryXactLock(trx, HOME_ORBIT_LOCK_KEY + body.race_id);
      const orbit = await repo.findHomeOrbit(trx, body.race_id);
      if (!orbit) throw new DomainError('UNIVERSE_FULL');
      const accountId = await repo.insertAccount(trx, {
        username: body.username,
        username_lower: usernameLower,
        email: body.email,
        email_lower: emailLower,
        password_hash: passwordHash,
        race_id: body.race_id,
        nmi: NEW_ACCOUNT_NMI,
        focus_planet_index: 0,
        economy_points: 0,
        science_points: 0,
        military_points: 0,
        total_points: 0,
        suspended_at: null,
        created_at: now,
        next_event_at: null,
        settled_at: now,
      });
      await repo.insertHomePlanet(trx, {
        accountId,
        orbitId: orbit.id,
        name: english ? HOME_PLANET_NAMES.en : HOME_PLANET_NAMES.fr,
        createdAt: now,
      });
      await insertEmails(trx, accountId, [
        { title: 'welcome', params: { username: body.username }, at: Date.parse(now) },
      ]);
      await repo.rememberAddress(trx, accountId, ip, now);
      const session = await issueSession(trx, key, accountId, false, undefined, { userAgent, ip });
      return { accountId, session };
    });
  }

  return {
    accessSecret,

    async register(
      body: RegisterBody,
      acceptLanguage: string | undefined,
      ip: string,
      userAgent?: string,
    ): Promise<{ me: Me; session: Session }> {
      // Refused before the (slow, memory-hungry) hash, so that a refusal costs a lookup, not an
      // argon2 run; both are checked again in the transaction (the limit under the address's
      // lock), and the unique indexes settle two registrations racing for one email or name.
      if (registrationsPerHour > 0) await refuseBeyondRegistrationLimit(db, ip);
      await refuseTaken(db, body.email.toLowerCase(), body.username.toLowerCase());
      const passwordHash = await hashPassword(body.password);
      const english = prefersEnglish(acceptLanguage);
      for (let attempt = 1; ; attempt += 1) {
        try {
          const { accountId, session } = await registerOnce(body, passwordHash, english, ip, userAgent);
          return { me: await readMe(db, accountId, ctx.config.gameSpeed), session };
        } catch (error) {
          const violation = dialect.uniqueViolation(error);
          if (violation === null) throw error;
          const taken = takenError(violation);
          if (taken) throw taken;
          // The orbit was taken by a writer outside the registration lock (e.g. colonisation): pick again.
          if (attempt >= REGISTER_ATTEMPTS) throw error;
        }
      }
    },

    async login(body: LoginBody, ip: string, userAgent?: string): Promise<{ me: Me; session: Session }> {
      const now = clock();
      const since = isoAt(now - LOGIN_WINDOW_MS);
      const emailLower = body.email.trim().toLowerCase();
      // The attempt is a row before the password is checked, and the limits count it: of a burst
      // of parallel attempts, each sees the ones written before it, so no more than the limit
      // reach the (slow) hash check. Refused attempts take their row back; failures keep it; a
      // success clears the pair's rows (decision 157).
      const attempt = await repo.recordAttempt(db, { emailLower, ip, at: isoAt(now), pruneBefore: since });
      const refuse = async (): Promise<never> => {
        await repo.forgetAttempt(db, attempt);
        throw new DomainError('TOO_MANY_REQUESTS');
      };
      const [pairAttempts, ipAttempts, accountAttempts] = await Promise.all([
        repo.countFailures(db, { emailLower, ip, since }),
        repo.countFailures(db, { ip, since }),
        repo.countFailures(db, { emailLower, since }),
      ]);
      if (pairAttempts > MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS || ipAttempts > MAX_FAILURES_PER_ADDRESS) {
        await refuse();
      }
      const account = await repo.findAccountByEmail(db, emailLower);
      // An account under attack from many addresses closes to all but the addresses its player
      // has already signed in from; an unknown email closes the same way, so nothing leaks.
      if (
        accountAttempts > MAX_FAILURES_PER_ACCOUNT &&
        !(account && (await repo.isKnownAddress(db, account.id, ip)))
      ) {
        await refuse();
      }
      const valid = account ? await verifyPassword(account.password_hash, body.password) : false;
      if (!account) await burnPasswordCheck(body.password);
      if (!account || !valid) throw new DomainError('CONNECTION_ERROR');
      if (account.suspended_at !== null) {
        await repo.forgetAttempt(db, attempt);
        throw new DomainError('ACCOUNT_SUSPENDED');
      }
      await repo.clearFailures(db, emailLower, ip);
      await repo.rememberAddress(db, account.id, ip, isoAt(now));
      const key = await accessSecret();
      const session = await db
        .transaction()
        .execute((trx) =>
          issueSession(trx, key, account.id, body.remember_me ?? false, undefined, { userAgent, ip }),
        );
      return { me: await readMe(db, account.id, ctx.config.gameSpeed), session };
    },

    /**
     * Rotates a refresh token. A token presented a second time means it leaked (or a replay):
     * the whole family is revoked, which also stops its access tokens.
     */
    async refresh(refreshToken: string | undefined, client: ClientInfo = {}): Promise<Session> {
      if (!refreshToken) throw new DomainError('UNAUTHORIZED');
      const key = await accessSecret();
      /** The account whose family this refresh revoked (reuse, suspension): its streams re-check. */
      let revokedOf: number | null = null;
      const outcome = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        revokedOf = null;
        const now = clock();
        const row = await repo.findRefreshToken(trx, dialect, hashRefreshToken(refreshToken));
        if (!row || row.revoked_at !== null) return { error: 'UNAUTHORIZED' };
        if (row.used_at !== null || !(await repo.markUsed(trx, row.id, isoAt(now)))) {
          await repo.revokeFamily(trx, row.family, isoAt(now));
          revokedOf = row.account_id;
          return { error: 'UNAUTHORIZED' };
        }
        if (row.expires_at <= isoAt(now)) return { error: 'UNAUTHORIZED' };
        const account = await repo.findAccountStatus(trx, row.account_id);
        if (!account) return { error: 'UNAUTHORIZED' };
        if (account.suspended_at !== null) {
          await repo.revokeFamily(trx, row.family, isoAt(now));
          revokedOf = row.account_id;
          return { error: 'ACCOUNT_SUSPENDED' };
        }
        return {
          session: await issueSession(
            trx,
            key,
            row.account_id,
            fromDbBool(row.remember_me),
            row.family,
            client,
          ),
        };
      });
      // After the commit: that family's open streams end at once (decision 243).
      if (revokedOf !== null) await announceSessionsEnded(ctx.events, db, revokedOf);
      if ('error' in outcome) throw new DomainError(outcome.error);
      return outcome.session;
    },

    async logout(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
      const now = isoAt(clock());
      const families = new Set<string>();
      const accounts = new Set<number>();
      if (refreshToken) {
        const row = await repo.findRefreshToken(db, dialect, hashRefreshToken(refreshToken));
        if (row) {
          families.add(row.family);
          accounts.add(row.account_id);
        }
      }
      if (accessToken) {
        const claims = verifyAccessToken(await accessSecret(), accessToken, clock());
        if (claims) {
          families.add(claims.family);
          accounts.add(claims.accountId);
        }
      }
      for (const family of families) await repo.revokeFamily(db, family, now);
      // The other tabs of this browser share the family: their streams end at once (decision 243).
      for (const accountId of accounts) await announceSessionsEnded(ctx.events, db, accountId);
    },

    /**
     * Checked on every authenticated request. A token this process has fully checked (signature,
     * expiry, family not revoked, account not suspended) is kept with the auth epoch read before
     * that check; later requests with it read only the epoch, which every revocation and
     * suspension moves (migration 008), so revocation still acts at once, in every process.
     */
    async authenticate(accessToken: string | undefined): Promise<AuthContext> {
      if (!accessToken) throw new DomainError('UNAUTHORIZED');
      const now = clock();
      const epoch = await repo.authEpoch(db);
      const kept = checked.get(accessToken);
      if (kept !== undefined && kept.epoch === epoch && kept.expiresAt > now) return kept.auth;
      const claims = verifyAccessToken(await accessSecret(), accessToken, now);
      if (!claims) throw new DomainError('UNAUTHORIZED');
      const session = await repo.activeSession(db, claims.family, claims.accountId);
      if (!session) throw new DomainError('UNAUTHORIZED');
      if (session.suspended_at !== null) throw new DomainError('ACCOUNT_SUSPENDED');
      const auth = { accountId: claims.accountId, family: claims.family };
      if (checked.size >= CHECKED_TOKENS_CAPACITY) checked.clear();
      checked.set(accessToken, { auth, epoch, expiresAt: claims.expiresAt });
      return auth;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
