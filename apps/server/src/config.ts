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
  DATABASE_NAMED_STATEMENTS: z.enum(['on', 'off']).default('on'),
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
   * throttling see the player's address: true (every hop) or the proxies' addresses/CIDRs,
   * comma separated (Fastify's trustProxy).
   */
  trustProxy?: boolean | string;
  /**
   * VERIFY_RESPONSES=on: every response body is also encoded through its zod schema and must
   * match what the compiled serializer wrote (http/serializer.ts). For tests; it costs CPU.
   */
  verifyResponses?: boolean;
}

function parseTrustProxy(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
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
    ...(e.TRUST_PROXY === undefined ? {} : { trustProxy: parseTrustProxy(e.TRUST_PROXY) }),
  };
}
