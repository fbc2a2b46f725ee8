/**
 * Screenshots of the emails, leaderboard, public profile and commandants screens against a real
 * server (apps/server/dist, apps/web/dist) on a throw-away SQLite data directory: at 1280 and
 * 375 px, in French and English, for a human and an insectoid player (the two race themes).
 * Output: e2e/.tmp/screenshots/social/. Run after `npm run build`:
 *   npx tsx e2e/screenshots/social-screenshots.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { freePort } from '../../tools/free-port.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(root, 'e2e/.tmp/screenshots/social');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const PASSWORD = 'Starship1';
const JSON_HEADERS = { 'content-type': 'application/json' };

interface Session {
  id: number;
  cookie: string;
}

async function register(base: string, username: string, raceId: 1 | 2): Promise<Session> {
  const response = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      email: `${username.toLowerCase()}@example.org`,
      username,
      password: PASSWORD,
      race_id: raceId,
    }),
  });
  if (response.status !== 201)
    throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { id: ((await response.json()) as { data: { id: number } }).data.id, cookie };
}

async function call(
  base: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...JSON_HEADERS, cookie: session.cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // The server is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

const RIVALS: ReadonlyArray<readonly [string, 1 | 2, number, number, number]> = [
  ['Orion_Drake', 1, 120_400, 64_800, 88_120],
  ['Hive_Mother', 2, 98_210, 12_300, 142_900],
  ['Lyra_Sol', 1, 64_000, 91_500, 4_200],
  ['Kxx_Tarr', 2, 45_600, 22_100, 31_400],
  ['Nadia_Okoro', 1, 22_950, 18_400, 9_800],
  ['Vex_Prime', 2, 8_120, 2_300, 14_750],
  ['Mira_Quill', 1, 3_410, 980, 0],
];

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'starhold-shots-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GAME_SPEED: '100',
      LOG_LEVEL: 'warn',
      SYSTEM_COUNT: '20',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base);
    const players = {
      human: await register(base, 'Ada_Vance', 1),
      robot: await register(base, 'Zrr_Kaal', 2),
    };
    const rivals: number[] = [];
    for (const [name, race] of RIVALS) rivals.push((await register(base, name, race)).id);

    // Rivals never play, so their stored points stay as set (nothing schedules a settling for them).
    const db = new Database(join(dataDir, 'starhold.sqlite'));
    const update = db.prepare(
      'update accounts set economy_points = ?, science_points = ?, military_points = ?, total_points = ? where id = ?',
    );
    RIVALS.forEach(([, , economy, science, military], index) =>
      update.run(economy, science, military, economy + science + military, rivals[index]),
    );
    db.close();

    const welcomeIds: Record<string, number> = {};
    for (const [race, session] of Object.entries(players)) {
      await call(base, session, 'POST', '/me/commandants/1', { time: 2 });
      await call(base, session, 'POST', '/me/commandants/4', { time: 1 });
      const inbox = (await call(base, session, 'GET', '/me/emails')) as {
        data: { id: number; title: string }[];
      };
      const welcome = inbox.data.find((email) => email.title === 'welcome');
      if (!welcome) throw new Error('no welcome email');
      welcomeIds[race] = welcome.id;
    }

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ARGS,
    });
    try {
      for (const race of ['human', 'robot'] as const) {
        const username = race === 'human' ? 'Ada_Vance' : 'Zrr_Kaal';
        for (const language of ['fr', 'en'] as const) {
          for (const width of [1280, 375]) {
            const context = await browser.newContext({
              baseURL: base,
              viewport: { width, height: width > 500 ? 800 : 780 },
              locale: `${language}-FR`,
            });
            await context.addInitScript(
              (lang) => window.localStorage.setItem('starhold.language', lang),
              language,
            );
            const login = await context.request.post('/api/v1/auth/login', {
              headers: JSON_HEADERS,
              data: {
                email: `${username.toLowerCase()}@example.org`,
                password: PASSWORD,
                remember_me: false,
              },
            });
            if (!login.ok()) throw new Error(`login ${username}: ${login.status()}`);
            const page = await context.newPage();
            const shots: Array<[string, string]> = [
              ['emails', width > 500 ? `/emails?id=${welcomeIds[race]}` : '/emails'],
              ['email-open', `/emails?id=${welcomeIds[race]}`],
              ['leaderboard', '/accounts'],
              ['profile', `/accounts/${rivals[0]}`],
              ['commandants', '/commandants'],
            ];
            for (const [name, path] of shots) {
              if (name === 'email-open' && width > 500) continue;
              await page.goto(path);
              await page.waitForLoadState('networkidle');
              await page.waitForTimeout(400);
              await page.screenshot({
                path: join(outDir, `${name}-${race}-${language}-${width}.png`),
                fullPage: true,
              });
            }
            await context.close();
          }
        }
      }
    } finally {
      await browser.close();
    }
    console.log(`Screenshots in ${outDir}`);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
