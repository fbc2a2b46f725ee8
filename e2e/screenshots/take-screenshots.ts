/**
 * Screenshots of the shell's screens against a mocked API, from the built app (apps/web/dist):
 * login, registration modal, terms, profile and the main layout, at 1280 and 375 px, in French
 * and English, in both race themes. Output: e2e/.tmp/screenshots/. Run after `vite build`:
 *   npx tsx e2e/screenshots/take-screenshots.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  Email,
  FleetList,
  Goal,
  IdleAlert,
  Me,
  Planet,
  QueueForecast,
  SessionInfo,
  SystemsMap,
} from '@starhold/contract';
import { chromium, type Page, type Route } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tools/chromium-args.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'apps/web/dist');
const outDir = join(root, 'e2e/.tmp/screenshots');
/** Paths the mock does not answer, printed at the end: the screens' reads it must learn. */
const unanswered = new Set<string>();
const ORIGIN = 'http://starhold.test';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

type Race = 'human' | 'robot';

function me(race: Race): Me {
  return {
    id: 42,
    username: race === 'robot' ? 'Zrr_Kaal' : 'Ada_Vance',
    email: race === 'robot' ? 'kaal@hive.example' : 'ada.vance@example.org',
    race: race === 'robot' ? { id: 2, name: 'insectoid' } : { id: 1, name: 'human' },
    focus_planet_index: 0,
    email_not_read_count: 2,
    nmi: 1250,
    total_points: 184_320,
    economy_points: 92_100,
    science_points: 51_870,
    military_points: 40_350,
    // GET /me's game speed (decision 240): the factories' level effects are worked out with it.
    game_speed: 1,
  };
}

const resources: Planet['resources'] = [
  {
    resource: { id: 1, name: 'metal' },
    value: 48_230,
    max: 100_000,
    production_per_hour: 3_600,
    production_per_second: 1,
  },
  {
    resource: { id: 2, name: 'crystal' },
    value: 21_400,
    max: 50_000,
    production_per_hour: 1_800,
    production_per_second: 0.5,
  },
  {
    resource: { id: 3, name: 'fuel' },
    value: 9_870,
    max: 10_000,
    production_per_hour: 720,
    production_per_second: 0.2,
  },
];

/** A planet as GET /me/planets and /me/planet serve it (typed by the contract, so the mock keeps up). */
function planet(index: number, name: string, type: string, system: string): Planet {
  return {
    id: index + 1,
    index,
    name,
    planet_type: { name: type },
    last_visit: '2026-11-23T09:00:00Z',
    capacity: 12 + index,
    max_capacity: 40,
    race: { id: 1 },
    system: {
      id: 10 + index,
      name: system,
      security: { id: 2, name: 'low' },
      race: { id: 1 },
      position: { x: 100 * index, y: 50 },
    },
    planet_position: { system_id: 10 + index, index: 2 + index },
    construction_lists: [],
    resources,
  };
}

const planets: Planet[] = [
  planet(0, 'Nouvelle Aube', 'temperate', 'Kepler-22'),
  planet(1, 'Forge Rouge', 'volcanic', 'Tau Ceti'),
  planet(2, 'Glacis', 'ice', 'Gliese 581'),
];

const emails: Email[] = [
  {
    id: 1,
    title: 'research_finished',
    params: JSON.stringify({
      research: { id: 1, key: 'energy_technology' },
      level: 2,
      planet: 'Nouvelle Aube',
    }),
    created_at: '2026-11-23T09:12:00Z',
    read: false,
  },
  {
    id: 2,
    title: 'welcome',
    params: JSON.stringify({ username: 'Ada_Vance' }),
    created_at: '2026-11-22T18:40:00Z',
    read: false,
  },
  {
    id: 3,
    title: 'commandant_unlocked',
    params: '{}',
    created_at: '2026-11-21T08:00:00Z',
    read: true,
  },
];

const sessions: SessionInfo[] = [
  {
    id: 7,
    device: 'Chrome on Linux',
    address: '203.0.113.24',
    created_at: '2026-11-20T08:00:00Z',
    last_used_at: '2026-11-23T09:10:00Z',
    current: true,
  },
];

/** GET /systems/map's columns for the planets' three systems. */
const systemsMap: SystemsMap = {
  ids: planets.map((entry) => entry.system.id),
  names: planets.map((entry) => entry.system.name),
  x: planets.map((entry) => entry.system.position.x),
  y: planets.map((entry) => entry.system.position.y),
  security: planets.map(() => 2),
  race: planets.map(() => 1),
  gates: [10, 11, 11, 12],
  own: planets.map((entry) => entry.system.id),
};

/**
 * The other reads of the signed-in screens, answered empty (an unanswered read toasts a 404). The
 * event stream (/me/events) stays unanswered: the app then polls, silently.
 */
const EMPTY_READS: Record<string, unknown> = {
  '/me/goals': [] satisfies Goal[],
  '/me/alerts': [] satisfies IdleAlert[],
  '/me/queue-forecast': [] satisfies QueueForecast[],
  '/me/fleets': { own: [], hostile: [] } satisfies FleetList,
  '/me/sessions': sessions,
  '/systems/map': systemsMap,
  ...Object.fromEntries(
    ['factories', 'buildings', 'researchs', 'ships', 'defenses'].map((kind) => [
      `/me/planet/${kind}`,
      { modules: [], construction_lists: [], max_construction_lists: 1 },
    ]),
  ),
};

async function serve(route: Route, loggedIn: boolean, race: Race): Promise<void> {
  const url = new URL(route.request().url());
  const json = (status: number, body: unknown) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  if (url.pathname.startsWith('/api/v1/')) {
    const path = url.pathname.slice('/api/v1'.length);
    if (!loggedIn && path !== '/lists/races')
      return json(401, { message: 'No session', code: 1003, i18n_comment: 'UNAUTHORIZED' });
    switch (path) {
      case '/me':
        return json(200, { data: me(race) });
      case '/me/planets':
        return json(200, { data: { planets } });
      case '/me/planet':
        return json(200, { data: planets[0] });
      case '/me/emails':
        return json(200, { data: emails });
      case '/lists/races':
        return json(200, {
          data: [
            { id: 1, name: 'human' },
            { id: 2, name: 'insectoid' },
          ],
        });
      default:
        if (path in EMPTY_READS) return json(200, { data: EMPTY_READS[path] });
        if (path !== '/me/events') unanswered.add(path);
        return json(404, { message: 'Not found', code: 1007, i18n_comment: 'NOT_FOUND' });
    }
  }
  const file = url.pathname.startsWith('/assets/') ? join(dist, url.pathname) : join(dist, 'index.html');
  return route.fulfill({
    status: 200,
    contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    body: readFileSync(file),
  });
}

interface Shot {
  name: string;
  path: string;
  loggedIn: boolean;
  prepare?: (page: Page, language: 'fr' | 'en') => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'login', path: '/login', loggedIn: false },
  {
    name: 'register',
    path: '/login',
    loggedIn: false,
    prepare: async (page, language) => {
      await page.getByRole('button', { name: language === 'fr' ? "S'inscrire" : 'Sign up' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog
        .getByRole('textbox', { name: language === 'fr' ? 'Mot de passe' : 'Password', exact: true })
        .fill('abc');
      await dialog.getByRole('textbox', { name: 'Email' }).click();
    },
  },
  { name: 'terms', path: '/login/terms', loggedIn: false },
  { name: 'profile', path: '/profile', loggedIn: true },
  { name: 'main', path: '/', loggedIn: true },
  {
    name: 'notifications',
    path: '/',
    loggedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Notifications' }).click();
    },
  },
  {
    name: 'user-menu',
    path: '/',
    loggedIn: true,
    prepare: async (page, language) => {
      await page.getByRole('button', { name: language === 'fr' ? 'Menu utilisateur' : 'User menu' }).click();
    },
  },
  {
    name: 'sidebar',
    path: '/planet/factories',
    loggedIn: true,
    prepare: async (page, language) => {
      const toggle = page.getByRole('button', {
        name: language === 'fr' ? 'Afficher ou masquer le menu' : 'Show or hide the menu',
      });
      await toggle.filter({ visible: true }).first().click();
    },
  },
];

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  for (const race of ['human', 'robot'] as const) {
    for (const language of ['fr', 'en'] as const) {
      for (const width of [1280, 375]) {
        const context = await browser.newContext({
          viewport: { width, height: width > 500 ? 800 : 760 },
          locale: `${language}-FR`,
        });
        await context.addInitScript(
          ([lang, theme]) => {
            window.localStorage.setItem('starhold.language', lang);
            window.localStorage.setItem('starhold.race', theme);
          },
          [language, race] as const,
        );
        for (const shot of SHOTS) {
          const page = await context.newPage();
          page.on('pageerror', (error) => console.error(`${shot.name}-${race}-${language}-${width}:`, error));
          await page.route(`${ORIGIN}/**`, (route) => serve(route, shot.loggedIn, race));
          await page.goto(`${ORIGIN}${shot.path}`);
          await page.waitForLoadState('networkidle');
          await shot.prepare?.(page, language);
          await page.waitForTimeout(400);
          await page.screenshot({
            path: join(outDir, `${shot.name}-${race}-${language}-${width}.png`),
            fullPage: shot.name === 'terms',
          });
          await page.close();
        }
        await context.close();
      }
    }
  }
  await browser.close();
  console.log(`screenshots written to ${outDir}`);
  if (unanswered.size > 0) console.log(`unanswered (404): ${[...unanswered].join(', ')}`);
}

await main();
