import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  GAME_SPEED: z.coerce.number().positive().default(1),
  UNIVERSE_SEED: z.string().min(1).default('starhold'),
  SYSTEM_COUNT: z.coerce.number().int().min(2).max(10000).default(80),
  COOKIE_SECURE: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  SCHEDULER: z.enum(['on', 'off']).default('on'),
  VERIFY_RESPONSES: z.enum(['on', 'off']).default('off'),
  TRUST_PROXY: z.string().optional(),
  TRUST_PROXY_OVERWRITES_FORWARDED_FOR: booleanFromEnv.default(false),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(0).default(10),
  EVENT_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(0).default(8),
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(0).default(32),
  RECLAIM_INACTIVE_DAYS: z.coerce.number().int().min(0).default(14),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default('Starhold <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_NAMED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  SQLITE_SYNCHRONOUS: z.enum(['normal', 'full']).default('normal'),
  /** db/database.ts WAL_LIMIT_BYTES, in MiB (decision 255). */
  SQLITE_WAL_LIMIT_MB: z.coerce.number().min(0).default(64),
  PG_SYNCHRONOUS_COMMIT: z.enum(['normal', 'full']).default('normal'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: PostgreSQL; unset: the embedded SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: statements prepared once per connection (db/database.ts). Set
   * DATABASE_NAMED_STATEMENTS=off behind a pooler that does not keep them (PgBouncer in
   * transaction mode).
   */
  namedStatements: boolean;
  /**
   * SQLite only: `normal` (the default) syncs the write-ahead log to disk at checkpoints, not at
   * every commit: a killed process loses nothing, a power loss or OS crash may lose the last
   * commits before the checkpoint (decision 186); `full` syncs at every commit.
   */
  sqliteSynchronous: 'normal' | 'full';
  /** Past this much write-ahead log SQLite's is started over (decision 255); 0: never. */
  sqliteWalLimitBytes: number;
  /**
   * PostgreSQL only (decision 208): `normal` (the default) lets game writes (builds, orders,
   * fleets, arrivals) commit without waiting for the write-ahead log's flush: a killed Starhold
   * process loses nothing, a crash of the database server or of its machine may lose the last
   * fraction of a second of them (whole transactions); accounts, sessions and operators' actions
   * always wait. `full`: every commit waits.
   */
  pgSynchronousCommit: 'normal' | 'full';
  gameSpeed: number;
  universeSeed: string;
  systemCount: number;
  cookieSecure: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Directory of the built web app; served with an SPA fallback when it exists. */
  webDist: string;
  /** Origins accepted on mutations besides the server's own host. */
  allowedOrigins: string[];
  /** Requests per address and minute over the whole server; unset: the app's default (the load bench raises it). */
  rateLimitPerMinute?: number;
  /** false (SCHEDULER=off): this process runs no periodic tasks; a worker or another process does. */
  scheduler: boolean;
  /**
   * Behind a load balancer: which X-Forwarded-For hops to believe, so that rate limits and login
   * throttling see the player's address: the proxies' addresses/CIDRs, comma separated (Fastify's
   * trustProxy), or true (every hop) only when the proxy overwrites the header (decision 159).
   */
  trustProxy?: boolean | string;
  /** Accounts created from one address per hour (429 beyond); 0: no limit (test universes). */
  registrationsPerHour: number;
  /** Open /me/events streams per account and per address (429 beyond); 0: no limit. */
  eventStreamsPerAccount: number;
  eventStreamsPerAddress: number;
  /**
   * Days without a visit after which an account that never scored is removed and its home orbit
   * freed (decision 158); 0: never.
   */
  reclaimInactiveDays: number;
  /** Set: GET /metrics answers Prometheus text to `Authorization: Bearer <token>` (decision 222); unset: no /metrics. */
  metricsToken?: string;
  /** Where account mails go (nodemailer URL, `smtp://user:pass@host:587`); unset: links are logged at warn. */
  smtpUrl?: string;
  mailFrom?: string;
  /** The game's address in emailed links (never the request's Host); default http://localhost:PORT. */
  publicUrl?: string;
  /**
   * VERIFY_RESPONSES=on: every response body is also encoded through its zod schema and must
   * match what the compiled serializer wrote (http/serializer.ts). For tests; it costs CPU.
   */
  verifyResponses?: boolean;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (v4 or v6), a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * `true` believes every X-Forwarded-For hop: safe only when the proxy replaces the header with
 * the client's address (nginx `proxy_set_header X-Forwarded-For $remote_addr`), never when it
 * appends to what the client sent ($proxy_add_x_forwarded_for), where the client would choose
 * its own address for every per-address limit. So `true` needs the second setting to say so.
 */
function parseTrustProxy(value: string, overwrites: boolean): boolean | string {
  if (value === 'false') return false;
  if (value === 'true') {
    if (!overwrites) {
      throw new Error(
        "Invalid configuration: TRUST_PROXY=true believes any X-Forwarded-For a client sends; list the proxies' addresses instead, or set TRUST_PROXY_OVERWRITES_FORWARDED_FOR=true if the proxy replaces the header",
      );
    }
    return true;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY: not an address, a CIDR range or true/false: ${wrong.join(', ')}`,
    );
  }
  return entries.join(',');
}

/** Both the bundle (dist/main.js) and the sources (src/config.ts) sit two levels below apps/. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a compose file) means "not set".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    namedStatements: e.DATABASE_NAMED_STATEMENTS === 'on',
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    sqliteWalLimitBytes: Math.round(e.SQLITE_WAL_LIMIT_MB * 1024 * 1024),
    pgSynchronousCommit: e.PG_SYNCHRONOUS_COMMIT,
    gameSpeed: e.GAME_SPEED,
    universeSeed: e.UNIVERSE_SEED,
    systemCount: e.SYSTEM_COUNT,
    cookieSecure: e.COOKIE_SECURE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter((origin) => origin.length > 0),
    ...(e.RATE_LIMIT_PER_MINUTE === undefined ? {} : { rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE }),
    scheduler: e.SCHEDULER === 'on',
    verifyResponses: e.VERIFY_RESPONSES === 'on',
    ...(e.TRUST_PROXY === undefined
      ? {}
      : { trustProxy: parseTrustProxy(e.TRUST_PROXY, e.TRUST_PROXY_OVERWRITES_FORWARDED_FOR) }),
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    eventStreamsPerAccount: e.EVENT_STREAMS_PER_ACCOUNT,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    reclaimInactiveDays: e.RECLAIM_INACTIVE_DAYS,
    ...(e.METRICS_TOKEN === undefined ? {} : { metricsToken: e.METRICS_TOKEN }),
    ...(e.SMTP_URL === undefined ? {} : { smtpUrl: e.SMTP_URL }),
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}
