/**
 * GET /metrics (decision 222) read by a Prometheus text-format parser, and GET /ready (decision
 * 223). SQLite, or PostgreSQL with TEST_DATABASE_URL (then the pool gauge is checked too).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { isoAt } from '../src/context.js';
import { openDatabase } from '../src/db/database.js';
import { createSchedulerProgress } from '../src/modules/health/index.js';
import { createTestApp, registerPlayer, testConfig, type TestApp, type TestPlayer } from './helpers/index.js';
import { createTestClock } from './helpers/test-clock.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * One series of a histogram, read by the parser: it merges every series of a histogram into one
 * (and drops _count and _sum lines that carry labels), so it gets that series' lines alone, with
 * the series' own labels taken out.
 */
function histogramSeries(text: string, name: string, labels: Record<string, string>) {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const lines = text.split('\n').filter((line) => {
    if (line.startsWith(`# HELP ${name} `) || line.startsWith(`# TYPE ${name} `)) return true;
    return /^\w+\{/.test(line) && line.startsWith(name) && pairs.every((pair) => line.includes(pair));
  });
  const stripped = lines.map((line) => {
    let out = line;
    for (const pair of pairs) out = out.replace(pair, '');
    return out.replace(/\{,*/, '{').replace(/,*\}/, '}').replace(/,,+/g, ',').replace('{}', '');
  });
  const [family] = parsePrometheusTextFormat(`${stripped.join('\n')}\n`);
  return family?.metrics[0];
}

describe('GET /metrics', () => {
  let t: TestApp;
  let players: TestPlayer[];
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
    players = [await registerPlayer(t.app), await registerPlayer(t.app)];
  });
  afterAll(async () => {
    await t.close();
  });

  const scrapeText = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const scrape = async (): Promise<Map<string, PrometheusFamily>> =>
    new Map(parsePrometheusTextFormat(await scrapeText()).map((family) => [family.name, family]));
  const family = (families: Map<string, PrometheusFamily>, name: string): PrometheusFamily => {
    const found = families.get(name);
    if (found === undefined) throw new Error(`no ${name} in the metrics`);
    return found;
  };
  const gauge = (families: Map<string, PrometheusFamily>, name: string): number =>
    Number(family(families, name).metrics[0]?.value);
  /** Another app on the same database, given what main.ts passes from the database handle. */
  const appWith = (
    handleParts: Pick<Parameters<typeof buildApp>[0], 'poolStats' | 'writeGroups' | 'logRestarts'>,
  ) =>
    buildApp({
      config: testConfig({ metricsToken: TOKEN }),
      db: t.database.db,
      dialect: t.database.dialect,
      clock: t.clock,
      random: randomBytes,
      ...handleParts,
    });

  it('answers 401 without the bearer token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ i18n_comment: 'UNAUTHORIZED' });
    }
  });

  it('counts requests and their latencies by method, route pattern and status', async () => {
    for (const player of players)
      await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: player.headers });
    await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no/such/route/42' });
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${players[0]?.me.id}`,
      headers: players[1]?.headers,
    });
    const families = await scrape();

    const requests = family(families, 'starhold_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const count = (labels: Record<string, string>) =>
      Number(
        requests.metrics.find((sample) => JSON.stringify(sample.labels) === JSON.stringify(labels))?.value ??
          0,
      );
    expect(count({ method: 'GET', route: '/api/v1/me', status: '200' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/v1/me', status: '401' })).toBe(1);
    // A route pattern, never the id a request carried; unknown paths share one label.
    expect(count({ method: 'GET', route: '/api/v1/accounts/:id', status: '200' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(requests.metrics.some((sample) => sample.labels?.route?.includes('/42'))).toBe(false);

    expect(family(families, 'starhold_http_request_duration_seconds').type).toBe('HISTOGRAM');
    const me = histogramSeries(await scrapeText(), 'starhold_http_request_duration_seconds', {
      method: 'GET',
      route: '/api/v1/me',
      status: '200',
    });
    expect(me?.count).toBe('2');
    expect(Number(me?.sum)).toBeGreaterThan(0);
    expect(me?.buckets?.['10']).toBe('2');
  });

  it('reports the game: accounts due and the event lag, fleets in flight, active sessions, event-loop lag', async () => {
    let families = await scrape();
    expect(gauge(families, 'starhold_active_sessions')).toBe(2);
    expect(gauge(families, 'starhold_fleets_in_flight')).toBe(0);
    expect(gauge(families, 'starhold_accounts_due')).toBe(0);
    expect(gauge(families, 'starhold_event_lag_seconds')).toBe(0);
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');

    await t.database.db
      .updateTable('accounts')
      .set({ next_event_at: isoAt(t.clock() - 90_000) })
      .where('id', '=', players[0]?.me.id ?? 0)
      .execute();
    families = await scrape();
    expect(gauge(families, 'starhold_accounts_due')).toBe(1);
    expect(gauge(families, 'starhold_event_lag_seconds')).toBe(90);
  });

  it("counts SQLite's write transactions and the commits they shared (SQLite only)", async () => {
    const names = [
      'starhold_sqlite_write_transactions_total',
      'starhold_sqlite_commits_total',
      'starhold_sqlite_write_group_largest',
    ];
    const writeGroups = t.database.writeGroups;
    // As main.ts builds it: with the database handle's write groups (SQLite's only).
    const app = await appWith(writeGroups ? { writeGroups } : {});
    const families = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return new Map(parsePrometheusTextFormat(response.body).map((f) => [f.name, f]));
    };
    try {
      let scraped = await families();
      if (writeGroups === undefined) {
        for (const name of names) expect(scraped.has(name), name).toBe(false);
        return;
      }
      expect(family(scraped, names[0] as string).type).toBe('COUNTER');
      expect(family(scraped, names[1] as string).type).toBe('COUNTER');
      const transactions = gauge(scraped, names[0] as string);
      const commits = gauge(scraped, names[1] as string);
      expect(transactions).toBeGreaterThanOrEqual(commits);

      // Eight transactions queued at once: all eight counted, in fewer commits (one, unless a
      // group reached its time bound).
      const db = t.database.db;
      await Promise.all(
        Array.from({ length: 8 }, () =>
          t.database.dialect.writeTransaction(db, (trx) => trx.selectFrom('accounts').select('id').execute()),
        ),
      );
      scraped = await families();
      expect(gauge(scraped, names[0] as string) - transactions).toBe(8);
      const newCommits = gauge(scraped, names[1] as string) - commits;
      expect(newCommits).toBeGreaterThanOrEqual(1);
      expect(newCommits).toBeLessThan(8);
      expect(gauge(scraped, names[2] as string)).toBeGreaterThanOrEqual(8 / newCommits);
    } finally {
      await app.close();
    }
  });

  it("counts SQLite's log restarts by outcome, from an on-disk database's handle (decision 255)", async () => {
    const scrape = async (app: Awaited<ReturnType<typeof appWith>>) => {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return parsePrometheusTextFormat(response.body).find(
        (f) => f.name === 'starhold_sqlite_log_restarts_total',
      );
    };
    // Without the provider (PostgreSQL, SQLite in memory): no such family.
    const without = await appWith({});
    try {
      expect(await scrape(without)).toBeUndefined();
    } finally {
      await without.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'starhold-metrics-log-'));
    const disk = openDatabase({ kind: 'sqlite', file: join(dir, 'log.sqlite'), walLimitBytes: 64 * 1024 });
    const logRestarts = disk.logRestarts;
    const app = await appWith(logRestarts ? { logRestarts } : {});
    try {
      expect(logRestarts).toBeDefined();
      await sql`create table t (v blob)`.execute(disk.db);
      // Writes past the 64 KiB limit until the checkpointer has had the log started over.
      const deadline = Date.now() + 10_000;
      while ((logRestarts?.().started ?? 0) === 0 && Date.now() < deadline) {
        await sql`insert into t (v) values (randomblob(8192))`.execute(disk.db);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const counts = logRestarts?.();
      const family = await scrape(app);
      expect(family?.type).toBe('COUNTER');
      const value = (outcome: string) =>
        Number(family?.metrics.find((m) => 'labels' in m && m.labels?.outcome === outcome)?.value);
      expect(value('started')).toBe(counts?.started);
      expect(value('started')).toBeGreaterThan(0);
      expect(value('given_up')).toBe(counts?.givenUp);
    } finally {
      await app.close();
      await disk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows the PostgreSQL pool use (PostgreSQL only)', async () => {
    if (t.database.poolStats === undefined) return;
    const app = await appWith({ poolStats: t.database.poolStats });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const pool = parsePrometheusTextFormat(response.body).find(
        (f) => f.name === 'starhold_db_pool_connections',
      );
      expect(pool?.metrics.map((sample) => sample.labels?.state).sort()).toEqual([
        'idle',
        'in_use',
        'total',
        'waiting',
      ]);
      expect(Number(pool?.metrics.find((sample) => sample.labels?.state === 'total')?.value)).toBeGreaterThan(
        0,
      );
    } finally {
      await app.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/v1/ready', () => {
  it('is ready when the database answers (no scheduler in this process)', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { status: 'ready', database: 'ok', scheduler: 'off' } });
    } finally {
      await t.close();
    }
  });

  it("follows this process's scheduler: not ready once no run has ended for ten intervals", async () => {
    const clock = createTestClock();
    const progress = createSchedulerProgress(clock);
    let finish = () => {};
    const [task] = progress.track([
      {
        name: 'settle',
        intervalMs: 10_000,
        run: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      },
    ]);
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    const app = await buildApp({
      config: testConfig(),
      db: handle.db,
      dialect: handle.dialect,
      clock,
      random: randomBytes,
      schedulerProgress: progress,
    });
    const ready = () => app.inject({ method: 'GET', url: '/api/v1/ready' });
    try {
      expect((await ready()).json()).toMatchObject({ data: { scheduler: 'ok' } });
      const stuck = task?.run(clock());
      clock.advance(100_001);
      const stale = await ready();
      expect(stale.statusCode).toBe(503);
      expect(stale.json()).toMatchObject({ i18n_comment: 'NOT_READY', code: 1225 });
      finish();
      await stuck;
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('is not ready when the database does not answer, while /health still is', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    // A database that fails every statement, as one that went away would.
    const down = handle.db.withPlugin({
      transformQuery: () => {
        throw new Error('connection lost');
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const app = await buildApp({
      config: testConfig(),
      db: down,
      dialect: handle.dialect,
      clock: createTestClock(),
      random: randomBytes,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ i18n_comment: 'NOT_READY' });
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
