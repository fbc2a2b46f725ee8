/**
 * `npm run bench:profile -- <path> [seconds]`: where the server spends its CPU on one GET route.
 * Seeds a fresh SQLite database (1,000 players; PROFILE_ACCOUNTS accounts in all, 1,000 unless
 * set), starts the built server under `node --cpu-prof`, loads `<path>` with the players' cookies
 * (autocannon, 50 connections, bounded), stops the server and prints the functions with the most
 * self time, grouped by function and file. The raw profile stays in the printed folder, for
 * Chromium's DevTools (Performance > Load profile); `npm run bench:profile -- <file>.cpuprofile`
 * prints the summary of a profile again; PROFILE_INCLUSIVE=fnA,fnB adds the time spent under those
 * functions.
 *   npm run bench:profile -- /api/v1/me/planet/factories 8
 *
 * It also prints the CPU time each request cost the server process (and, on PostgreSQL, every
 * `postgres` process of the machine), read from /proc around the measured load: unlike req/s,
 * that figure hardly moves when the machine is busy with other work, so it is the one to compare
 * two builds with. PROFILE_DATABASE_URL=postgres://... seeds a fresh database on that server
 * instead of SQLite; PROFILE_CPU=off runs the server without the profiler (its overhead out);
 * PROFILE_ACCEPT_ENCODING='gzip, deflate, br, zstd' asks as a browser does (none by default);
 * PROFILE_NODE_FLAGS='--no-turbo-inlining' passes flags to the server's node (inlining off shows
 * the self time of functions V8 would fold into their callers); PROFILE_MODE=construct profiles the
 * bench's write figure (start then cancel a construction of the module `path` names).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.js';
import { committedTransactions, cpuSplitMicros, freshPgDatabase, postgresCpuMicros } from './lib/pg.js';
import { freePort, runForJson, startStarhold, stopAll } from './lib/processes.js';
import { seedBenchDatabase } from './seed.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const path = process.argv[2] ?? '/api/v1/me/planet/factories';
const seconds = Number(process.argv[3] ?? 8);
const accounts = Number(process.env.PROFILE_ACCOUNTS ?? 1000);
const pgUrl = process.env.PROFILE_DATABASE_URL;
const cpuProfile = process.env.PROFILE_CPU !== 'off';
/** PROFILE_MODE=construct: POST `path` (a module, e.g. /api/v1/me/planet/factories/1) then DELETE its item, as the bench's write figure. */
const construct = process.env.PROFILE_MODE === 'construct';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function, in microseconds, heaviest first. */
function selfTimes(profile: CpuProfile): { name: string; us: number }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.startsWith('file:') ? relative(ROOT, fileURLToPath(frame.url)) : frame.url;
    const name = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return [...totals].map(([name, us]) => ({ name, us })).sort((a, b) => b.us - a.us);
}

/** Time spent in (or under) each function whose name is listed, in microseconds. */
function inclusiveTimes(profile: CpuProfile, names: readonly string[]): Map<string, number> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map(names.map((name) => [name, 0]));
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const name = byNode.get(node)?.callFrame.functionName ?? '';
      if (totals.has(name) && !seen.has(name)) {
        seen.add(name);
        totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0));
      }
    }
  });
  return totals;
}

function printProfile(file: string): void {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const inclusive = (process.env.PROFILE_INCLUSIVE ?? '').split(',').filter(Boolean);
  if (inclusive.length > 0) {
    const all = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
    for (const [name, us] of inclusiveTimes(profile, inclusive))
      console.log(`${((100 * us) / all).toFixed(1).padStart(5)} %  in ${name}`);
  }
  const times = selfTimes(profile);
  const total = times.reduce((sum, entry) => sum + entry.us, 0);
  for (const { name, us } of times.slice(0, Number(process.env.PROFILE_TOP ?? 40))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
  console.log(`profile: ${file}`);
}

async function main(): Promise<void> {
  if (path.endsWith('.cpuprofile')) return printProfile(path);
  if (!path.startsWith('/')) throw new Error('usage: npm run bench:profile -- /api/v1/... [seconds]');
  const work = mkdtempSync(join(tmpdir(), 'starhold-profile-'));
  const dataDir = join(work, 'data');
  const profileDir = join(work, 'profile');
  mkdirSync(dataDir);
  mkdirSync(profileDir);
  const database = pgUrl ? await freshPgDatabase(pgUrl) : null;
  console.log(`seeding 1,000 players (${accounts} accounts) in ${database ? 'PostgreSQL' : work}...`);
  const seed = await seedBenchDatabase({
    target: database
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', file: join(dataDir, 'starhold.sqlite') },
    universeSeed: 'starhold-bench',
    systemCount: 1000,
    players: 1000,
    accounts,
    now: Date.now(),
    tokenTtlMs: 60 * 60 * 1000,
  });
  const cookiesFile = join(work, 'cookies.json');
  writeFileSync(cookiesFile, JSON.stringify(seed.cookies));
  const port = await freePort();
  const server = await startStarhold(
    port,
    {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SYSTEM_COUNT: '1000',
      UNIVERSE_SEED: 'starhold-bench',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    },
    [
      ...(process.env.PROFILE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
      ...(cpuProfile ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
    ],
  );
  try {
    const acceptEncoding = process.env.PROFILE_ACCEPT_ENCODING;
    const spec = {
      origin: `http://127.0.0.1:${port}`,
      mode: construct ? 'construct' : 'get',
      path,
      ...(construct ? { cancelPath: path.replace(/\/\d+$/, '') } : {}),
      cookiesFile,
      connections: 50,
      ...(acceptEncoding ? { acceptEncoding } : {}),
    };
    await runForJson<LoadResult>(
      ['--import', 'tsx', join(ROOT, 'bench/load.ts'), JSON.stringify({ ...spec, seconds: 2 })],
      60_000,
    );
    const serverBefore = cpuSplitMicros(server.pid);
    const postgresBefore = database ? postgresCpuMicros() : 0;
    const transactionsBefore = database ? await committedTransactions(database.url) : 0;
    const result = await runForJson<LoadResult>(
      ['--import', 'tsx', join(ROOT, 'bench/load.ts'), JSON.stringify({ ...spec, seconds })],
      (seconds + 60) * 1000,
    );
    const served = result.requestsPerSecond * seconds;
    const serverAfter = cpuSplitMicros(server.pid);
    const serverUserUs = (serverAfter.user - serverBefore.user) / served;
    const serverSystemUs = (serverAfter.system - serverBefore.system) / served;
    const serverUs = serverUserUs + serverSystemUs;
    const postgresUs = database ? (postgresCpuMicros() - postgresBefore) / served : 0;
    const statements = database ? (await committedTransactions(database.url)) - transactionsBefore : 0;
    await server.stop();
    console.log(
      `${path}: ${result.requestsPerSecond.toFixed(0)} req/s, p99 ${result.p99Ms} ms, ${result.non2xx} non-2xx, ${result.bytesPerResponse.toFixed(0)} bytes per response`,
    );
    console.log(
      `CPU per request: server ${serverUs.toFixed(0)} µs (user ${serverUserUs.toFixed(0)}, kernel ${serverSystemUs.toFixed(0)}), load generator ${result.loadCpuMicrosPerRequest.toFixed(0)} µs${database ? `, postgres ${postgresUs.toFixed(0)} µs; ${(statements / served).toFixed(2)} PostgreSQL transactions per request` : ''}` +
        (cpuProfile ? ' (profiler on)' : ''),
    );
  } finally {
    await server.stop();
    await database?.drop();
  }
  if (!cpuProfile) return;
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  printProfile(join(profileDir, file));
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
