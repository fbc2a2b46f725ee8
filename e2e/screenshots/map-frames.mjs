// Frame times of the systems map while panning and zooming (issue "Star map": smooth with 1,000 systems).
// Start a server with SYSTEM_COUNT=1000, then: BASE=http://127.0.0.1:PORT node e2e/screenshots/map-frames.mjs
// The page.evaluate callbacks run in the browser, hence its globals.
/* global document, window, requestAnimationFrame, cancelAnimationFrame */
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:3117';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fr-FR' });
const page = await context.newPage();
const name = `p${Date.now().toString(36)}`;
await page.request.post(`${base}/api/v1/auth/register`, {
  data: { email: `${name}@example.com`, username: name, password: 'Password123', race_id: 1 },
  headers: { 'Content-Type': 'application/json' },
});
await page.goto(`${base}/systems`);
await page.waitForSelector('[data-system-id]');
console.log(
  'nodes',
  await page.locator('[data-system-id]').count(),
  'lines',
  await page.locator('line').count(),
);
if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
if (process.env.BLANK)
  await page.evaluate(() => {
    document.querySelector('[data-testid=map-world]').style.display = 'none';
  });
await page.waitForTimeout(500);
await page.screenshot({ path: new URL('../.tmp/map-1000.png', import.meta.url).pathname });
const box = await page.getByTestId('systems-map').boundingBox();
const cx = box.x + box.width / 2,
  cy = box.y + box.height / 2;

async function measure(label, action) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__frames.length < 100000) window.__raf = requestAnimationFrame(tick);
    };
    window.__raf = requestAnimationFrame(tick);
  });
  const t0 = Date.now();
  await action();
  const elapsed = Date.now() - t0;
  const frames = await page.evaluate(() => {
    cancelAnimationFrame(window.__raf);
    return window.__frames;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const p = (q) => sorted[Math.floor(q * (sorted.length - 1))].toFixed(1);
  console.log(
    label,
    `${elapsed} ms, ${frames.length} frames, median ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
  );
}

await measure('pan (mouse drag, 120 moves)', async () => {
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 120; i += 1)
    await page.mouse.move(cx + Math.sin(i / 10) * 200, cy + Math.cos(i / 12) * 150);
  await page.mouse.up();
});
await measure('wheel zoom in (30 notches)', async () => {
  for (let i = 0; i < 30; i += 1) await page.mouse.wheel(0, -100);
});
await page.waitForTimeout(300);
await page.screenshot({ path: new URL('../.tmp/map-1000-zoomed.png', import.meta.url).pathname });
await measure('pan zoomed in with labels (120 moves)', async () => {
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 120; i += 1)
    await page.mouse.move(cx + Math.sin(i / 10) * 200, cy + Math.cos(i / 12) * 150);
  await page.mouse.up();
});
// A long drag, photographed before the button is released: the moved layer must still fill the view.
await page.mouse.move(cx, cy);
await page.mouse.down();
for (let i = 1; i <= 10; i += 1) await page.mouse.move(cx - i * 35, cy - i * 25);
await page.screenshot({ path: new URL('../.tmp/map-1000-mid-drag.png', import.meta.url).pathname });
await page.mouse.up();
const transform = await page.getByTestId('map-world').getAttribute('transform');
console.log('transform after', transform);
await browser.close();
