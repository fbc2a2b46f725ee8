/**
 * Dashboard first render, on its own: seeds a small SQLite database, starts the built server once
 * per web build given, and loads `/` in headless Chromium N times per build, the builds taking
 * turns (so a busy moment of the machine hits every build alike). Prints min / median / max of
 * the figure the bench reports (page.goto to the first h2 visible, seen by a script of the page
 * at each frame: bench/web.ts watchVisibleH2; MEASURE=raf uses Playwright's waitForFunction, as
 * the bench did before decision 128), and of the moment measured inside the page
 * (performance.now() when an h2 is first in the DOM, and at the next frame). BUSY=1 traces every
 * load and adds the renderer main thread's busy time up to the h2: CPU work, less sensitive than
 * the moments to what else the machine does (compare builds with it). DIAG=1 prints each load's
 * resource timings (queued, sent, first byte, last byte).
 *   node --import tsx bench/first-render.ts [runs] [name=webDistDir ...]
 * Without builds it measures apps/web/dist. To compare, copy a dist aside before a change:
 *   cp -r apps/web/dist /tmp/before && npm run build -w apps/web &&
 *   node --import tsx bench/first-render.ts 9 before=/tmp/before after=apps/web/dist
 * LOCALE=fr-FR loads the pages with that browser language (the default is Chromium's, English).
 * PROFILE=1 also prints where one more load per build spent the page's main-thread CPU (self time
 * by file and by function, up to the h2; PROFILE_TOP=n lines); PROFILE=<folder> also writes each
 * profile there as <build>.cpuprofile (DevTools: Performance > Load profile). TRACE=1 prints, for
 * one more load per build, the renderer main thread's self time per trace event up to the h2
 * (script evaluation and compiling, style, layout, paint, parsing), from a Chromium trace;
 * TRACE=scripts also lists that load's tasks and script runs of more than 3 ms, in order.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { freePort, startStarhold, stopAll, type Service } from './lib/processes.js';
import { seedBenchDatabase } from './seed.js';
import { CHROMIUM_ARGS } from '../tools/chromium-args.js';
import { CHROMIUM, waitForVisibleH2, watchVisibleH2 } from './web.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runsArg = Number(process.argv[2]);
const RUNS = Number.isInteger(runsArg) && runsArg > 0 ? runsArg : 9;
const builds = process.argv.slice(Number.isInteger(runsArg) && runsArg > 0 ? 3 : 2).map((arg) => {
  const [name, dir] = arg.includes('=')
    ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
    : [arg, arg];
  return { name: name ?? arg, dir: resolve(dir ?? arg) };
});
if (builds.length === 0) builds.push({ name: 'dist', dir: join(ROOT, 'apps/web/dist') });

/** Set in the page before any of its scripts: when the first h2 enters the DOM, and the frame after. */
const IN_PAGE_PROBE = `(() => {
  const found = () => {
    if (window.__h2 || !document.querySelector('h2')) return false;
    window.__h2 = { dom: performance.now() };
    console.timeStamp('starhold-h2');
    // Marks the moment in a CPU profile (a sampled function of its own): samples after it are cut.
    if (window.__h2Mark) (function firstH2Mark() { const until = performance.now() + 2; while (performance.now() < until); })();
    requestAnimationFrame(() => { window.__h2.frame = performance.now(); });
    return true;
  };
  new MutationObserver((_, observer) => { if (found()) observer.disconnect(); })
    .observe(document, { childList: true, subtree: true });
})();`;

interface Sample {
  /** page.goto to the h2 visible, as bench/web.ts measures it (checked in the page at each frame). */
  goto: number;
  /** The renderer main thread's busy time up to the h2, from a trace (BUSY=1; NaN otherwise). */
  busy: number;
  /** Its CPU time up to the h2 (thread time of the trace's outermost events; BUSY=1). */
  cpu: number;
  dom: number;
  frame: number;
  /** When the last file index.html names had arrived, and GET /me/planet, in the page's clock. */
  filesIn: number;
  planetIn: number;
  /** The load event's end, which page.goto waits for. */
  load: number;
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per script file and per function of one load's main-thread CPU profile, heaviest first. */
function printProfile(profile: CpuProfile, top: number): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const underMark = (id: number): boolean => {
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node))
      if (byNode.get(node)?.functionName === 'firstH2Mark') return true;
    return false;
  };
  const mark = profile.samples.findIndex(underMark);
  profile.samples.slice(0, mark < 0 ? undefined : mark).forEach((id, index) => {
    const frame = byNode.get(id);
    const us = profile.timeDeltas[index] ?? 0;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`;
    files.set(file, (files.get(file) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  });
  const show = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`)
      .join('\n');
  console.log(`self time by file:\n${show(files)}\nself time by function:\n${show(functions)}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** CPU time of the event on its thread (µs), when the trace has thread timing. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's busy time up to the first h2, in ms; with `print`, its self time per
 * trace event name too.
 */
function traceBusy(trace: Buffer, print: boolean): { busy: number; cpu: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's renderer is the one whose main thread saw the probe's time stamp (a navigation may
  // swap renderers: the first CrRendererMain of the trace can be the blank page's).
  const isMark = (event: TraceEvent) =>
    event.name === 'TimeStamp' && JSON.stringify(event.args ?? {}).includes('starhold-h2');
  const mark = events.find(isMark);
  const main =
    (mark && { pid: mark.pid, tid: mark.tid }) ??
    events.find(
      (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
    );
  if (!main) throw new Error('no renderer main thread in the trace');
  // From the trace's start (just before page.goto) to the probe's console.timeStamp.
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const start = Math.min(...onMain.filter((event) => event.ph === 'X').map((event) => event.ts));
  const until = mark?.ts ?? Infinity;
  const complete = onMain
    .filter((event) => event.ph === 'X' && event.ts >= start && event.ts < until)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const selfCpu = new Map<string, number>();
  const stack: { event: TraceEvent; end: number }[] = [];
  let cpu = 0;
  for (const event of complete) {
    const end = Math.min(event.ts + (event.dur ?? 0), until);
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    // The thread's CPU time in the outermost events (the part before the h2, pro rata): unlike the
    // wall-clock durations, it does not grow when the machine's other work preempts the renderer.
    if (!parent && event.dur) cpu += ((event.tdur ?? 0) * (end - event.ts)) / event.dur;
    if (parent) self.set(parent.event.name, (self.get(parent.event.name) ?? 0) - (end - event.ts));
    self.set(event.name, (self.get(event.name) ?? 0) + (end - event.ts));
    if (event.tdur !== undefined) {
      if (parent?.event.tdur !== undefined)
        selfCpu.set(parent.event.name, (selfCpu.get(parent.event.name) ?? 0) - event.tdur);
      selfCpu.set(event.name, (selfCpu.get(event.name) ?? 0) + event.tdur);
    }
    stack.push({ event, end });
  }
  if (process.env.TRACE === 'scripts') {
    for (const event of complete) {
      if (
        [
          'EvaluateScript',
          'v8.evaluateModule',
          'FunctionCall',
          'RunTask',
          'v8.compile',
          'v8.compileModule',
        ].includes(event.name) &&
        (event.dur ?? 0) > 3000
      ) {
        const data = (
          event.args as { data?: { url?: string; functionName?: string; fileName?: string } } | undefined
        )?.data;
        console.log(
          `  ${((event.ts - start) / 1000).toFixed(0).padStart(5)} ms +${((event.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${event.name} ${data?.url ?? data?.fileName ?? ''} ${data?.functionName ?? ''}`,
        );
      }
    }
  }
  const busy = [...self.values()].reduce((sum, us) => sum + us, 0);
  if (!print) return { busy: busy / 1000, cpu: cpu / 1000 };
  console.log(
    `renderer main thread, self time up to the h2 (${((until - start) / 1000).toFixed(0)} ms; busy ${(busy / 1000).toFixed(0)} ms, CPU ${(cpu / 1000).toFixed(0)} ms):`,
  );
  for (const [name, us] of [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.PROFILE_TOP ?? 25))) {
    console.log(
      `  ${(us / 1000).toFixed(1).padStart(7)} ms  ${(((selfCpu.get(name) ?? Number.NaN) / 1000).toFixed(1) + ' CPU').padStart(10)}  ${name}`,
    );
  }
  return { busy: busy / 1000, cpu: cpu / 1000 };
}

async function oneLoad(
  browser: Browser,
  origin: string,
  cookie: string,
  profile: boolean | string = false,
  trace = false,
): Promise<Sample> {
  const [name, ...rest] = cookie.split('=');
  const context = await browser.newContext(process.env.LOCALE ? { locale: process.env.LOCALE } : {});
  try {
    await context.addCookies([{ name: name ?? '', value: rest.join('='), url: origin }]);
    if (profile) await context.addInitScript('window.__h2Mark = true;');
    await context.addInitScript(IN_PAGE_PROBE);
    const binding = process.env.MEASURE === 'raf' ? undefined : await watchVisibleH2(context);
    const page = await context.newPage();
    const cdp = profile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    if (trace) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'blink',
          'loading',
          '__metadata',
        ],
      });
    }
    const started = performance.now();
    await page.goto(`${origin}/`, { waitUntil: 'commit' });
    const goto = binding
      ? (await binding()) - started
      : await waitForVisibleH2(page).then(() => performance.now() - started);
    if (cdp) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      printProfile(cpu as CpuProfile, Number(process.env.PROFILE_TOP ?? 25));
      if (typeof profile === 'string') writeFileSync(profile, JSON.stringify(cpu));
    }
    const traced = trace ? await browser.stopTracing() : undefined;
    if (new URL(page.url()).pathname !== '/') throw new Error(`the dashboard redirected to ${page.url()}`);
    await page.waitForFunction(
      () => (window as unknown as { __h2?: { frame?: number } }).__h2?.frame !== undefined,
    );
    const inPage = await page.evaluate(() => {
      const probe = (window as unknown as { __h2: { dom: number; frame: number } }).__h2;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const files = resources.filter((entry) => /\.(js|css)$/.test(new URL(entry.name).pathname));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const planet = resources.find((entry) => new URL(entry.name).pathname === '/api/v1/me/planet');
      return {
        dom: probe.dom,
        frame: probe.frame,
        // The files index.html names (requested as its head is parsed), not the chunks loaded later.
        filesIn: Math.max(
          0,
          ...files
            .filter((entry) => entry.startTime < navigation.domInteractive)
            .map((entry) => entry.responseEnd),
        ),
        planetIn: planet?.responseEnd ?? Number.NaN,
        load: navigation.loadEventEnd,
        diag: {
          doc: [
            navigation.requestStart,
            navigation.responseStart,
            navigation.responseEnd,
            navigation.domInteractive,
          ].map(Math.round),
          files: resources.map((e) => [
            new URL(e.name).pathname.slice(0, 20),
            ...[e.startTime, e.requestStart, e.responseStart, e.responseEnd].map(Math.round),
          ]),
        },
      };
    });
    const { busy, cpu } = traced
      ? traceBusy(traced, !process.env.BUSY)
      : { busy: Number.NaN, cpu: Number.NaN };
    if (process.env.DIAG) console.log(JSON.stringify(inPage.diag));
    const { diag: _diag, ...timings } = inPage;
    return { goto, busy, cpu, ...timings };
  } finally {
    await context.close();
  }
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (index: number) => (sorted[index] ?? Number.NaN).toFixed(0).padStart(5);
  return `${at(0)} /${at(Math.floor(sorted.length / 2))} /${at(sorted.length - 1)}`;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'starhold-first-render-'));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const services: Service[] = [];
  let browser: Browser | undefined;
  try {
    const seed = await seedBenchDatabase({
      target: { kind: 'sqlite', file: join(dataDir, 'starhold.sqlite') },
      universeSeed: 'starhold-bench',
      systemCount: 200,
      players: 5,
      accounts: 50,
      now: Date.now(),
      tokenTtlMs: 2 * 60 * 60 * 1000,
    });
    const cookie = seed.cookies[0] ?? '';
    const origins: string[] = [];
    for (const [index, build] of builds.entries()) {
      // One data directory per server (a directory takes one server); each a copy of the seeded one.
      const serverData = join(work, `data-${index}`);
      cpSync(dataDir, serverData, { recursive: true });
      const port = await freePort();
      const server = await startStarhold(port, {
        ...process.env,
        DATA_DIR: serverData,
        DATABASE_URL: '',
        SYSTEM_COUNT: '200',
        UNIVERSE_SEED: 'starhold-bench',
        WEB_DIST: build.dir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
      });
      services.push(server);
      origins.push(`http://127.0.0.1:${port}`);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // One unmeasured load per build: the server's first answers and the browser's own start.
    for (const origin of origins) await oneLoad(browser, origin, cookie);
    const samples: Sample[][] = builds.map(() => []);
    for (let run = 0; run < RUNS; run += 1) {
      // Alternate which build goes first, so neither always follows the other.
      const order = builds.map((_, index) => index);
      if (run % 2 === 1) order.reverse();
      for (const index of order)
        samples[index]?.push(
          await oneLoad(browser, origins[index] ?? '', cookie, false, Boolean(process.env.BUSY)),
        );
    }
    if (process.env.PROFILE) {
      for (const [index, build] of builds.entries()) {
        console.log(`---- ${build.name}: CPU profile of one load`);
        await oneLoad(
          browser,
          origins[index] ?? '',
          cookie,
          process.env.PROFILE === '1' ? true : join(process.env.PROFILE, `${build.name}.cpuprofile`),
        );
      }
    }
    if (process.env.TRACE) {
      for (const [index, build] of builds.entries()) {
        console.log(`---- ${build.name}: trace of one load`);
        await oneLoad(browser, origins[index] ?? '', cookie, false, true);
      }
    }
    console.log(`${RUNS} loads per build, min / median / max in ms`);
    const width = Math.max(...builds.map((build) => build.name.length));
    console.log(
      `${''.padEnd(width)}  ${['goto->h2 visible', 'main thread busy', 'main thread CPU', 'in page: h2 in DOM', 'next frame', 'files in', '/me/planet in', 'load event'].map((h) => h.padEnd(20)).join('')}`,
    );
    builds.forEach((build, index) => {
      const list = samples[index] ?? [];
      const columns = [
        list.map((s) => s.goto),
        list.map((s) => s.busy),
        list.map((s) => s.cpu),
        list.map((s) => s.dom),
        list.map((s) => s.frame),
        list.map((s) => s.filesIn),
        list.map((s) => s.planetIn),
        list.map((s) => s.load),
      ];
      console.log(
        `${build.name.padEnd(width)}  ${columns.map((values) => spread(values).padEnd(20)).join('')}`,
      );
    });
  } finally {
    await browser?.close();
    for (const service of services) await service.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
