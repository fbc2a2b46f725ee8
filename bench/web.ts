/**
 * Web app figures: what a first visit downloads (gzip), against React + Mantine alone, and the
 * time to first render of the dashboard in headless Chromium over loopback.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tools/chromium-args.js';

export interface FirstVisitSize {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: string[];
}

export const CHROMIUM = '/usr/bin/chromium';

/** Entry script, modulepreloads and stylesheets named by index.html: what a first visit fetches up front. */
export function firstVisitSize(distDir: string): FirstVisitSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const links = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const files = [...new Set(links.filter((link) => link.startsWith('/')))];
  let jsGzipBytes = 0;
  let cssGzipBytes = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(distDir, file))).length;
    if (file.endsWith('.css')) cssGzipBytes += size;
    else jsGzipBytes += size;
  }
  return { jsGzipBytes, cssGzipBytes, files };
}

export interface ServedSize {
  jsBytes: number;
  cssBytes: number;
  /** Content-Encoding of each file as the server sent it (`identity` when none). */
  encodings: string[];
}

/** Bytes on the wire for `files`, asked from the running server as Chromium asks (Accept-Encoding). */
export async function servedSize(origin: string, files: readonly string[]): Promise<ServedSize> {
  const { get } = await import('node:http');
  const sizes = await Promise.all(
    files.map(
      (file) =>
        new Promise<{ file: string; bytes: number; encoding: string }>((resolve, reject) => {
          get(
            `${origin}${file}`,
            { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
            (response) => {
              let bytes = 0;
              response.on('data', (chunk: Buffer) => (bytes += chunk.length));
              response.on('end', () => {
                if (response.statusCode !== 200) reject(new Error(`${file}: ${response.statusCode}`));
                else
                  resolve({
                    file,
                    bytes,
                    encoding: String(response.headers['content-encoding'] ?? 'identity'),
                  });
              });
            },
          ).on('error', reject);
        }),
    ),
  );
  const sum = (css: boolean) =>
    sizes.filter((size) => size.file.endsWith('.css') === css).reduce((total, size) => total + size.bytes, 0);
  return {
    jsBytes: sum(false),
    cssBytes: sum(true),
    encodings: [...new Set(sizes.map((size) => size.encoding))],
  };
}

const BASELINE_PAGE = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';

createRoot(document.getElementById('root')).render(
  createElement(MantineProvider, null, createElement(Button, null, 'Hello')),
);
`;

/** A Vite build of a page that only renders a Mantine Button: the floor any Mantine app pays. */
export async function reactMantineBaseline(workDir: string): Promise<FirstVisitSize> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    join(workDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  writeFileSync(join(workDir, 'main.js'), BASELINE_PAGE);
  const { build } = await import('vite');
  await build({
    root: workDir,
    logLevel: 'error',
    configFile: false,
    build: { outDir: 'dist', emptyOutDir: true },
  });
  const size = firstVisitSize(join(workDir, 'dist'));
  rmSync(workDir, { recursive: true, force: true });
  return size;
}

/**
 * Resolves at the first animation frame in which the page's first h2 is visible (a box, not
 * visibility: hidden), checked in the page. Playwright's `locator.waitFor` checks from Node with
 * a growing back-off (0, 20, 50, 100, 100, then every 500 ms after page.goto returned at the load
 * event), so a title drawn just after one of its checks was seen up to half a second late: the
 * figure jumped between ~0.9 and ~1.4 s for the same page. Call it once the navigation has
 * committed, while the page still waits for its files: installing the check (Playwright injects
 * its script into the page) then does not queue behind the page's first render.
 */
export async function waitForVisibleH2(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const title = document.querySelector('h2');
      if (!title) return false;
      const box = title.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(title).visibility !== 'hidden';
    },
    undefined,
    { polling: 'raf', timeout },
  );
}

/**
 * Watches, in every page of the context, for the first h2 to be visible, checked by a script of the
 * page itself at each animation frame, which calls back to Node through a binding. Unlike
 * page.waitForFunction, it adds no Playwright script to the page: Playwright's injected script
 * took 20 to 30 ms of the page's main thread as the app started (decision 128).
 * Call before the navigation; the returned function resolves on Node's clock
 * (performance.now()) when the title was seen.
 */
export async function watchVisibleH2(
  context: BrowserContext,
  timeout = 10_000,
): Promise<() => Promise<number>> {
  let seen: (at: number) => void = () => undefined;
  const visible = new Promise<number>((resolve) => (seen = resolve));
  await context.exposeBinding('__starholdH2Visible', () => seen(performance.now()));
  await context.addInitScript(`(() => {
    const check = () => {
      const title = document.querySelector('h2');
      if (title) {
        const box = title.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && getComputedStyle(title).visibility !== 'hidden') return void window.__starholdH2Visible();
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
  return () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no visible h2 within ${timeout} ms`)), timeout);
      void visible.then((at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
}

/**
 * Milliseconds from navigation to the dashboard's title being visible, each run in a fresh
 * browser context (cold cache, as a first visit), logged in through the access cookie. Seen in
 * the page at the frame it is drawn (watchVisibleH2), not by Playwright's back-off polling nor
 * with Playwright's own script in the page. One unmeasured load first: the browser's own start
 * (its first renderer, its caches of the GPU and fonts) is not the app's.
 */
export async function dashboardFirstRender(origin: string, cookie: string, runs: number): Promise<number[]> {
  const [name, ...rest] = cookie.split('=');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const samples: number[] = [];
    for (let run = -1; run < runs; run += 1) {
      const context = await browser.newContext();
      await context.addCookies([{ name: name ?? '', value: rest.join('='), url: origin }]);
      const visible = await watchVisibleH2(context);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${origin}/`, { waitUntil: 'commit' });
      const at = await visible();
      if (run >= 0) samples.push(at - started);
      if (new URL(page.url()).pathname !== '/') throw new Error(`the dashboard redirected to ${page.url()}`);
      await context.close();
    }
    return samples;
  } finally {
    await browser.close();
  }
}
