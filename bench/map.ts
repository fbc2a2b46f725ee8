/**
 * The star map in Chromium (issue 21, decision 185): at 1,000, 5,000 and 10,000 systems
 * (SYSTEM_COUNT at the server's start), the frame times while panning and zooming, the time from
 * navigation to the first drawn map, and the bytes the map's list costs.
 *
 * `node --import tsx bench/map.ts [--json] [--quick] [--sizes=1000,5000] [--trace=/tmp/dir]
 * [--screenshots=/tmp/dir]`; `npm run bench` runs it too. `--trace` records a Chromium trace of each
 * size's wheel zoom into that directory (open it in DevTools' Performance panel) and prints where
 * the long tasks' time went. `--screenshots` measures nothing: it saves the map of each size fitted,
 * zoomed in to the systems and to the names, for a human and an insectoid player (both race
 * themes). Each size gets its own server on a fresh SQLite directory (the built server and web app, as
 * the rest of the bench). MAP_BENCH_ENTRY / MAP_BENCH_WEB_DIST run another server entry or web
 * build (sources through tsx while developing).
 *
 * Frame times are the gaps between requestAnimationFrame callbacks while Playwright moves the
 * mouse (pan: 120 moves of a drag; zoom: 30 wheel notches in, then 30 out), in headless Chromium
 * with --disable-gpu (software raster), as decision 081 measured the SVG map.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type ServerProcess } from '../tools/server-process.js';
import { CHROMIUM_ARGS } from '../tools/chromium-args.js';
import { CHROMIUM } from './web.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_OUT = args.includes('--json');
const SIZES = (args.find((arg) => arg.startsWith('--sizes='))?.slice('--sizes='.length) ?? '1000,5000,10000')
  .split(',')
  .map(Number);
const VISITS = QUICK ? 3 : 5;
const TRACE_DIR = args.find((arg) => arg.startsWith('--trace='))?.slice('--trace='.length);
const SHOTS_DIR = args.find((arg) => arg.startsWith('--screenshots='))?.slice('--screenshots='.length);
const VIEWPORT = { width: 1280, height: 800 };
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const MAP_TARGETS = { medianMs: 16.7, p95Ms: 25, firstDrawMs: 1000 } as const;

export interface FrameFigure {
  frames: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface MapSizeFigures {
  systems: number;
  /** Navigation start to the first frame with systems drawn, fresh browser context each visit. */
  firstDrawMs: number[];
  panOut: FrameFigure;
  panIn: FrameFigure;
  zoom: FrameFigure;
  /** GET /systems/map as the browser got it (gzip), and uncompressed. */
  mapBytes: { gzip: number; identity: number };
  /** GET /systems (the spec's list) for comparison. */
  listBytes: { gzip: number; identity: number };
  /** Time of the first GET /systems/map after the server started (its caches are built then). */
  coldMapRequestMs: number;
  /** Median time of a warm GET /systems/map, in the bench process (no browser). */
  warmMapRequestMs: number;
}

export interface MapBench {
  sizes: MapSizeFigures[];
  loadBefore: number[];
  loadAfter: number[];
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? Number.NaN;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

async function register(origin: string, raceId = 1): Promise<string> {
  const name = `map${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}@example.com`,
      username: name,
      password: 'Password123',
      race_id: raceId,
    }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return cookies.join('; ');
}

/** Bytes on the wire of a GET (body as sent, before decoding) and the time it took. */
async function rawGet(
  origin: string,
  path: string,
  cookie: string,
  acceptEncoding: string | undefined,
): Promise<{ bytes: number; ms: number }> {
  const { request } = await import('node:http');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${path}`,
      { headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
          else resolve({ bytes, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function frameTimes(page: Page, action: () => Promise<void>): Promise<FrameFigure> {
  // Strings, not functions: tsx's helpers (__name) do not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      window.__raf = requestAnimationFrame(tick);
    };
    window.__raf = requestAnimationFrame(tick);
  })()`);
  await action();
  // The first gap starts before the gesture.
  const frames = await page.evaluate<number[]>(
    '(() => { cancelAnimationFrame(window.__raf); return window.__frames.slice(1); })()',
  );
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    frames: frames.length,
    medianMs: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

async function visit(
  browser: Browser,
  origin: string,
  cookie: string,
): Promise<{ page: Page; firstDrawMs: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'fr-FR' });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${origin}/systems`);
  await page.waitForFunction(() => performance.getEntriesByName('starhold:map-drawn').length > 0, null, {
    timeout: 60_000,
  });
  const firstDrawMs = await page.evaluate<number>(
    "performance.getEntriesByName('starhold:map-drawn')[0].startTime",
  );
  return { page, firstDrawMs };
}

/** The map fitted, then zoomed in to the systems and to the names, in each race's theme. */
async function screenshots(browser: Browser, origin: string, systems: number, dir: string): Promise<void> {
  for (const [race, raceId] of [
    ['human', 1],
    ['insectoid', 2],
  ] as const) {
    const { page } = await visit(browser, origin, await register(origin, raceId));
    await page.waitForTimeout(800);
    const box = await page.getByTestId('systems-map').boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const shoot = async (what: string) => {
      await page.waitForTimeout(600);
      const detail = await page.getByTestId('systems-map').getAttribute('data-detail');
      const path = join(dir, `map-${systems}-${race}-${what}-${detail}.png`);
      await page.screenshot({ path });
      console.log(`screenshot: ${path}`);
    };
    await shoot('fitted');
    // Wheel notches of 1.1 until the systems are drawn one by one, then until their names are.
    for (const wanted of ['systems', 'labels']) {
      for (let i = 0; i < 60; i += 1) {
        if ((await page.getByTestId('systems-map').getAttribute('data-detail')) === wanted) break;
        await page.mouse.wheel(0, -100);
        await page.waitForTimeout(40);
      }
      // Two notches more: past the threshold, not on it.
      for (let i = 0; i < 2; i += 1) await page.mouse.wheel(0, -100);
      await shoot(wanted === 'systems' ? 'zoomed' : 'names');
    }
    await page.context().close();
  }
}

async function measureSize(browser: Browser, systems: number): Promise<MapSizeFigures | null> {
  const dataDir = mkdtempSync(join(tmpdir(), 'starhold-map-bench-'));
  const entry = process.env.MAP_BENCH_ENTRY;
  let server: ServerProcess | null = null;
  try {
    server = await startServer({
      name: `map ${systems}`,
      env: {
        DATA_DIR: dataDir,
        SYSTEM_COUNT: String(systems),
        UNIVERSE_SEED: 'starhold-bench',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RATE_LIMIT_PER_MINUTE: '1000000',
        ...(process.env.MAP_BENCH_WEB_DIST ? { WEB_DIST: process.env.MAP_BENCH_WEB_DIST } : {}),
      },
      ...(entry ? { entry: join(ROOT, entry), nodeFlags: ['--import', 'tsx'] } : {}),
      timeoutMs: 180_000,
    });
    const origin = server.origin;
    if (SHOTS_DIR) {
      await screenshots(browser, origin, systems, SHOTS_DIR);
      return null;
    }
    const cookie = await register(origin);
    const cold = await rawGet(origin, '/api/v1/systems/map', cookie, BROWSER_ACCEPT_ENCODING);
    const mapIdentity = await rawGet(origin, '/api/v1/systems/map', cookie, undefined);
    const listGzip = await rawGet(origin, '/api/v1/systems', cookie, BROWSER_ACCEPT_ENCODING);
    const listIdentity = await rawGet(origin, '/api/v1/systems', cookie, undefined);
    const warm: number[] = [];
    for (let i = 0; i < 20; i += 1)
      warm.push((await rawGet(origin, '/api/v1/systems/map', cookie, BROWSER_ACCEPT_ENCODING)).ms);

    const firstDrawMs: number[] = [];
    let page: Page | null = null;
    for (let i = 0; i < VISITS; i += 1) {
      const visited = await visit(browser, origin, cookie);
      firstDrawMs.push(visited.firstDrawMs);
      if (i < VISITS - 1) await visited.page.context().close();
      else page = visited.page;
    }
    if (!page) throw new Error('no visit');
    await page.waitForTimeout(500);
    const box = await page.getByTestId('systems-map').boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const drag = async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 0; i < 120; i += 1)
        await page.mouse.move(cx + Math.sin(i / 10) * 200, cy + Math.cos(i / 12) * 150);
      await page.mouse.up();
    };
    const panOut = await frameTimes(page, drag);
    const traceFile = TRACE_DIR ? join(TRACE_DIR, `map-zoom-${systems}.json`) : null;
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    const zoom = await frameTimes(page, async () => {
      await page.mouse.move(cx, cy);
      for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, -100);
      for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, 100);
    });
    if (traceFile) {
      await browser.stopTracing();
      if (!JSON_OUT) printTrace(systems, traceFile);
    }
    // Zoomed in to the names (the most drawn per frame), then panned.
    for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, -100);
    await page.waitForTimeout(400);
    const panIn = await frameTimes(page, drag);
    await page.context().close();
    return {
      systems,
      firstDrawMs,
      panOut,
      panIn,
      zoom,
      mapBytes: { gzip: cold.bytes, identity: mapIdentity.bytes },
      listBytes: { gzip: listGzip.bytes, identity: listIdentity.bytes },
      coldMapRequestMs: cold.ms,
      warmMapRequestMs: median(warm),
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
  'cc',
  'gpu',
  'skia',
  'toplevel',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/**
 * Where the time of the zoom's long tasks went: the renderer's main thread tasks over 16 ms, and
 * inside them the self time of each kind of event (script, canvas flush and raster, style, GC).
 */
function printTrace(systems: number, file: string): void {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return console.log(`trace ${systems}: no renderer main thread in ${file}`);
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const long = tasks.filter((task) => task.dur! > 16_000);
  const self = new Map<string, number>();
  for (const task of long) {
    const inside = onMain.filter(
      (e) => e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur! && e !== task,
    );
    // Self time: an event's duration minus its direct children's (events nest on one thread).
    const stack: TraceEvent[] = [];
    const own = new Map<TraceEvent, number>();
    for (const e of inside) {
      while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) own.set(parent, (own.get(parent) ?? parent.dur!) - e.dur!);
      own.set(e, e.dur!);
      stack.push(e);
    }
    for (const [e, us] of own) {
      const name =
        e.name === 'FunctionCall' && e.args?.data?.functionName
          ? `FunctionCall ${e.args.data.functionName}`
          : e.name;
      self.set(name, (self.get(name) ?? 0) + us);
    }
  }
  const total = long.reduce((sum, task) => sum + task.dur!, 0);
  console.log(
    `trace ${systems}: ${tasks.length} main-thread tasks, ${long.length} over 16 ms (${(total / 1000).toFixed(0)} ms in all; longest ${(Math.max(0, ...long.map((t) => t.dur!)) / 1000).toFixed(1)} ms): self time in them`,
  );
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  console.log(`  trace: ${file}`);
}

export function mapRows(bench: MapBench): string[][] {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const load = (values: readonly number[]) => values.map((value) => value.toFixed(1)).join(' ');
  const frameRow = (label: string, figure: FrameFigure): string[] => [
    label,
    `median ${figure.medianMs.toFixed(1)} / p95 ${figure.p95Ms.toFixed(1)} / max ${figure.maxMs.toFixed(0)} ms (${figure.frames} frames)`,
    '-',
    '-',
    `median <= ${MAP_TARGETS.medianMs}, p95 <= ${MAP_TARGETS.p95Ms} ms`,
    figure.medianMs <= MAP_TARGETS.medianMs + 0.05 && figure.p95Ms <= MAP_TARGETS.p95Ms ? 'yes' : 'NO',
  ];
  const rows = bench.sizes.flatMap((size) => {
    const n = size.systems.toLocaleString('en');
    const sorted = [...size.firstDrawMs].sort((a, b) => a - b);
    const first = median(size.firstDrawMs);
    return [
      frameRow(`map ${n}: pan, zoomed out`, size.panOut),
      frameRow(`map ${n}: pan, zoomed in (names)`, size.panIn),
      frameRow(`map ${n}: wheel zoom in and out`, size.zoom),
      [
        `map ${n}: navigation to first drawn map`,
        `${sorted[0]?.toFixed(0)} / ${first.toFixed(0)} / ${sorted.at(-1)?.toFixed(0)} ms`,
        '-',
        '-',
        size.systems === 10_000 ? `< ${MAP_TARGETS.firstDrawMs} ms` : 'printed',
        size.systems === 10_000 ? (first < MAP_TARGETS.firstDrawMs ? 'yes' : 'NO') : '-',
      ],
      [
        `map ${n}: GET /systems/map bytes (gzip / plain)`,
        `${kib(size.mapBytes.gzip)} / ${kib(size.mapBytes.identity)}`,
        `GET /systems ${kib(size.listBytes.gzip)} / ${kib(size.listBytes.identity)}`,
        `${(size.mapBytes.gzip / size.listBytes.gzip).toFixed(2)} x`,
        'printed',
        '-',
      ],
      [
        `map ${n}: GET /systems/map time (first / warm)`,
        `${size.coldMapRequestMs.toFixed(0)} / ${size.warmMapRequestMs.toFixed(1)} ms`,
        '-',
        '-',
        'printed',
        '-',
      ],
    ];
  });
  // Frame times on a shared machine move with its load: printed next to them.
  rows.push([
    'map bench: load average (1, 5, 15 min)',
    `before ${load(bench.loadBefore)}, after ${load(bench.loadAfter)}`,
    '-',
    '-',
    'printed',
    '-',
  ]);
  return rows;
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  if (TRACE_DIR) mkdirSync(TRACE_DIR, { recursive: true });
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const sizes: MapSizeFigures[] = [];
  try {
    for (const systems of SIZES) {
      if (!JSON_OUT) console.log(`map bench: ${systems} systems...`);
      const figures = await measureSize(browser, systems);
      if (figures) sizes.push(figures);
    }
  } finally {
    await browser.close();
  }
  if (SHOTS_DIR) return;
  const bench: MapBench = { sizes, loadBefore, loadAfter: loadavg() };
  if (JSON_OUT) {
    console.log(JSON.stringify(bench));
    return;
  }
  for (const row of mapRows(bench)) console.log(row.filter((cell) => cell !== '-').join(' | '));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
