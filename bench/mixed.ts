/**
 * A mixed load that looks like play (issue 24), on SQLite or PostgreSQL (--pg, or
 * BENCH_DATABASE_URL): 100 connections at game speed 1 on a seeded database (1,500 players with a
 * session each, 100,000 accounts in the ranking), each connection a browser tab whose player
 * changes every 20 to 40 requests (connection i serves players i, i + 100, ...). 90 % of the
 * requests are the screens' reads, 10 % writes that succeed: level starts and their cancels, ship
 * and defense orders, emails marked read, transports and their recalls (bench/lib/mixed-load.ts).
 * The seed gives every player what those writes need (resources, cargo ships, a shipyard and an
 * arsenal, mines at level 10 so that no level start finishes before its cancel, Computer 30 and an
 * Admiral for ten places per unit queue and 33 fleet slots, 30 unread emails); the generator keeps
 * count of what each player has used, across runs.
 *
 * Each run measures the ceiling (bench/hello-server.mjs at the same 100 connections) and then the
 * mix, so the ratio compares moments alike. Targets (issue 24): at least 25 % of the ceiling, p99
 * under 30 ms on SQLite and 60 ms on PostgreSQL, no failure, writes succeeding (~100 %).
 *
 * Needs the built server (npm run build -w apps/server). 127.0.0.1 only, bounded in time.
 * Run: node --import tsx bench/mixed.ts [--pg] [--quick] [--json]
 * (BENCH_MIXED_RUNS, BENCH_MIXED_SECONDS: other run counts and lengths; BENCH_MIXED_WRITE_SHARE=0:
 * the reads alone; BENCH_MIXED_WRITES='PUT email read,POST ship order': only those new writes
 * (bench/lib/mixed-load.ts); BENCH_COMMIT: the commit's name when the tree is an export, not a checkout;
 * BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir /tmp/x': flags for the server's node, e.g. a CPU
 * profile of the whole bench, which `npm run bench:profile -- <file>.cpuprofile` summarises.)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { DEFENSES, SHIPS } from '../packages/rules/src/index.js';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/database.js';
import type { LoadResult, LoadSpec } from './load.js';
import type { MixedLoadResult, MixedLoadSpec, MixedPlayer } from './lib/mixed-load.js';
import { cpuMicros, freshPgDatabase, postgresCpuMicros } from './lib/pg.js';
import {
  drain,
  freePort,
  runForJson,
  startService,
  startStarhold,
  stopAll,
  type Service,
} from './lib/processes.js';
import { seedBenchDatabase } from './seed.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  (args.has('--pg') ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
const CONNECTIONS = 100;
const RUNS = Number(process.env.BENCH_MIXED_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? (QUICK ? 8 : 20));
const PLAYERS = 1500;
const ACCOUNTS = 100_000;
export const SYSTEMS = 1000;
const EMAILS_PER_PLAYER = 30;
/** BENCH_MIXED_WRITE_SHARE=0: the same reads alone (what the writes cost is the difference). */
const WRITE_SHARE = Number(process.env.BENCH_MIXED_WRITE_SHARE ?? 0.1);
export const UNIVERSE_SEED = 'starhold-bench';
/** What Chromium sends (the ceiling and the mix's GETs alike; decision 126). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const log = (message: string) => console.error(`[bench mixed] ${message}`);

export interface MixedRun {
  ceilingRps: number;
  ceilingP99Ms: number;
  mix: MixedLoadResult;
  /** CPU the server process (and on PostgreSQL every postgres process) spent per answered request. */
  serverCpuMicrosPerRequest: number;
  postgresCpuMicrosPerRequest: number | null;
  /** The machine's 1-minute load average when the run ended. */
  loadAverage: number;
}

export interface MixedBench {
  database: 'sqlite' | 'postgres';
  commit: string;
  /** Server sources differing from that commit when the bench ran (others' work in the tree). */
  serverTreeDirty: boolean;
  connections: number;
  seconds: number;
  players: number;
  writeShare: number;
  runs: MixedRun[];
  targets: { ratio: number; p99Ms: number; writesSucceeded: number };
}

/** A latency of the generator's answer: null (NaN in JSON) when no such request was answered. */
const ms = (value: number | null): string =>
  value === null || !Number.isFinite(value) ? '-' : value.toFixed(1);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function git(...gitArgs: string[]): string {
  try {
    return execFileSync('git', gitArgs, {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/**
 * What the writes need, straight into the seeded database before the server starts: resources,
 * a shipyard (2) and an arsenal (1), cargo ships, Combustion Drive 2 (the light fighter), Computer
 * 30 and an Admiral for a day (10 orders per unit queue, 33 fleet slots), and unread emails. The
 * mines at level 10 and no command center make every level start last from 12 minutes (command
 * center 1) to hours, so none finishes before its cancel (a finished one answers 404). Each
 * player's transports go to the next player's planet.
 */
async function preparePlayers(
  target: DatabaseTarget,
  playerIds: readonly number[],
  cookies: readonly string[],
  now: number,
): Promise<MixedPlayer[]> {
  const handle = openDatabase(target);
  try {
    const { db } = handle;
    const rows = await db
      .selectFrom('planets')
      .innerJoin('accounts', 'accounts.id', 'planets.account_id')
      .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
      .select(['planets.id', 'planets.account_id', 'accounts.race_id', 'orbits.system_id', 'orbits.index'])
      .where('planets.account_id', 'in', [...playerIds])
      .execute();
    const byAccount = new Map(rows.map((row) => [row.account_id, row]));
    const until = new Date(now + 24 * 60 * 60 * 1000).toISOString();
    const batch = <T>(items: T[], size: number): T[][] =>
      Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
        items.slice(index * size, (index + 1) * size),
      );
    await db.transaction().execute(async (trx) => {
      for (const ids of batch([...playerIds], 500))
        await trx
          .updateTable('planets')
          .set({ metal: 1e12, crystal: 1e12, fuel: 1e12 })
          .where('account_id', 'in', ids)
          .execute();
      const modules = rows.flatMap((row) => {
        const cargo = SHIPS.find((ship) => ship.race === row.race_id && ship.role === 'small_cargo')?.id ?? 7;
        return [
          { planet_id: row.id, type_id: 1, module_id: 1, value: 10 },
          { planet_id: row.id, type_id: 1, module_id: 2, value: 10 },
          { planet_id: row.id, type_id: 1, module_id: 3, value: 10 },
          { planet_id: row.id, type_id: 2, module_id: 2, value: 2 },
          { planet_id: row.id, type_id: 2, module_id: 5, value: 1 },
          { planet_id: row.id, type_id: 3, module_id: cargo, value: 1_000_000 },
        ];
      });
      for (const part of batch(modules, 500)) await trx.insertInto('planet_modules').values(part).execute();
      const research = playerIds.flatMap((account_id) => [
        { account_id, research_id: 4, level: 30 },
        { account_id, research_id: 7, level: 2 },
      ]);
      for (const part of batch(research, 500))
        await trx.insertInto('account_research').values(part).execute();
      const admirals = playerIds.map((account_id) => ({
        account_id,
        commandant_id: 3,
        available_until: until,
      }));
      for (const part of batch(admirals, 500)) await trx.insertInto('commandants').values(part).execute();
      const emails = playerIds.flatMap((account_id, index) =>
        Array.from({ length: EMAILS_PER_PLAYER }, (_, n) => ({
          account_id,
          title: 'welcome',
          params: JSON.stringify({ username: `bench${index}` }),
          created_at: new Date(now - (EMAILS_PER_PLAYER - n) * 60_000).toISOString(),
          read_at: null,
        })),
      );
      for (const part of batch(emails, 500)) await trx.insertInto('emails').values(part).execute();
    });
    const emailRows = await db
      .selectFrom('emails')
      .select(['id', 'account_id'])
      .where('account_id', 'in', [...playerIds])
      .orderBy('id')
      .execute();
    const emailIds = new Map<number, number[]>();
    for (const row of emailRows) {
      const list = emailIds.get(row.account_id) ?? [];
      list.push(row.id);
      emailIds.set(row.account_id, list);
    }
    return playerIds.map((accountId, index) => {
      const row = byAccount.get(accountId);
      const next = byAccount.get(playerIds[(index + 1) % playerIds.length] as number);
      if (row === undefined || next === undefined) throw new Error(`no planet for bench player ${accountId}`);
      const race = row.race_id;
      return {
        cookie: cookies[index] ?? '',
        emailIds: emailIds.get(accountId) ?? [],
        target: { system_id: next.system_id, orbit: next.index },
        cargoShip: SHIPS.find((ship) => ship.race === race && ship.role === 'small_cargo')?.id ?? 7,
        ship: SHIPS.find((ship) => ship.race === race && ship.role === 'light_fighter')?.id ?? 1,
        defense: DEFENSES.find((def) => def.race === race && def.role === 'armed')?.id ?? 1,
        // 3 + min(5, Computer / 2) + 2 with the Admiral (rules: maxQueueLength).
        unitQueue: 10,
      };
    });
  } finally {
    await handle.close();
  }
}

/**
 * The mixed bench's database: seeded by `seed` (this checkout's seedBenchDatabase, or another
 * checkout's, with its own migrations, for bench/ab-mixed.ts), then its players prepared.
 */
export async function seedMixedDatabase(
  target: DatabaseTarget,
  seed: typeof seedBenchDatabase = seedBenchDatabase,
): Promise<{ seconds: number; players: MixedPlayer[] }> {
  const now = Date.now();
  const seeded = await seed({
    target,
    universeSeed: UNIVERSE_SEED,
    systemCount: SYSTEMS,
    players: PLAYERS,
    accounts: ACCOUNTS,
    now,
    tokenTtlMs: 2 * 60 * 60 * 1000,
  });
  return {
    seconds: seeded.seconds,
    players: await preparePlayers(target, seeded.playerIds, seeded.cookies, now),
  };
}

async function main(): Promise<MixedBench> {
  const entry = join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(entry))
    throw new Error('no apps/server/dist/main.js: run `npm run build -w apps/server` first');
  const sourcesNewer = ['apps/server/src', 'packages/rules/src', 'packages/contract/src'].some(
    (dir) => newestMtime(join(ROOT, dir)) > newestMtime(entry),
  );
  if (sourcesNewer)
    log('warning: the server sources are newer than apps/server/dist (the build is measured)');
  // BENCH_COMMIT names the commit when the tree is an export (git archive) rather than a checkout.
  const commit = process.env.BENCH_COMMIT ?? (git('rev-parse', '--short', 'HEAD') || 'unknown');
  const serverTreeDirty =
    git('status', '--porcelain', '--', 'apps/server/src', 'packages/rules/src', 'packages/contract/src') !==
    '';

  const work = mkdtempSync(join(tmpdir(), 'starhold-bench-mixed-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const database = PG_URL ? await freshPgDatabase(PG_URL) : null;
  const target: DatabaseTarget = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', file: join(dataDir, 'starhold.sqlite') };
  const services: Service[] = [];
  try {
    const { seconds, players } = await seedMixedDatabase(target);
    log(
      `seeded ${PLAYERS} players (${ACCOUNTS} accounts) in ${seconds.toFixed(1)} s on ${database ? 'PostgreSQL' : 'SQLite'}, commit ${commit}${serverTreeDirty ? ' (server sources modified in the tree)' : ''}`,
    );
    const playersFile = join(work, 'players.json');
    const stateFile = join(work, 'state.json');
    writeFileSync(playersFile, JSON.stringify(players));

    const common = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
    const helloPort = await freePort();
    services.push(
      await startService(
        [join(ROOT, 'bench/hello-server.mjs')],
        { ...common, PORT: String(helloPort) },
        'hello server listening',
      ),
    );
    const server = await startStarhold(
      await freePort(),
      {
        ...common,
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        SYSTEM_COUNT: String(SYSTEMS),
        UNIVERSE_SEED,
        GAME_SPEED: '1',
        RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
      },
      (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    );
    services.push(server);
    const origin = server.origin;

    const ceilingSpec: LoadSpec = {
      origin: `http://127.0.0.1:${helloPort}`,
      mode: 'get',
      path: '/hello',
      acceptEncoding: BROWSER_ACCEPT_ENCODING,
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    const ceiling = (seconds: number) =>
      runForJson<LoadResult>(
        ['--import', 'tsx', join(ROOT, 'bench/load.ts'), JSON.stringify({ ...ceilingSpec, seconds })],
        (seconds + 60) * 1000,
      );
    let seedNumber = 1;
    const mix = async (seconds: number) => {
      const spec: MixedLoadSpec = {
        origin,
        connections: CONNECTIONS,
        seconds,
        playersFile,
        stateFile,
        seed: 1000 * seedNumber++,
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
        writeShare: WRITE_SHARE,
      };
      const result = await runForJson<MixedLoadResult>(
        ['--import', 'tsx', join(ROOT, 'bench/lib/mixed-load.ts'), JSON.stringify(spec)],
        (seconds + 60) * 1000,
      );
      await drain(origin, 120_000);
      return result;
    };

    log('warming up...');
    await ceiling(1);
    const warm = await mix(2);
    if (warm.writes.refused + warm.writes.failed > 0 || warm.socketErrors + warm.timeouts > 0)
      log(
        `warm-up: ${warm.writes.refused} writes refused, ${warm.writes.failed} failed, ${warm.socketErrors} errors`,
      );

    const runs: MixedRun[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const hello = await ceiling(SECONDS);
      const serverBefore = cpuMicros(server.pid);
      const pgBefore = database ? postgresCpuMicros() : 0;
      const result = await mix(SECONDS);
      const serverCpu = cpuMicros(server.pid) - serverBefore;
      const pgCpu = database ? postgresCpuMicros() - pgBefore : null;
      const answered = Math.max(1, result.answered);
      const entry: MixedRun = {
        ceilingRps: hello.requestsPerSecond,
        ceilingP99Ms: hello.p99Ms,
        mix: result,
        serverCpuMicrosPerRequest: serverCpu / answered,
        postgresCpuMicrosPerRequest: pgCpu === null ? null : pgCpu / answered,
        loadAverage: loadavg()[0] ?? Number.NaN,
      };
      runs.push(entry);
      const { writes } = result;
      log(
        `run ${run}/${RUNS}: ${result.requestsPerSecond.toFixed(0)} req/s = ${((100 * result.requestsPerSecond) / hello.requestsPerSecond).toFixed(1)} % of hello ${hello.requestsPerSecond.toFixed(0)} req/s; ` +
          `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms; writes ${writes.succeeded}/${writes.answered} succeeded ` +
          `(p99 ${ms(writes.p99Ms)} ms, ${writes.refused} refused, ${writes.failed} failed); ` +
          `generator ${result.loadCpuMicrosPerRequest.toFixed(0)} µs CPU/request (${(100 * result.loadCpuShareOfOneCore).toFixed(0)} % of a core), ` +
          `server ${entry.serverCpuMicrosPerRequest.toFixed(0)} µs${entry.postgresCpuMicrosPerRequest === null ? '' : ` + postgres ${entry.postgresCpuMicrosPerRequest.toFixed(0)} µs`}; load average ${entry.loadAverage.toFixed(2)}`,
      );
    }
    return {
      database: database ? 'postgres' : 'sqlite',
      commit,
      serverTreeDirty,
      connections: CONNECTIONS,
      seconds: SECONDS,
      players: PLAYERS,
      writeShare: WRITE_SHARE,
      runs,
      targets: { ratio: 0.25, p99Ms: database ? 60 : 30, writesSucceeded: 0.999 },
    };
  } finally {
    for (const service of services.reverse()) await service.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures of a mixed bench as rows of `npm run bench`'s table (medians over the runs). */
export function mixedRows(bench: MixedBench): string[][] {
  const ratios = bench.runs.map((run) => run.mix.requestsPerSecond / run.ceilingRps);
  const rps = bench.runs.map((run) => run.mix.requestsPerSecond);
  const p99 = bench.runs.map((run) => run.mix.p99Ms);
  const writeP99 = bench.runs.map((run) => run.mix.writes.p99Ms).filter((value) => Number.isFinite(value));
  const ceiling = median(bench.runs.map((run) => run.ceilingRps));
  const sum = (pick: (run: MixedRun) => number) => bench.runs.reduce((total, run) => total + pick(run), 0);
  const writes = sum((run) => run.mix.writes.answered);
  const succeeded = sum((run) => run.mix.writes.succeeded);
  const failures = sum(
    (run) =>
      run.mix.writes.failed +
      (run.mix.reads.answered - run.mix.reads.ok) +
      run.mix.socketErrors +
      run.mix.timeouts,
  );
  const share = writes === 0 ? 0 : succeeded / writes;
  const spread = (values: number[], digits: number, scale = 1) => {
    const sorted = [...values].sort((a, b) => a - b);
    return [sorted[0], median(values), sorted.at(-1)]
      .map((value) => ((value ?? Number.NaN) * scale).toFixed(digits))
      .join(' / ');
  };
  const met = median(ratios) >= bench.targets.ratio && median(p99) < bench.targets.p99Ms && failures === 0;
  return [
    [
      `mixed load, ${bench.connections} connections, ${Math.round(100 * (1 - bench.writeShare))} % reads / ${Math.round(100 * bench.writeShare)} % writes: req/s (p99 ms)`,
      `${spread(rps, 0)} (p99 ${spread(p99, 1)})`,
      `${ceiling.toFixed(0)} req/s hello at ${bench.connections} connections`,
      `${spread(ratios, 1, 100)} %`,
      `>= ${bench.targets.ratio * 100} %, p99 < ${bench.targets.p99Ms} ms`,
      met ? 'yes' : `NO${failures > 0 ? ` (${failures} failed)` : ''}`,
    ],
    [
      'mixed load: writes succeeded (p99 ms of writes)',
      `${succeeded} of ${writes} (p99 ${spread(writeP99, 1)})`,
      '-',
      `${(share * 100).toFixed(2)} %`,
      `>= ${bench.targets.writesSucceeded * 100} %`,
      writes === 0 ? '-' : share >= bench.targets.writesSucceeded ? 'yes' : 'NO',
    ],
  ];
}

function summary(bench: MixedBench): string {
  const lines = [
    `mixed load on ${bench.database}, commit ${bench.commit}${bench.serverTreeDirty ? ' (+ uncommitted server changes)' : ''}: ${bench.runs.length} runs x ${bench.seconds} s, ${bench.connections} connections, ${bench.players} players, node ${process.version}`,
  ];
  const rows = mixedRows(bench);
  for (const row of rows)
    lines.push(`  ${row[0]}: ${row[1]}; ${row[2]}; ${row[3]}; target ${row[4]}; met ${row[5]}`);
  const calls = new Map<
    string,
    { kind: string; sent: number; statuses: Map<string, number>; p99: number[] }
  >();
  for (const run of bench.runs)
    for (const [name, figures] of Object.entries(run.mix.calls)) {
      const entry = calls.get(name) ?? {
        kind: figures.kind,
        sent: 0,
        statuses: new Map<string, number>(),
        p99: [] as number[],
      };
      entry.sent += figures.sent;
      for (const [status, count] of Object.entries(figures.statuses))
        entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + count);
      if (Number.isFinite(figures.p99Ms)) entry.p99.push(figures.p99Ms);
      calls.set(name, entry);
    }
  lines.push('  per call (all runs): sent, statuses, p99 ms (median of the runs)');
  for (const [name, entry] of calls)
    lines.push(
      `    ${entry.kind === 'write' ? 'W' : 'R'} ${name}: ${entry.sent} sent, ${[...entry.statuses].map(([status, count]) => `${count} x ${status}`).join(', ') || 'no answer'}, p99 ${median(entry.p99).toFixed(1)}`,
    );
  for (const [index, run] of bench.runs.entries())
    lines.push(
      `  run ${index + 1}: ${run.mix.requestsPerSecond.toFixed(0)} req/s vs hello ${run.ceilingRps.toFixed(0)} (p99 ${run.ceilingP99Ms} ms); ` +
        `p50 ${run.mix.p50Ms.toFixed(1)} / p99 ${run.mix.p99Ms.toFixed(1)} / max ${run.mix.maxMs.toFixed(0)} ms; ` +
        `reads p99 ${run.mix.reads.p99Ms.toFixed(1)} ms, writes p50 ${ms(run.mix.writes.p50Ms)} / p99 ${ms(run.mix.writes.p99Ms)} ms; ` +
        `failures: ${run.mix.reads.answered - run.mix.reads.ok} reads not 2xx, ${run.mix.writes.failed} writes 5xx, ${run.mix.socketErrors} socket errors, ${run.mix.timeouts} time-outs; ` +
        `${run.mix.unanswered} unanswered at the stop, ${run.mix.substitutions} substituted writes; ` +
        `generator ${run.mix.loadCpuMicrosPerRequest.toFixed(0)} µs/request (${(100 * run.mix.loadCpuShareOfOneCore).toFixed(0)} % of a core), ` +
        `server ${run.serverCpuMicrosPerRequest.toFixed(0)} µs/request${run.postgresCpuMicrosPerRequest === null ? '' : ` + postgres ${run.postgresCpuMicrosPerRequest.toFixed(0)} µs`}; load average ${run.loadAverage.toFixed(2)}`,
    );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('SIGINT', () => {
    stopAll();
    process.exit(130);
  });
  main()
    .then((result) => {
      console.log(summary(result));
      if (args.has('--json')) console.log(JSON.stringify(result));
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      stopAll();
      process.exitCode = 1;
    });
}
