/**
 * GET /metrics in the Prometheus text format (issue 23, decision 222), only when METRICS_TOKEN is
 * set, and then only to `Authorization: Bearer <token>`. Request counts and latencies are kept by
 * one onResponse hook (a counter and a histogram by method, route pattern and status); the game's
 * gauges are read from the database when Prometheus scrapes, never on a player's request.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isoAt, type AppContext } from '../../context.js';
import type { LogRestartStats, PoolStats } from '../../db/database.js';
import type { GroupCommitStats } from '../../db/sqlite-group-commit.js';
import { errorBody } from '../../errors.js';

export interface MetricsOptions {
  token: string;
  ctx: Pick<AppContext, 'db' | 'clock'>;
  poolStats?: (() => PoolStats) | undefined;
  /** SQLite's write groups (decision 209); absent on PostgreSQL. */
  writeGroups?: (() => GroupCommitStats) | undefined;
  /** SQLite on disk: its log's restarts (decision 255). */
  logRestarts?: (() => LogRestartStats) | undefined;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Requests no route matched share one label, so a scan of random paths cannot grow the series. */
const UNMATCHED = 'unmatched';

export function installMetrics(app: FastifyInstance, options: MetricsOptions): Registry {
  const { db, clock } = options.ctx;
  const register = new Registry();
  // Process metrics, among them nodejs_eventloop_lag_seconds and its percentiles.
  collectDefaultMetrics({ register });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'starhold_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'starhold_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'starhold_accounts_due',
    help: 'Accounts whose wake-up has come and that the scheduler has not visited yet (decision 210)',
    registers: [register],
    async collect() {
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('next_event_at', '<=', isoAt(clock()))
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'starhold_event_lag_seconds',
    help: 'Seconds since the oldest wake-up of any account came without a visit (0: none waits)',
    registers: [register],
    async collect() {
      const now = clock();
      const row = await db
        .selectFrom('accounts')
        .select((eb) => eb.fn.min('next_event_at').as('oldest'))
        .where('next_event_at', '<=', isoAt(now))
        .executeTakeFirst();
      const oldest = row?.oldest ?? null;
      this.set(oldest === null ? 0 : Math.max(0, (now - Date.parse(oldest)) / 1000));
    },
  });
  new Gauge({
    name: 'starhold_fleets_in_flight',
    help: 'Fleets outbound or returning',
    registers: [register],
    async collect() {
      const row = await db
        .selectFrom('fleets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  new Gauge({
    name: 'starhold_active_sessions',
    help: 'Sessions that can still be refreshed (not revoked, not expired)',
    registers: [register],
    async collect() {
      const row = await db
        .selectFrom('refresh_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', isoAt(clock()))
        .executeTakeFirstOrThrow();
      this.set(Number(row.n));
    },
  });
  const poolStats = options.poolStats;
  if (poolStats !== undefined) {
    new Gauge({
      name: 'starhold_db_pool_connections',
      help: 'PostgreSQL pool connections of this process: open (total), idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const writeGroups = options.writeGroups;
  if (writeGroups !== undefined) {
    // SQLite's write transactions share commits (decision 209): transactions over commits is the
    // mean group, which tells how much the write path batches under the load of the moment.
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers: [register],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counter(
      'starhold_sqlite_write_transactions_total',
      'SQLite write transactions run in commit groups, kept or rolled back alone (decision 209)',
      () => writeGroups().transactions,
    );
    counter(
      'starhold_sqlite_commits_total',
      'Commits of SQLite write groups: transactions_total / commits_total is the mean group',
      () => writeGroups().groups,
    );
    new Gauge({
      name: 'starhold_sqlite_write_group_largest',
      help: 'The most write transactions one SQLite commit has held since the process started',
      registers: [register],
      collect() {
        this.set(writeGroups().largest);
      },
    });
  }

  const logRestarts = options.logRestarts;
  if (logRestarts !== undefined) {
    // Past its limit the log is started over between two transactions (decision 255); given up
    // while a reader holds an older snapshot (a backup), and then the log grows.
    new Counter({
      name: 'starhold_sqlite_log_restarts_total',
      help: 'SQLite write-ahead log restarts past its limit, by outcome: started, or given_up (a reader held the log)',
      labelNames: ['outcome'],
      registers: [register],
      collect() {
        const counts = logRestarts();
        this.reset();
        this.inc({ outcome: 'started' }, counts.started);
        this.inc({ outcome: 'given_up' }, counts.givenUp);
      },
    });
  }

  const expected = digest(`Bearer ${options.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .send(errorBody('UNAUTHORIZED'));
    }
    const text = await register.metrics();
    return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(text);
  });
  return register;
}
