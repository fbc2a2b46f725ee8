/**
 * Two builds under the mixed load of bench/mixed.ts, side by side, for a noisy machine: both
 * servers run at once, each on its own seeded SQLite database, and the load goes to one then the
 * other in short slices, alternating (A B B A A B ...), so that a slow moment of the machine falls
 * on both alike. Each slice reads the loaded server's CPU from /proc; the figure to compare is
 * the server's CPU per answered request, slice against the neighbouring slice of the other build
 * (the median of those paired ratios), with req/s beside it. A process can run several per cent
 * faster or slower than another of the same build (where its code and heap landed; an A/A run of
 * one pair gave B/A 0.87), so the servers are started again, in turns, AB_PROCESSES times.
 *
 *   node --import tsx bench/ab-mixed.ts <checkout A> <checkout B>
 *
 * Each checkout needs its built server (apps/server/dist) and its own node_modules (a worktree
 * may link to this one's packages, but its @starhold/* must point at its own packages). Each
 * database is seeded by its own checkout's code (its migrations), its players prepared as
 * bench/mixed.ts prepares them. AB_PROCESSES (4 pairs of servers), AB_SLICES (4 pairs of slices
 * a pair of servers), AB_SECONDS (3), AB_WRITE_SHARE (0.1).
 * 127.0.0.1 only, bounded in time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { MixedLoadResult, MixedLoadSpec } from './lib/mixed-load.js';
import { cpuMicros } from './lib/pg.js';
import { drain, runForJson, startStarhold, stopAll, type Service } from './lib/processes.js';
import { seedMixedDatabase, SYSTEMS, UNIVERSE_SEED } from './mixed.js';
import type { seedBenchDatabase as SeedBenchDatabase } from './seed.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROCESSES = Number(process.env.AB_PROCESSES ?? 4);
const SLICES = Number(process.env.AB_SLICES ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
/** AB_PIN=0: leave the processes where the machine puts them. */
const PIN = process.env.AB_PIN !== '0';
const WRITE_SHARE = Number(process.env.AB_WRITE_SHARE ?? 0.1);
const CONNECTIONS = 100;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const log = (message: string) => console.error(`[ab mixed] ${message}`);

interface Side {
  name: string;
  entry: string;
  dataDir: string;
  server: (Service & { origin: string }) | null;
  playersFile: string;
  stateFile: string;
  cpuPerRequest: number[];
  rps: number[];
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function prepare(tree: string, name: string, work: string): Promise<Side> {
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const target = { kind: 'sqlite' as const, file: join(dataDir, 'starhold.sqlite') };
  const { seedBenchDatabase } = (await import(pathToFileURL(join(tree, 'bench/seed.ts')).href)) as {
    seedBenchDatabase: typeof SeedBenchDatabase;
  };
  const { players } = await seedMixedDatabase(target, seedBenchDatabase);
  const playersFile = join(work, `${name}-players.json`);
  writeFileSync(playersFile, JSON.stringify(players));
  log(`${name}: ${tree} seeded`);
  return {
    name,
    entry: join(tree, 'apps/server/dist/main.js'),
    dataDir,
    server: null,
    playersFile,
    stateFile: join(work, `${name}-state.json`),
    cpuPerRequest: [],
    rps: [],
  };
}

async function start(side: Side): Promise<Service & { origin: string }> {
  const server = await startStarhold(
    0,
    {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: side.dataDir,
      DATABASE_URL: '',
      SYSTEM_COUNT: String(SYSTEMS),
      UNIVERSE_SEED,
      GAME_SPEED: '1',
      RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    },
    [],
    side.entry,
  );
  // The loaded server on the first core, everything else of the bench (the load generator) on the
  // second: the machine's scheduler then moves neither between runs.
  if (PIN) execFileSync('taskset', ['-a', '-pc', '0', String(server.pid)], { stdio: 'ignore' });
  side.server = server;
  return server;
}

let seedNumber = 1;
async function slice(side: Side, seconds: number, measured = true): Promise<MixedLoadResult> {
  const server = side.server;
  if (server === null) throw new Error(`${side.name} is not running`);
  const spec: MixedLoadSpec = {
    origin: server.origin,
    connections: CONNECTIONS,
    seconds,
    playersFile: side.playersFile,
    stateFile: side.stateFile,
    seed: 1000 * seedNumber++,
    acceptEncoding: BROWSER_ACCEPT_ENCODING,
    writeShare: WRITE_SHARE,
  };
  const before = cpuMicros(server.pid);
  const result = await runForJson<MixedLoadResult>(
    ['--import', 'tsx', join(ROOT, 'bench/lib/mixed-load.ts'), JSON.stringify(spec)],
    (seconds + 60) * 1000,
  );
  const used = cpuMicros(server.pid) - before;
  await drain(server.origin, 120_000);
  const failures = result.socketErrors + result.timeouts + result.writes.failed;
  if (failures > 0) log(`${side.name}: ${failures} failures in a slice`);
  if (measured) {
    side.cpuPerRequest.push(used / Math.max(1, result.answered));
    side.rps.push(result.requestsPerSecond);
  }
  return result;
}

async function main(): Promise<void> {
  const [treeA, treeB] = process.argv.slice(2).map((tree) => resolve(tree));
  if (treeA === undefined || treeB === undefined)
    throw new Error('usage: ab-mixed.ts <checkout A> <checkout B>');
  if (PIN) execFileSync('taskset', ['-a', '-pc', '1', String(process.pid)], { stdio: 'ignore' });
  const work = mkdtempSync(join(tmpdir(), 'starhold-ab-mixed-'));
  const sides: Side[] = [];
  try {
    sides.push(await prepare(treeA, 'A', work));
    sides.push(await prepare(treeB, 'B', work));
    const [a, b] = sides as [Side, Side];
    const ratios: number[] = [];
    for (let pair = 0; pair < PROCESSES; pair += 1) {
      const starts = pair % 2 === 0 ? [a, b] : [b, a];
      for (const side of starts) await start(side);
      // Warm both (compiled code, kept states) before anything is measured.
      for (const side of starts) await slice(side, 8, false);
      for (let round = 0; round < SLICES; round += 1) {
        // A B, then B A: each pair's first slice alternates between the builds.
        const order = round % 2 === 0 ? [a, b] : [b, a];
        for (const side of order) await slice(side, SECONDS);
        const ratio = (b.cpuPerRequest.at(-1) ?? Number.NaN) / (a.cpuPerRequest.at(-1) ?? Number.NaN);
        ratios.push(ratio);
        log(
          `servers ${pair + 1}/${PROCESSES}, round ${round + 1}/${SLICES}: A ${a.cpuPerRequest.at(-1)?.toFixed(0)} µs (${a.rps.at(-1)?.toFixed(0)} req/s), ` +
            `B ${b.cpuPerRequest.at(-1)?.toFixed(0)} µs (${b.rps.at(-1)?.toFixed(0)} req/s), B/A ${ratio.toFixed(3)}`,
        );
      }
      for (const side of sides) {
        await side.server?.stop();
        side.server = null;
      }
    }
    const sorted = [...ratios].sort((x, y) => x - y);
    console.log(
      `server CPU per request: A ${median(a.cpuPerRequest).toFixed(0)} µs, B ${median(b.cpuPerRequest).toFixed(0)} µs (medians); ` +
        `B/A paired ${median(ratios).toFixed(3)} (quartiles ${sorted[Math.floor(sorted.length / 4)]?.toFixed(3)} .. ${sorted[Math.floor((3 * sorted.length) / 4)]?.toFixed(3)}); ` +
        `req/s A ${median(a.rps).toFixed(0)}, B ${median(b.rps).toFixed(0)}`,
    );
  } finally {
    for (const side of sides) await side.server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  stopAll();
  process.exitCode = 1;
});
