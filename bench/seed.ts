/**
 * Fills a fresh database with the server's own code before the server starts: migrations, the
 * universe, logged-in players with home planets (one refresh-token family each, access tokens
 * signed with the server's secret) and filler accounts for the ranking, inserted in batches.
 * Registering through the API would hash a password per player (argon2, tens of ms each).
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { RACES } from '../packages/rules/src/index.js';
// The server's routes (reached here through its modules' index files) use the cookie plugin's
// additions to Fastify's types; the server's own program gets them through app.ts, this one does not.
import type {} from '@fastify/cookie';
import type { AppContext } from '../apps/server/src/context.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import type { Database, NewAccount } from '../apps/server/src/db/schema.js';
import { authRepository } from '../apps/server/src/modules/auth/auth.repository.js';
import { createAuthService } from '../apps/server/src/modules/auth/auth.service.js';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { hashRefreshToken, signAccessToken } from '../apps/server/src/modules/auth/tokens.js';
import { seedUniverseIfEmpty } from '../apps/server/src/modules/systems/systems.service.js';

export interface SeedOptions {
  target: DatabaseTarget;
  universeSeed: string;
  systemCount: number;
  players: number;
  /** Total accounts including the players. */
  accounts: number;
  now: number;
  /** How long the signed access tokens stay valid (the bench must finish within it). */
  tokenTtlMs: number;
}

export interface SeedResult {
  /** One `auth_token=...` cookie header per player. */
  cookies: string[];
  playerIds: number[];
  password: string;
  emails: string[];
  seconds: number;
}

export const BENCH_PASSWORD = 'Bench-password-1';
const FILLER_BATCH = 500;

function account(
  index: number,
  raceId: number,
  passwordHash: string,
  now: string,
  points: number,
): NewAccount {
  const username = `bench${index}`;
  return {
    username,
    username_lower: username,
    email: `${username}@bench.test`,
    email_lower: `${username}@bench.test`,
    password_hash: passwordHash,
    race_id: raceId,
    nmi: 100,
    focus_planet_index: 0,
    economy_points: Math.floor(points / 2),
    science_points: Math.floor(points / 3),
    military_points: points - Math.floor(points / 2) - Math.floor(points / 3),
    total_points: points,
    suspended_at: null,
    created_at: now,
    next_event_at: null,
    settled_at: now,
  };
}

/**
 * Free high-security orbits per race, spread over systems (one orbit of each system before a
 * second one), like registration's choice but in one query: registration's per-player lookup
 * counts planets per system and costs 0.2 s a call on PostgreSQL once the universe is large.
 */
async function homeOrbits(db: Kysely<Database>): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('orbits')
    .innerJoin('systems', 'systems.id', 'orbits.system_id')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select(['orbits.id', 'orbits.index', 'systems.id as system_id', 'systems.race_id'])
    .where('systems.security_id', '=', 1)
    .where('planets.id', 'is', null)
    .orderBy('orbits.index')
    .orderBy('systems.id')
    .execute();
  const byRace = new Map<number, number[]>();
  for (const row of rows) {
    const list = byRace.get(row.race_id) ?? [];
    list.push(row.id);
    byRace.set(row.race_id, list);
  }
  return byRace;
}

async function insertPlayer(
  db: Kysely<Database>,
  orbits: Map<number, number[]>,
  index: number,
  passwordHash: string,
  now: string,
): Promise<number> {
  // Races in turn; a race whose high-security orbits are all taken passes to the next.
  for (let attempt = 0; attempt < RACES.length; attempt += 1) {
    const race = RACES[(index + attempt) % RACES.length];
    const orbitId = race === undefined ? undefined : orbits.get(race.id)?.shift();
    if (race === undefined || orbitId === undefined) continue;
    const accountId = await authRepository.insertAccount(db, account(index, race.id, passwordHash, now, 0));
    await authRepository.insertHomePlanet(db, { accountId, orbitId, name: `Bench ${index}`, createdAt: now });
    return accountId;
  }
  throw new Error(`no free home orbit left for bench player ${index}: raise SYSTEM_COUNT`);
}

export async function seedBenchDatabase(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const handle = openDatabase(options.target);
  try {
    await migrateToLatest(handle.db, handle.dialect, handle.schema);
    await seedUniverseIfEmpty(handle.db, handle.dialect, options.universeSeed, options.systemCount);
    const ctx: AppContext = {
      config: loadConfig({ UNIVERSE_SEED: options.universeSeed, SYSTEM_COUNT: String(options.systemCount) }),
      db: handle.db,
      dialect: handle.dialect,
      clock: () => options.now,
      random: randomBytes,
    };
    const secret = await createAuthService(ctx).accessSecret();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const nowIso = new Date(options.now).toISOString();
    const cookies: string[] = [];
    const playerIds: number[] = [];
    const emails: string[] = [];
    await handle.db.transaction().execute(async (trx) => {
      const orbits = await homeOrbits(trx);
      for (let index = 0; index < options.players; index += 1) {
        const accountId = await insertPlayer(trx, orbits, index, passwordHash, nowIso);
        const family = randomBytes(16).toString('base64url');
        await authRepository.insertRefreshToken(trx, {
          accountId,
          family,
          hash: hashRefreshToken(randomBytes(32).toString('base64url')),
          expiresAt: new Date(options.now + options.tokenTtlMs).toISOString(),
          rememberMe: 0,
          createdAt: nowIso,
        });
        const token = signAccessToken(secret, {
          accountId,
          family,
          expiresAt: options.now + options.tokenTtlMs,
        });
        cookies.push(`auth_token=${token}`);
        playerIds.push(accountId);
        emails.push(`bench${index}@bench.test`);
      }
    });
    for (let start = options.players; start < options.accounts; start += FILLER_BATCH) {
      const rows: NewAccount[] = [];
      for (let index = start; index < Math.min(options.accounts, start + FILLER_BATCH); index += 1) {
        const race = RACES[index % RACES.length];
        // Spread points deterministically so that the ranking has to order them.
        rows.push(account(index, race?.id ?? 1, passwordHash, nowIso, (index * 7919) % 1_000_003));
      }
      await handle.db.insertInto('accounts').values(rows).execute();
    }
    // The planner's statistics as a running server has them (autovacuum analyses tables as they
    // grow): right after a bulk load they are missing, and PostgreSQL plans joins as for empty
    // tables (a /systems batch read took 1.7 ms instead of 0.26). SQLite plans by its indexes.
    if (options.target.kind === 'postgres') {
      await sql`analyze`.execute(handle.db);
      // The load's WAL written out now rather than by a checkpoint in the middle of the
      // measurements (runs right after a seed had p99 near 100 ms, later ones near 25). Needs a
      // superuser (or pg_checkpoint); skipped otherwise.
      await sql`checkpoint`.execute(handle.db).catch(() => undefined);
    }
    return {
      cookies,
      playerIds,
      password: BENCH_PASSWORD,
      emails,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await handle.close();
  }
}
