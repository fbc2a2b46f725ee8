/**
 * Screenshots of the economy screens on a real server (built app and server, fast game speed):
 * the dashboard and each module page with its detail open, at 1280 and 375 px, in French and
 * English, for a human and an insectoid player. Output: e2e/.tmp/screenshots/economy/.
 *   npm run build && npx tsx e2e/screenshots/economy-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { apiCall, buildUpTo, registerByApi, startEconomyServer } from '../support/economy-server';
import { CHROMIUM_ARGS } from '../../tools/chromium-args.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, 'e2e/.tmp/screenshots/economy');

const PAGES = [
  { name: 'dashboard', path: '/' },
  { name: 'factories', path: '/planet/factories?id=1' },
  { name: 'buildings', path: '/planet/buildings?id=2' },
  { name: 'ships', path: '/planet/ships?id=SHIP' },
  { name: 'defenses', path: '/planet/defenses?id=DEFENSE' },
  { name: 'research', path: '/account/research?id=7' },
] as const;

/** A player with a few levels and a running queue so that every screen has something to show. */
async function preparePlayer(context: BrowserContext, raceId: 1 | 2): Promise<void> {
  await registerByApi(context.request, raceId === 1 ? 'shot_h' : 'shot_i', raceId);
  await buildUpTo(context.request, 'factories', 1, 4);
  await buildUpTo(context.request, 'factories', 3, 2);
  await buildUpTo(context.request, 'factories', 2, 3);
  await buildUpTo(context.request, 'buildings', 1, 2);
  await buildUpTo(context.request, 'buildings', 3, 1);
  await buildUpTo(context.request, 'factories', 1, 7);
  await apiCall(context.request, 'POST', '/me/planet/buildings/4');
  await apiCall(context.request, 'POST', '/me/planet/factories/1');
  await apiCall(context.request, 'POST', '/me/planet/factories/2');
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const server = await startEconomyServer(2000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (const raceId of [1, 2] as const) {
      const setup = await browser.newContext({ baseURL: server.baseURL });
      await preparePlayer(setup, raceId);
      const state = await setup.storageState();
      await setup.close();
      const race = raceId === 1 ? 'human' : 'robot';
      for (const language of ['fr', 'en'] as const) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({
            baseURL: server.baseURL,
            storageState: state,
            viewport: { width, height: width === 375 ? 812 : 900 },
            locale: language === 'fr' ? 'fr-FR' : 'en-GB',
          });
          await context.addInitScript(
            ([lang, theme]) => {
              window.localStorage.setItem('starhold.language', lang);
              window.localStorage.setItem('starhold.race', theme);
            },
            [language, race] as const,
          );
          const page = await context.newPage();
          for (const entry of PAGES) {
            const path = entry.path
              .replace('SHIP', raceId === 1 ? '1' : '11')
              .replace('DEFENSE', raceId === 1 ? '1' : '11');
            await page.goto(path);
            await page.waitForLoadState('networkidle');
            await page.waitForTimeout(600);
            const file = join(outDir, `${entry.name}-${race}-${language}-${width}.png`);
            await page.screenshot({ path: file, fullPage: entry.name === 'dashboard' });
            if (entry.name === 'dashboard' && width === 1280 && language === 'fr' && raceId === 1) {
              await page.screenshot({ path: join(root, 'docs/screenshot.png') });
            }
            if (entry.name === 'dashboard' && width === 1280) {
              // The hover panels and menus build their content only when shown: photograph them open.
              await page.locator('[data-resource="1"]').first().hover();
              await page.waitForTimeout(500);
              await page.screenshot({ path: join(outDir, `gauge-hover-${race}-${language}.png`) });
              await page.mouse.move(5, 300);
              await page.getByRole('button', { name: 'Notifications' }).click();
              await page.waitForTimeout(400);
              await page.screenshot({ path: join(outDir, `bell-menu-${race}-${language}.png`) });
              await page.keyboard.press('Escape');
            }
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
