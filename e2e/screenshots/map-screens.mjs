// Screenshots of the systems map against a real server (fr/en, 1280/375 px, both race themes), with
// a search match and a found route drawn. Start a server, then:
//   BASE=http://127.0.0.1:PORT node e2e/screenshots/map-screens.mjs   (output: e2e/.tmp/map-screens/)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:3117';
const out = new URL('../.tmp/map-screens/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    // tools/chromium-args.ts says why (a script node runs as it is: it cannot import that file).
    '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  ],
});
const systems = await (await fetch(`${base}/api/v1/systems`)).json().catch(() => null);
for (const [race, raceId] of [
  ['human', 1],
  ['insectoid', 2],
]) {
  for (const locale of ['fr-FR', 'en-US']) {
    for (const width of [1280, 375]) {
      const mobile = width < 768;
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        locale,
        hasTouch: mobile,
        isMobile: mobile,
      });
      const page = await context.newPage();
      const name = `m${Date.now().toString(36)}${raceId}`;
      await page.request.post(`${base}/api/v1/auth/register`, {
        data: { email: `${name}@example.com`, username: name, password: 'Password123', race_id: raceId },
        headers: { 'Content-Type': 'application/json', 'Accept-Language': locale },
      });
      await page.goto(`${base}/systems`);
      // The map is a canvas (decision 185): it marks its first drawn frame.
      await page.waitForFunction(() => performance.getEntriesByName('starhold:map-drawn').length > 0);
      const list = systems?.data ?? (await (await page.request.get(`${base}/api/v1/systems`)).json()).data;
      const [from, to] = [list[3], list[list.length - 4]];
      if (mobile) await page.getByTestId('map-view-toggle').locator('label').first().click();
      const combos = page.getByRole('combobox');
      for (const [index, system] of [
        [0, from],
        [1, to],
      ]) {
        await combos.nth(index).click();
        await combos.nth(index).fill(system.name);
        await page.getByRole('option', { name: system.name, exact: true }).click();
      }
      await page.getByRole('button', { name: locale === 'fr-FR' ? 'Trouver' : 'Find', exact: true }).click();
      await page.waitForTimeout(900);
      if (!mobile) await page.screenshot({ path: `${out}${race}-${locale}-${width}-route.png` });
      await page
        .getByRole('textbox', { name: locale === 'fr-FR' ? 'Rechercher un système' : 'Search a system' })
        .fill(list[10].name);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `${out}${race}-${locale}-${width}-sidebar.png`, fullPage: mobile });
      if (mobile) {
        await page.getByTestId('map-view-toggle').locator('label').last().click();
        await page.waitForTimeout(900);
        await page.screenshot({ path: `${out}${race}-${locale}-${width}-map.png` });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log('written to', out);
