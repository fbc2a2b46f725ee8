/**
 * Fleet figures (issue 19), on SQLite or PostgreSQL (--pg, or BENCH_DATABASE_URL):
 * - dispatch: `POST /me/fleets` requests/s and p99 at 50 connections against the hello server's
 *   ceiling in the same run, each connection's players sending one cargo ship in turn, each
 *   having opened the fleet screen once before the run (as players order from it);
 * - arrivals: 10,000 fleets (half attacks on defended planets, half transports) due at once,
 *   applied by the scheduler's own loop (`runSchedulerOnce`, as the periodic task runs it), with
 *   arrivals/s and the p99 of `GET /me/planet` (idle players reading meanwhile).
 * The server runs in this process on a clock the bench holds still while it dispatches (every
 * fleet leaves in the same instant) and then moves past the last arrival; autocannon loads it
 * from its own process (bench/load.ts). 127.0.0.1 only, bounded in time.
 * Run: node --max-semi-space-size=32 --import tsx bench/fleets.ts [--pg] [--quick] [--json] (the
 * server runs in this process: npm start's node flags, as bench/run.ts passes them). Each dispatch
 * run prints the server's CPU a request. BENCH_FLEETS=n: fewer fleets due; BENCH_FLEETS_ARRIVALS_ONLY=1:
 * the arrival figure alone; BENCH_FLEETS_COUNT=1: the statements of the dispatch runs and of the
 * arrivals, by text (each one's time on SQLite); BENCH_FLEETS_PROFILE / BENCH_FLEETS_DISPATCH_PROFILE
 * =<file>: a CPU profile of the arrivals / of the dispatch runs; BENCH_FLEETS_READERS=0: nobody
 * reads while the arrivals settle (the scheduler's rate alone).
 */
import BetterSqlite from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { CompiledQuery, Kysely } from 'kysely';
import { DEFENSES } from '../packages/rules/src/index.js';
import type { Database } from '../apps/server/src/db/schema.js';
import type { DatabaseTarget } from '../apps/server/src/db/database.js';
import { importBundled } from './lib/bundled.js';
import type * as FleetsServer from './lib/fleets-server.js';
import type { LoadResult, LoadSpec } from './load.js';
import { freshPgDatabase } from './lib/pg.js';
import { freePort, runForJson, startService, stopAll, type Service } from './lib/processes.js';
import { seedBenchDatabase } from './seed.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  (args.has('--pg') ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
const CONNECTIONS = 50;
const RUNS = 3;
const SECONDS = QUICK ? 3 : 5;
const FLEETS = Number(process.env.BENCH_FLEETS ?? 10_000);
/**
 * 31 fleet slots each: 43,400 fleets a run may send before orders are refused (FLEET_SLOTS_FULL)
 * instead of measured; 900 senders (27,900) were filled within a 5 s run at 6,000 a second. The
 * 1,000 systems' high-security space has homes for about 1,690 players.
 */
const SENDERS = 1400;
const TARGETS = 100;
const READERS = 100;
const SYSTEMS = 1000;
const UNIVERSE_SEED = 'starhold-bench';
const API = '/api/v1';
const log = (message: string) => console.error(`[bench fleets] ${message}`);

export interface FleetBench {
  database: 'sqlite' | 'postgres';
  dispatch: { rps: number[]; p99Ms: number[]; ceilingRps: number[]; failures: number };
  arrivals: {
    fleets: number;
    attacks: number;
    seconds: number;
    perSecond: number;
    left: number;
    planetP99Ms: number;
    /** The same readers' figures before the arrivals are due (nothing but reads). */
    planetIdleP99Ms: number;
    planetIdleRps: number;
    planetRps: number;
    planetFailures: number;
    loadSeconds: number;
    /** The server's event-loop delay while arrivals settle (the bench's process). */
    loopDelayP99Ms: number;
    loopDelayMaxMs: number;
  };
}

type Ids = { race: number; planetId: number; systemId: number; orbit: number };

async function load(spec: Omit<LoadSpec, 'connections'>): Promise<LoadResult> {
  return runForJson<LoadResult>(
    ['--import', 'tsx', join(ROOT, 'bench/load.ts'), JSON.stringify({ ...spec, connections: CONNECTIONS })],
    (spec.seconds + 60) * 1000,
  );
}

/** Statement text (first 100 characters) -> how many ran, and the microseconds they took. */
type StatementCounts = Map<string, { count: number; micros: number }>;

/**
 * Counts the statements the process runs, by their first 100 characters, until `stop`, with the
 * time each took on SQLite: at better-sqlite3's statements (the server runs most of them straight
 * on its connection, decision 217), or, on PostgreSQL, at every Kysely executor (they share one
 * base class; their time is a round trip, not counted).
 */
function countStatements(
  db: Kysely<Database>,
  onSqlite: boolean,
): { stop(): StatementCounts; pause(paused: boolean): void } {
  const counts: StatementCounts = new Map();
  let paused = false;
  const record = (source: string, micros: number) => {
    if (paused) return;
    const text = source.replace(/\s+/g, ' ').slice(0, 100);
    const entry = counts.get(text) ?? { count: 0, micros: 0 };
    entry.count += 1;
    entry.micros += micros;
    counts.set(text, entry);
  };
  type Method = (this: { source: string }, ...args: unknown[]) => unknown;
  const patched: [Record<string, Method>, string, Method][] = [];
  const patch = (target: Record<string, Method>, name: string, wrapped: (original: Method) => Method) => {
    const original = target[name] as Method;
    patched.push([target, name, original]);
    target[name] = wrapped(original);
  };
  if (onSqlite) {
    // Every connection's statements share better-sqlite3's Statement prototype.
    const probe = new BetterSqlite(':memory:');
    const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Method>;
    probe.close();
    for (const name of ['run', 'all', 'get'])
      patch(
        statement,
        name,
        (original) =>
          function (this: { source: string }, ...args: unknown[]) {
            const started = performance.now();
            try {
              return original.apply(this, args);
            } finally {
              record(this.source, (performance.now() - started) * 1000);
            }
          },
      );
  } else {
    const base = Object.getPrototypeOf(Object.getPrototypeOf(db.getExecutor())) as Record<string, Method>;
    patch(
      base,
      'executeQuery',
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          record((args[0] as CompiledQuery).sql, 0);
          return original.apply(this as { source: string }, args);
        },
    );
  }
  return {
    stop() {
      for (const [target, name, original] of patched) target[name] = original;
      return counts;
    },
    /** Statements run while paused (the untimed reads between runs) are not counted. */
    pause(value) {
      paused = value;
    },
  };
}

function logStatements(counts: StatementCounts, units: number, unit: string): void {
  const total = [...counts.values()].reduce((sum, { count }) => sum + count, 0);
  log(
    `${total} statements for ${units} of them (${(total / units).toFixed(1)} per ${unit}; µs each on SQLite):`,
  );
  for (const [text, { count, micros }] of [...counts].sort((a, b) => b[1].count - a[1].count).slice(0, 30))
    log(`  ${String(count).padStart(7)} ${(micros / count).toFixed(1).padStart(7)}  ${text}`);
}

async function main(): Promise<FleetBench> {
  // The server as `npm start` runs it: bundled, not compiled module by module by tsx (bench/lib/bundled.ts).
  const { buildApp, loadConfig, openDatabase, economyDeps, runSchedulerOnce } = await importBundled<
    typeof FleetsServer
  >('bench/lib/fleets-server.ts', 'fleets-server');
  const work = mkdtempSync(join(tmpdir(), 'starhold-bench-fleets-'));
  const database = PG_URL ? await freshPgDatabase(PG_URL) : null;
  const target: DatabaseTarget = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', file: join(work, 'starhold.sqlite') };
  const services: Service[] = [];
  let closeApp: (() => Promise<void>) | undefined;
  try {
    const players = SENDERS + TARGETS + READERS;
    const seed = await seedBenchDatabase({
      target,
      universeSeed: UNIVERSE_SEED,
      systemCount: SYSTEMS,
      players,
      accounts: players,
      now: Date.now(),
      tokenTtlMs: 6 * 60 * 60 * 1000,
    });
    log(`seeded ${players} players in ${seed.seconds.toFixed(1)} s on ${database ? 'PostgreSQL' : 'SQLite'}`);
    const handle = openDatabase(target);
    const { db } = handle;

    // Targets (the first 100 players) move to low or null security, where attacks are allowed,
    // with defenses and a few fighters; everyone gets ships, resources and 31 fleet slots.
    const places = new Map<number, Ids>();
    const free = await db
      .selectFrom('orbits')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select(['orbits.id'])
      .where('systems.security_id', 'in', [2, 3])
      .where('planets.id', 'is', null)
      .orderBy('orbits.id')
      .limit(TARGETS)
      .execute();
    if (free.length < TARGETS) throw new Error(`only ${free.length} free orbits out of high security`);
    for (const [index, accountId] of seed.playerIds.entries()) {
      const row = await db
        .selectFrom('planets')
        .innerJoin('accounts', 'accounts.id', 'planets.account_id')
        .select(['planets.id', 'accounts.race_id'])
        .where('planets.account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      const isTarget = index < TARGETS;
      await db
        .updateTable('planets')
        .set({
          metal: 1e12,
          crystal: 1e12,
          fuel: 1e12,
          ...(isTarget ? { orbit_id: (free[index] as { id: number }).id } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      const cargo = row.race_id === 1 ? 7 : 17;
      const fighter = row.race_id === 1 ? 1 : 11;
      const defense = DEFENSES.find((def) => def.race === row.race_id && def.role === 'armed')?.id ?? 1;
      const modules = isTarget
        ? [
            { type_id: 3, module_id: fighter, value: 50 },
            { type_id: 4, module_id: defense, value: 200 },
          ]
        : [
            { type_id: 3, module_id: cargo, value: 1_000_000 },
            { type_id: 3, module_id: fighter, value: 1_000_000 },
          ];
      for (const module of modules)
        await db
          .insertInto('planet_modules')
          .values({ planet_id: row.id, ...module })
          .onConflict((oc) =>
            oc.columns(['planet_id', 'type_id', 'module_id']).doUpdateSet({ value: module.value }),
          )
          .execute();
      await db
        .insertInto('account_research')
        .values({ account_id: accountId, research_id: 4, level: 30 })
        .onConflict((oc) => oc.columns(['account_id', 'research_id']).doUpdateSet({ level: 30 }))
        .execute();
      const place = await db
        .selectFrom('planets')
        .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
        .select(['orbits.system_id', 'orbits.index'])
        .where('planets.id', '=', row.id)
        .executeTakeFirstOrThrow();
      places.set(accountId, {
        race: row.race_id,
        planetId: row.id,
        systemId: place.system_id,
        orbit: place.index,
      });
    }

    // The clock stands still while fleets leave, then jumps past the last arrival.
    let frozenAt: number | null = Date.now();
    let offset = 0;
    const clock = () => frozenAt ?? Date.now() + offset;
    const config = {
      ...loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', UNIVERSE_SEED, SYSTEM_COUNT: String(SYSTEMS) }),
      databaseUrl: database?.url,
      gameSpeed: 100,
      scheduler: false,
    };
    const app = await buildApp({
      config,
      db,
      dialect: handle.dialect,
      clock,
      random: randomBytes,
      rateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    closeApp = async () => {
      await app.close();
      await handle.close();
    };
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const helloPort = await freePort();
    services.push(
      await startService(
        [join(ROOT, 'bench/hello-server.mjs')],
        // At warn, as bench/run.ts and bench/mixed.ts start it: at the default info it logged two
        // lines per request, which cut its rate (the ceiling) by more than half.
        {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(helloPort),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        'hello server listening',
      ),
    );

    const ids = seed.playerIds;
    const cookieOf = new Map(ids.map((id, index) => [id, seed.cookies[index] ?? '']));
    const senders = ids.slice(TARGETS, TARGETS + SENDERS);
    const targets = ids.slice(0, TARGETS);
    const readers = ids.slice(TARGETS + SENDERS);
    const order = (sender: number, to: number, attack: boolean) => {
      const from = places.get(sender) as Ids;
      const place = places.get(to) as Ids;
      const cargoShip = from.race === 1 ? 7 : 17;
      const fighter = from.race === 1 ? 1 : 11;
      return {
        mission: attack ? 3 : 1,
        target: { system_id: place.systemId, orbit: place.orbit },
        ships: [{ id: attack ? fighter : cargoShip, count: attack ? 20 : 1 }],
        speed: 100,
        prefer: 'shortest',
        ...(attack ? {} : { cargo: { metal: 100, crystal: 0, fuel: 0 } }),
      };
    };

    // ---- dispatch throughput ----
    const cookiesFile = join(work, 'senders.json');
    const bodiesFile = join(work, 'bodies.json');
    writeFileSync(cookiesFile, JSON.stringify(senders.map((id) => cookieOf.get(id))));
    writeFileSync(
      bodiesFile,
      JSON.stringify(
        senders.map((id, index) =>
          JSON.stringify(order(id, senders[(index + 1) % senders.length] as number, false)),
        ),
      ),
    );
    const helloSpec = { origin: `http://127.0.0.1:${helloPort}`, mode: 'get' as const, path: '/hello' };
    const dispatchSpec = { origin, mode: 'post' as const, path: `${API}/me/fleets`, cookiesFile, bodiesFile };
    /**
     * The dispatched fleets go, as if never sent (ships and all; the bench checks no balance):
     * the clock stands still, so none comes back, and each sender has 31 slots (SENDERS), which
     * runs one after the other at several thousand dispatches a second would fill, their later
     * requests then refused (FLEET_SLOTS_FULL) rather than measured. Answers autocannon left pending when
     * it stopped still commit: they are waited for first.
     */
    const clearFleets = async (waitMs: number) => {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      await db.deleteFrom('fleets').execute();
    };
    /**
     * That delete is the bench's own write behind the server's back: it moves every sender's
     * state version, so each sender's next order found its kept state stale and loaded the whole
     * state again (seven statements; on PostgreSQL seven round trips, where a sender orders about
     * once a run: every order of those runs was such a cold one). Play never does that: a player
     * orders from the fleet screen, whose reads keep the state, and the server's own writes keep
     * it current. So each sender reads GET /me/fleets once, untimed, before a run, as a player
     * opening the screen would.
     */
    const openFleetScreens = async () => {
      const queue = senders.map((id) => cookieOf.get(id) ?? '');
      const worker = async () => {
        for (let cookie = queue.pop(); cookie !== undefined; cookie = queue.pop()) {
          const response = await fetch(`${origin}${API}/me/fleets`, { headers: { cookie } });
          if (response.status !== 200) throw new Error(`GET /me/fleets answered ${response.status}`);
          await response.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    };
    if (process.env.BENCH_FLEETS_ARRIVALS_ONLY !== '1') {
      await load({ ...helloSpec, seconds: 1 });
      await load({ ...dispatchSpec, seconds: 1 });
      await clearFleets(500);
      await openFleetScreens();
    }
    const dispatch: FleetBench['dispatch'] = { rps: [], p99Ms: [], ceilingRps: [], failures: 0 };
    // BENCH_FLEETS_ARRIVALS_ONLY=1: the arrival figure alone (profiling the scheduler's path).
    const runs = process.env.BENCH_FLEETS_ARRIVALS_ONLY === '1' ? 0 : RUNS;
    // BENCH_FLEETS_DISPATCH_PROFILE=<file>: a CPU profile of this process during the dispatch runs.
    const dispatchProfileFile = process.env.BENCH_FLEETS_DISPATCH_PROFILE;
    const dispatchProfiler = dispatchProfileFile === undefined || runs === 0 ? null : new Session();
    if (dispatchProfiler !== null) {
      dispatchProfiler.connect();
      await dispatchProfiler.post('Profiler.enable');
      await dispatchProfiler.post('Profiler.start');
    }
    // BENCH_FLEETS_COUNT=1: the statements the dispatch runs make, by text.
    const dispatchStatements =
      process.env.BENCH_FLEETS_COUNT === '1' && runs > 0 ? countStatements(db, database === null) : null;
    let dispatched = 0;
    for (let run = 1; run <= runs; run += 1) {
      const ceiling = await load({ ...helloSpec, seconds: SECONDS });
      const cpu = process.cpuUsage();
      const result = await load({ ...dispatchSpec, seconds: SECONDS });
      const used = process.cpuUsage(cpu);
      const cpuUs = result.requests > 0 ? (used.user + used.system) / result.requests : 0;
      dispatch.ceilingRps.push(ceiling.requestsPerSecond);
      dispatch.rps.push(result.requestsPerSecond);
      dispatch.p99Ms.push(result.p99Ms);
      dispatch.failures += result.non2xx + result.errors;
      dispatched += result.requests;
      log(
        `dispatch run ${run}: ${result.requestsPerSecond.toFixed(0)} req/s (p99 ${result.p99Ms} ms, ${result.non2xx} non-2xx; server ${cpuUs.toFixed(0)} µs CPU each) vs hello ${ceiling.requestsPerSecond.toFixed(0)} req/s`,
      );
      if (run < runs) {
        dispatchStatements?.pause(true);
        await clearFleets(500);
        await openFleetScreens();
        dispatchStatements?.pause(false);
      }
    }
    if (dispatchStatements !== null) logStatements(dispatchStatements.stop(), dispatched, 'dispatch');
    if (dispatchProfiler !== null && dispatchProfileFile !== undefined) {
      const { profile } = await dispatchProfiler.post('Profiler.stop');
      writeFileSync(dispatchProfileFile, JSON.stringify(profile));
      dispatchProfiler.disconnect();
      log(`CPU profile of the dispatch runs in ${dispatchProfileFile}`);
    }
    // The throughput runs' fleets are not part of the arrival figure: exactly FLEETS fleets fall due.
    await clearFleets(2000);

    // ---- 10,000 fleets due at once ----
    const attacks = Math.floor(FLEETS / 2);
    const jobs = Array.from({ length: FLEETS }, (_, index) => {
      const sender = senders[index % senders.length] as number;
      const attack = index < attacks;
      const to = attack
        ? (targets[index % targets.length] as number)
        : (targets[(index * 7) % targets.length] as number);
      return { sender, body: order(sender, to, attack) };
    });
    let next = 0;
    let refused = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < jobs.length) {
          const job = jobs[next] as (typeof jobs)[number];
          next += 1;
          const response = await fetch(`${origin}${API}/me/fleets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookieOf.get(job.sender) ?? '' },
            body: JSON.stringify(job.body),
          });
          await response.arrayBuffer();
          if (response.status !== 201) refused += 1;
        }
      }),
    );
    const due = await db
      .selectFrom('fleets')
      .select((eb) => eb.fn.max('arrives_at').as('last'))
      .executeTakeFirstOrThrow();
    const outbound = async () =>
      Number(
        (
          await db
            .selectFrom('fleets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('state', '=', 'outbound')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fleets = await outbound();
    log(
      `${fleets} fleets dispatched in ${((Date.now() - started) / 1000).toFixed(1)} s (${refused} refused)`,
    );
    const readersFile = join(work, 'readers.json');
    writeFileSync(readersFile, JSON.stringify(readers.map((id) => cookieOf.get(id))));
    // The same readers before anything is due: what this machine gives without arrivals.
    const idle = await load({
      origin,
      mode: 'get',
      path: `${API}/me/planet`,
      cookiesFile: readersFile,
      seconds: 3,
    });
    log(
      `GET /me/planet with nothing due: p99 ${idle.p99Ms} ms at ${idle.requestsPerSecond.toFixed(0)} req/s`,
    );

    const last = Date.parse(String(due.last));
    offset = last + 1000 - Date.now();
    frozenAt = null;

    const loadSeconds = QUICK ? 5 : 10;
    // BENCH_FLEETS_READERS=0: nobody reads while the arrivals settle (the scheduler's own rate;
    // the read figures printed are then those with nothing due).
    const readersOn = process.env.BENCH_FLEETS_READERS !== '0';
    const reading = readersOn
      ? load({
          origin,
          mode: 'get',
          path: `${API}/me/planet`,
          cookiesFile: readersFile,
          seconds: loadSeconds,
        })
      : Promise.resolve(idle);
    // Let autocannon connect before the scheduler starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deps = economyDeps({ db, dialect: handle.dialect, config });
    // How long the server's event loop (this process) is held at a time while arrivals settle:
    // a read waits at least that long.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    // BENCH_FLEETS_PROFILE=<file>: a CPU profile of this process while the arrivals settle.
    const profileFile = process.env.BENCH_FLEETS_PROFILE;
    const profiler = profileFile === undefined ? null : new Session();
    if (profiler !== null) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // BENCH_FLEETS_COUNT=1: the statements the server runs while the arrivals settle, by text.
    const statements = process.env.BENCH_FLEETS_COUNT === '1' ? countStatements(db, database === null) : null;
    const settleStart = performance.now();
    const deadline = Date.now() + 300_000;
    let left = fleets;
    while (left > 0 && Date.now() < deadline) {
      // The periodic task's loop: batches of 100 accounts until one comes back short.
      while ((await runSchedulerOnce(deps, clock(), 100)) === 100);
      left = await outbound();
    }
    const seconds = (performance.now() - settleStart) / 1000;
    loopDelay.disable();
    if (statements !== null) logStatements(statements.stop(), fleets - left, 'arrival');
    if (profiler !== null && profileFile !== undefined) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      profiler.disconnect();
      log(`CPU profile of the arrivals in ${profileFile}`);
    }
    const planet = await reading;
    const arrivals: FleetBench['arrivals'] = {
      fleets,
      attacks,
      seconds,
      perSecond: (fleets - left) / seconds,
      left,
      planetP99Ms: planet.p99Ms,
      planetIdleP99Ms: idle.p99Ms,
      planetIdleRps: idle.requestsPerSecond,
      planetRps: planet.requestsPerSecond,
      planetFailures: planet.non2xx + planet.errors,
      loadSeconds,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
    };
    log(
      `${fleets - left} arrivals in ${seconds.toFixed(1)} s: ${arrivals.perSecond.toFixed(0)}/s; ${readersOn ? `GET /me/planet meanwhile p99 ${planet.p99Ms} ms at ${planet.requestsPerSecond.toFixed(0)} req/s over ${loadSeconds} s` : 'nobody reading'}; event loop held p99 ${arrivals.loopDelayP99Ms.toFixed(0)} ms, max ${arrivals.loopDelayMaxMs.toFixed(0)} ms`,
    );
    return { database: database ? 'postgres' : 'sqlite', dispatch, arrivals };
  } finally {
    await closeApp?.();
    for (const service of services) await service.stop();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main()
    .then((result) => {
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
      console.log(
        `dispatch: ${median(result.dispatch.rps).toFixed(0)} req/s median (p99 ${median(result.dispatch.p99Ms)} ms), ceiling ${median(result.dispatch.ceilingRps).toFixed(0)} req/s, ${result.dispatch.failures} failed`,
      );
      console.log(
        `arrivals (${result.database}): ${result.arrivals.fleets} fleets, ${result.arrivals.perSecond.toFixed(0)}/s (target ${result.database === 'sqlite' ? 2000 : 1000}/s); GET /me/planet p99 ${result.arrivals.planetP99Ms} ms (target < 20 ms; ${result.arrivals.planetIdleP99Ms} ms with nothing due)`,
      );
      if (args.has('--json')) console.log(JSON.stringify(result));
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      stopAll();
      process.exitCode = 1;
    });
}
