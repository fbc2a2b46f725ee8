/**
 * What the screenshot scripts share: a real server (apps/server/dist, apps/web/dist) on a throw-away
 * SQLite data directory, players registered through the API, and a browser context signed in as
 * one of them in a given language, width and race theme. Run the scripts after `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort } from '../../tools/free-port.js';
import { CHROMIUM_ARGS } from '../../tools/chromium-args.js';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const PASSWORD = 'Starship1';
const JSON_HEADERS = { 'content-type': 'application/json' };

export type Language = 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['fr', 'en'];
export const WIDTHS: readonly number[] = [1280, 375];

export interface Session {
  id: number;
  email: string;
  cookie: string;
}

export interface ShotServer {
  base: string;
  dataDir: string;
  /** The SQLite file, for the rows a script writes that no API call makes quickly. */
  database: string;
  stop(): void;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // The server is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** The built server at speed 100 with 20 systems, on 127.0.0.1 and a free port. */
export async function startServer(): Promise<ShotServer> {
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
      REGISTRATIONS_PER_HOUR: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, dataDir, database: join(dataDir, 'starhold.sqlite'), stop };
}

export async function register(base: string, username: string, raceId: 1 | 2): Promise<Session> {
  const email = `${username.toLowerCase()}@example.org`;
  const response = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email, username, password: PASSWORD, race_id: raceId }),
  });
  if (response.status !== 201)
    throw new Error(`register ${username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { id: ((await response.json()) as { data: { id: number } }).data.id, email, cookie };
}

export async function call<T = unknown>(
  base: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...JSON_HEADERS, cookie: session.cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A context signed in as `session`'s player, in `language`, `width` px wide. */
export async function signedIn(
  browser: Browser,
  base: string,
  session: Session,
  language: Language,
  width: number,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width, height: width > 500 ? 800 : 780 },
    locale: `${language}-FR`,
  });
  await context.addInitScript((lang) => window.localStorage.setItem('starhold.language', lang), language);
  const login = await context.request.post('/api/v1/auth/login', {
    headers: JSON_HEADERS,
    data: { email: session.email, password: PASSWORD, remember_me: false },
  });
  if (!login.ok()) throw new Error(`login ${session.email}: ${login.status()}`);
  return context;
}

export function outputDir(name: string): string {
  const dir = join(root, 'e2e/.tmp/screenshots', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface View {
  race: string;
  language: Language;
  width: number;
  page: Page;
  /** Saves `<name>-<race>-<language>-<width>.png` (the whole page unless told otherwise). */
  shot: (name: string, fullPage?: boolean) => Promise<void>;
}

/** Runs `shoot` on a signed-in page for each player (keyed by race theme), language and width. */
export async function eachView(
  base: string,
  players: Record<string, Session>,
  out: string,
  shoot: (view: View) => Promise<void>,
): Promise<void> {
  const browser = await launch();
  try {
    for (const [race, session] of Object.entries(players)) {
      for (const language of LANGUAGES) {
        for (const width of WIDTHS) {
          const context = await signedIn(browser, base, session, language, width);
          const page = await context.newPage();
          const shot = async (name: string, fullPage = true) => {
            await page.screenshot({ path: join(out, `${name}-${race}-${language}-${width}.png`), fullPage });
          };
          await shoot({ race, language, width, page, shot });
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}
