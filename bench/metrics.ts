/**
 * What the metrics hooks cost the read path (decision 222): GET /api/v1/me at 50 connections on
 * two built servers started alike on their own SQLite directories, one without METRICS_TOKEN
 * (no hook installed) and one with it, loaded in turn (A B A B A B) so that both see the same
 * machine. Prints both medians and their ratio. Run after `npm run build`:
 *   node --import tsx bench/metrics.ts [--quick]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.js';
import { freePort, runForJson, startStarhold, stopAll } from './lib/processes.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUICK = process.argv.includes('--quick');
const RUNS = 3;
const SECONDS = QUICK ? 3 : 5;
const PLAYERS = 50;
const TOKEN = 'bench-metrics-token-0123456789';

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function server(work: string, name: string, token: string | undefined) {
  const port = await freePort();
  const dataDir = join(work, name);
  const process_ = await startStarhold(port, {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    SYSTEM_COUNT: '80',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    REGISTRATIONS_PER_HOUR: '0',
    METRICS_TOKEN: token ?? '',
    NODE_ENV: 'production',
  });
  const origin = `http://127.0.0.1:${port}`;
  const cookies: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const response = await fetch(`${origin}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `m${i}@bench.test`,
        username: `metrics_${i}`,
        password: 'Password1',
        race_id: (i % 2) + 1,
      }),
    });
    if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
    cookies.push(
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; '),
    );
  }
  const cookiesFile = join(work, `${name}-cookies.json`);
  writeFileSync(cookiesFile, JSON.stringify(cookies));
  return { origin, cookiesFile, process: process_ };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'starhold-bench-metrics-'));
  try {
    const plain = await server(work, 'plain', undefined);
    const metered = await server(work, 'metered', TOKEN);
    const results: Record<'plain' | 'metered', LoadResult[]> = { plain: [], metered: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, target] of [
        ['plain', plain],
        ['metered', metered],
      ] as const) {
        const spec = {
          origin: target.origin,
          mode: 'get',
          path: '/api/v1/me',
          cookiesFile: target.cookiesFile,
          connections: 50,
          seconds: SECONDS,
        };
        results[name].push(
          await runForJson<LoadResult>(
            ['--import', 'tsx', join(ROOT, 'bench/load.ts'), JSON.stringify(spec)],
            120_000,
          ),
        );
      }
    }
    // The metered server did count them: its /metrics holds the requests just sent.
    const scraped = await (
      await fetch(`${metered.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    const counted =
      /starhold_http_requests_total\{method="GET",route="\/api\/v1\/me",status="200"\} (\d+)/.exec(
        scraped,
      )?.[1];
    const sent = results.metered.reduce((sum, r) => sum + r.requests, 0);
    console.log(`metered server counted ${counted ?? 'nothing'} GET /api/v1/me 200 of ${sent} sent`);
    const summary = (name: 'plain' | 'metered') => ({
      rps: median(results[name].map((r) => r.requestsPerSecond)),
      p99: median(results[name].map((r) => r.p99Ms)),
      non2xx: results[name].reduce((sum, r) => sum + r.non2xx, 0),
    });
    const a = summary('plain');
    const b = summary('metered');
    console.log(`GET /me without metrics: ${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms (non-2xx ${a.non2xx})`);
    console.log(`GET /me with metrics:    ${b.rps.toFixed(0)} req/s, p99 ${b.p99} ms (non-2xx ${b.non2xx})`);
    console.log(`ratio with/without: ${(b.rps / a.rps).toFixed(3)}`);
    console.log(JSON.stringify({ plain: results.plain, metered: results.metered }));
  } finally {
    stopAll();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
