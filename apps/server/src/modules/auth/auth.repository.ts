import type { Kysely } from 'kysely';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database, NewAccount } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import { coalescedRead, perDatabase } from '../../db/coalesce.js';
import { throttleRows } from './throttle-rows.repository.js';

const loginAttempts = throttleRows('login_attempts');

const activeSessionQuery = prepared(2, (db: Kysely<Database>, family: string, accountId: number) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('accounts', 'accounts.id', 'refresh_tokens.account_id')
    .select(['accounts.id', 'accounts.suspended_at'])
    .where('refresh_tokens.family', '=', family)
    .where('refresh_tokens.account_id', '=', accountId)
    .where('refresh_tokens.revoked_at', 'is', null)
    .limit(1),
);

const authEpochQuery = prepared(0, (db: Kysely<Database>) =>
  db.selectFrom('auth_epoch').select('value').where('id', '=', 1),
);

/** Every authenticated request reads the epoch: the requests arriving together share one read. */
const coalescedAuthEpoch = perDatabase((db) =>
  coalescedRead(async () => Number((await authEpochQuery.executeTakeFirst(db))?.value ?? 0)),
);

export const authRepository = {
  async getOrCreateSecret(
    db: Kysely<Database>,
    name: string,
    candidate: string,
    now: string,
  ): Promise<string> {
    await db
      .insertInto('secrets')
      .values({ name, value: candidate, created_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  },

  findAccountByEmail(db: Kysely<Database>, emailLower: string) {
    return db
      .selectFrom('accounts')
      .select(['id', 'password_hash', 'suspended_at'])
      .where('email_lower', '=', emailLower)
      .executeTakeFirst();
  },

  async takenFields(db: Kysely<Database>, emailLower: string, usernameLower: string) {
    const rows = await db
      .selectFrom('accounts')
      .select(['email_lower', 'username_lower'])
      .where((eb) => eb.or([eb('email_lower', '=', emailLower), eb('username_lower', '=', usernameLower)]))
      .execute();
    return {
      email: rows.some((row) => row.email_lower === emailLower),
      username: rows.some((row) => row.username_lower === usernameLower),
    };
  },

  async insertAccount(db: Kysely<Database>, account: NewAccount): Promise<number> {
    const row = await db.insertInto('accounts').values(account).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * A free orbit of a high-security system of the race, in the least crowded system first, so that
   * new players spread over their region; once the race's high-security space is full, its
   * low-security border (decision 023).
   */
  findHomeOrbit(db: Kysely<Database>, raceId: number) {
    return db
      .selectFrom('orbits')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select(['orbits.id', 'orbits.system_id'])
      .where('systems.security_id', 'in', [1, 2])
      .where('systems.race_id', '=', raceId)
      .where('planets.id', 'is', null)
      .orderBy('systems.security_id')
      .orderBy((eb) =>
        eb
          .selectFrom('planets as p')
          .innerJoin('orbits as o', 'o.id', 'p.orbit_id')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('o.system_id', '=', 'orbits.system_id'),
      )
      .orderBy('orbits.system_id')
      .orderBy('orbits.index')
      .limit(1)
      .executeTakeFirst();
  },

  async insertHomePlanet(
    db: Kysely<Database>,
    planet: { accountId: number; orbitId: number; name: string; createdAt: string },
  ): Promise<number> {
    const row = await db
      .insertInto('planets')
      .values({
        account_id: planet.accountId,
        orbit_id: planet.orbitId,
        idx: 0,
        name: planet.name,
        planet_type: 'default',
        max_capacity: 163,
        metal: 500,
        crystal: 500,
        fuel: 0,
        last_visit: planet.createdAt,
        created_at: planet.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async insertRefreshToken(
    db: Kysely<Database>,
    token: {
      accountId: number;
      family: string;
      hash: string;
      expiresAt: string;
      rememberMe: number;
      createdAt: string;
      userAgent?: string | null;
      ip?: string | null;
    },
  ): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({
        account_id: token.accountId,
        family: token.family,
        hash: token.hash,
        expires_at: token.expiresAt,
        remember_me: token.rememberMe,
        created_at: token.createdAt,
        used_at: null,
        revoked_at: null,
        user_agent: token.userAgent ?? null,
        ip: token.ip ?? null,
      })
      .execute();
  },

  findRefreshToken(db: Kysely<Database>, dialect: DialectSeam, hash: string) {
    return dialect
      .forUpdate(db.selectFrom('refresh_tokens').selectAll().where('hash', '=', hash))
      .executeTakeFirst();
  },

  /** Guarded: only one of two concurrent rotations of the same token can succeed. */
  async markUsed(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
    const result = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async revokeFamily(db: Kysely<Database>, family: string, now: string): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** The session behind an access token: its family must still hold a non-revoked token. */
  activeSession(db: Kysely<Database>, family: string, accountId: number) {
    return activeSessionQuery.executeTakeFirst(db, family, accountId);
  },

  /** Moves whenever a session may have been revoked (migration 008). */
  /**
   * The auth epoch, from a read started after this call (db/coalesce.ts): a revocation committed
   * before the call is always seen. Outside transactions only.
   */
  authEpoch(db: Kysely<Database>): Promise<number> {
    return coalescedAuthEpoch(db)();
  },

  findAccountStatus(db: Kysely<Database>, accountId: number) {
    return db
      .selectFrom('accounts')
      .select(['id', 'suspended_at'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  },

  /** Attempts not cleared since `since`, for an email, an address, or the pair. */
  countFailures: loginAttempts.count,

  /**
   * Writes a sign-in attempt (counted as a failure until a success clears it or a refusal takes it
   * back) and prunes the rows past the window; answers the row's id.
   */
  recordAttempt: loginAttempts.record,

  forgetAttempt: loginAttempts.forget,

  /**
   * Accounts created since `since` that are known at an address: registration records its
   * address (decision 024), so this counts the address's new accounts, plus any new account
   * signed in from there since, which is the same pattern.
   */
  async countNewAccountsAt(db: Kysely<Database>, ip: string, since: string): Promise<number> {
    const row = await db
      .selectFrom('login_known_addresses')
      .innerJoin('accounts', 'accounts.id', 'login_known_addresses.account_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('login_known_addresses.ip', '=', ip)
      .where('accounts.created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async isKnownAddress(db: Kysely<Database>, accountId: number, ip: string): Promise<boolean> {
    const row = await db
      .selectFrom('login_known_addresses')
      .select('account_id')
      .where('account_id', '=', accountId)
      .where('ip', '=', ip)
      .executeTakeFirst();
    return row !== undefined;
  },

  async rememberAddress(db: Kysely<Database>, accountId: number, ip: string, at: string): Promise<void> {
    await db
      .insertInto('login_known_addresses')
      .values({ account_id: accountId, ip, last_success_at: at })
      .onConflict((oc) => oc.columns(['account_id', 'ip']).doUpdateSet({ last_success_at: at }))
      .execute();
  },

  async clearFailures(db: Kysely<Database>, emailLower: string, ip: string): Promise<void> {
    await db
      .deleteFrom('login_attempts')
      .where('email_lower', '=', emailLower)
      .where('ip', '=', ip)
      .execute();
  },

  /** Moderation: suspends (at) or lifts (null); answers the account id, or undefined when unknown. */
  async setSuspended(
    db: Kysely<Database>,
    usernameLower: string,
    at: string | null,
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('accounts')
      .set({ suspended_at: at })
      .where('username_lower', '=', usernameLower)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },
};
