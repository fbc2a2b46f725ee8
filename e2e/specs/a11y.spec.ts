import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiCall, registerByApi } from '../support/economy-server';
import { expect, test } from './helpers';

/**
 * Accessibility (issue 21): axe-core, injected by Playwright, on every screen, signed out and in
 * (a human and an insectoid player, so both race themes), in French and English, at 1280 and
 * 375 px. Any serious or critical violation fails, listed with its screen, language, width and
 * the elements concerned. One player per race; the widths loop inside each page. The two
 * languages run side by side, each in a browser context of its own (signed in separately): axe
 * keeps one renderer's thread busy for about a second a page, and these three tests were 44 % of
 * the e2e run (side by side: 2.4 -> 2.0 minutes a signed-in theme, the cores being busy already).
 * The three tests share nothing (each signs its own player in): they may run in different workers,
 * so the longest file of the run is not one worker's queue.
 */
test.describe.configure({ mode: 'parallel' });

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const LANGUAGES = ['fr', 'en'] as const;
type Language = (typeof LANGUAGES)[number];
const WIDTHS = [1280, 375] as const;
const LANGUAGE_STORAGE_KEY = 'starhold.language';

interface Screen {
  name: string;
  path: string;
  /** Opens what the screen shows beyond its route (a modal, a message) once it is loaded. */
  open?: (page: Page) => Promise<void>;
}

/**
 * axe in the page itself (`setLegacyMode`): by default @axe-core/playwright runs each frame's part,
 * then opens a blank page in the context to merge them (`axe.finishRun`), a new page and renderer
 * for every audit. The game has no frames to merge. Only violations are gathered in full
 * (`resultTypes`): the passes' nodes were serialised and sent back for nothing. On the ships
 * screen both gave the same violations, node for node, and an audit took 0.7 to 0.8 s instead of
 * 2.5 to 3.5 s on a slow 2-core machine, where this file was half of the e2e run (12 of 24
 * minutes, 2026-11-30).
 */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${where}: [${violation.impact}] ${violation.id} (${violation.help}) on ` +
        violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | '),
    );
}

/**
 * Every screen at every width in one language, in one page of a context whose storage holds that
 * language; returns the findings instead of failing at the first.
 */
async function audit(
  page: Page,
  screens: readonly Screen[],
  theme: string,
  language: Language,
): Promise<string[]> {
  const findings: string[] = [];
  for (const screen of screens) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
      await page.goto(screen.path);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The map has no heading of its own: the layout's main region, then the screen's content.
      await expect(page.locator('main').first()).toBeVisible();
      await expect(
        page.locator('main h1, main h2, main h3, main form, main canvas').filter({ visible: true }).first(),
      ).toBeVisible();
      await screen.open?.(page);
      // Lazy parts (header menus, badges, goals) and the theme's transitions settle first (the
      // live events' stream keeps the network busy: no 'networkidle').
      await page.waitForTimeout(400);
      findings.push(...(await axeFindings(page, `${screen.name} ${theme} ${language} ${width}px`)));
    }
  }
  return findings;
}

/** One page per language, each in a context of its own; `signIn` signs a new context in. */
async function auditBothLanguages(
  browser: Browser,
  baseURL: string | undefined,
  screens: readonly Screen[],
  theme: string,
  signIn?: (context: BrowserContext) => Promise<void>,
): Promise<string[]> {
  const results = await Promise.all(
    LANGUAGES.map(async (language) => {
      const context = await browser.newContext({ baseURL, locale: language === 'fr' ? 'fr-FR' : 'en-GB' });
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key!, value!),
        [LANGUAGE_STORAGE_KEY, language],
      );
      try {
        await signIn?.(context);
        return await audit(await context.newPage(), screens, theme, language);
      } finally {
        await context.close();
      }
    }),
  );
  return results.flat();
}

test('signed out: login, register, forgot password, reset password and terms', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const screens: Screen[] = [
    { name: 'login', path: '/login' },
    {
      name: 'register',
      path: '/login',
      open: async (p) => {
        await p.getByRole('button', { name: /S'inscrire|Sign up/ }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'forgot password',
      path: '/login',
      open: async (p) => {
        await p.getByRole('button', { name: /Mot de passe oublié|Forgot/ }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    { name: 'reset password', path: '/login/reset-password?token=' + 'a'.repeat(43) },
    { name: 'terms', path: '/login/terms' },
  ];
  const findings = await auditBothLanguages(browser, baseURL, screens, 'signed-out');
  expect(findings, 'serious or critical axe violations').toEqual([]);
});

for (const [theme, raceId] of [
  ['human', 1],
  ['insectoid', 2],
] as const) {
  test(`signed in, ${theme} theme: every screen of the game`, async ({ page, browser, baseURL }) => {
    test.setTimeout(600_000);
    const player = await registerByApi(page.request, `a11y${theme.slice(0, 3)}`, raceId);
    // An operator, so that the console is audited too (as admin.spec.ts promotes one).
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        join(root, 'apps/server/src/admin.ts'),
        'promote',
        player.email,
        '--reason=e2e a11y',
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: process.env.STARHOLD_E2E_DATA_DIR, DATABASE_URL: '' } },
    );
    const me = (await (await page.request.get('/api/v1/me')).json()) as { data: { id: number } };
    const planet = (await (await page.request.get('/api/v1/me/planet')).json()) as {
      data: { system: { id: number } };
    };
    const screens: Screen[] = [
      { name: 'dashboard (goals panel)', path: '/' },
      { name: 'factories', path: '/planet/factories' },
      { name: 'buildings', path: '/planet/buildings' },
      { name: 'research', path: '/account/research' },
      { name: 'ships', path: '/planet/ships' },
      { name: 'defenses', path: '/planet/defenses' },
      { name: 'commandants', path: '/commandants' },
      { name: 'emails', path: '/emails' },
      {
        name: 'email read',
        path: '/emails',
        open: async (p) => {
          await p
            .getByRole('list', { name: /Boîte de réception|Inbox/ })
            .getByRole('button')
            .first()
            .click();
          await expect(p.locator('article').first()).toBeVisible();
        },
      },
      { name: 'leaderboard', path: '/accounts' },
      { name: 'player profile', path: `/accounts/${me.data.id}` },
      { name: 'profile', path: '/profile' },
      { name: 'systems map', path: '/systems' },
      { name: 'system', path: `/systems/${planet.data.system.id}` },
      { name: 'fleets', path: '/fleets' },
      { name: 'simulator', path: '/simulator' },
      { name: 'admin console', path: '/admin' },
    ];
    const findings = await auditBothLanguages(browser, baseURL, screens, theme, async (context) => {
      const login = await apiCall(context.request, 'POST', '/auth/login', {
        email: player.email,
        password: player.password,
      });
      expect(login.status, 'sign-in of an audit context').toBeLessThan(300);
    });
    expect(findings, 'serious or critical axe violations').toEqual([]);
  });
}
