import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../tools/chromium-args.js';
import { freePort } from '../tools/free-port.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Workers load this file again: the runner's choice of port and data directory travels in the
// environment so every process talks to the one server.
process.env.STARHOLD_E2E_PORT ??= String(await freePort());
process.env.STARHOLD_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'starhold-e2e-'));
const port = Number(process.env.STARHOLD_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './specs',
  globalTeardown: './global-teardown.ts',
  outputDir: './.tmp/test-results',
  // One browser at a time by default. Two kept the 2 cores busy and took 8.9 instead of 12.9
  // minutes on a fast moment of this machine (2026-11-28, afternoon), but on its slow moments
  // (the dashboard's first render at 830 ms instead of 330) they ran the load average to 8-10 and
  // ten tests out of 45 timed out (the evening's CI run); one worker passes there (the morning's
  // CI, 21.7 minutes). E2E_WORKERS=2 runs two where the machine has room for them. Specs never
  // share a player, and those that need a world of their own start their own server.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.STARHOLD_E2E_DATA_DIR,
      GAME_SPEED: '100',
      LOG_LEVEL: 'warn',
      SYSTEM_COUNT: '20',
      // Every spec's browser shares 127.0.0.1: the per-address API limit is tested by the server suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every spec registers its players, and opens their streams, from 127.0.0.1 (limits: server suite).
      REGISTRATIONS_PER_HOUR: '0',
      EVENT_STREAMS_PER_ADDRESS: '0',
      // Every answer is also encoded through its contract schema and must match (http/serializer.ts).
      VERIFY_RESPONSES: 'on',
    },
  },
});
