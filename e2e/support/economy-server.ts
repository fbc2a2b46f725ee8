/**
 * A server of its own for the economy specs and screenshots: the game speed decides what a test
 * can reach in seconds (a shipyard, five fighters), so it cannot share the default server's.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../tools/server-process.js';

export interface EconomyServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh data directory, or with
 * `dataDir` to pick up where an earlier server (at another speed) left the game.
 */
export async function startEconomyServer(gameSpeed: number, dataDir?: string): Promise<EconomyServer> {
  const server = await startServer({
    name: `economy server (speed ${gameSpeed})`,
    // Warnings stay visible in the run's output, as with the default server's stderr: 'pipe'.
    echoStderr: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir ?? mkdtempSync(join(tmpdir(), 'starhold-economy-')),
      GAME_SPEED: String(gameSpeed),
      LOG_LEVEL: 'warn',
      SYSTEM_COUNT: '20',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Every spec registers its players, and opens their streams, from 127.0.0.1 (limits: server suite).
      REGISTRATIONS_PER_HOUR: '0',
      EVENT_STREAMS_PER_ADDRESS: '0',
      // Every answer is also encoded through its contract schema and must match (http/serializer.ts).
      VERIFY_RESPONSES: 'on',
    },
  });
  return { baseURL: server.origin, stop: () => server.stop() };
}

/** Minimal HTTP surface both playwright-core and @playwright/test request contexts share. */
export interface RequestContext {
  fetch(
    url: string,
    options: { method: string; data?: unknown; headers?: Record<string, string> },
  ): Promise<{ status(): number; json(): Promise<unknown> }>;
}

/** Calls the API with the context's cookies; mutations carry the JSON content type the server requires. */
export async function apiCall<T>(
  request: RequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await request.fetch(`/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    data: method === 'GET' ? undefined : (body ?? {}),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status(), data: json.data };
}

interface Item {
  id: number;
  level?: number;
  can_be_improved: boolean;
  nb_upgrade_on_progress: number;
}

/**
 * Builds `kind/id` up to `level` through the API, waiting for resources and for each level to
 * finish; fast game speeds make this a matter of seconds.
 */
export async function buildUpTo(
  request: RequestContext,
  kind: string,
  id: number,
  level: number,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = await apiCall<{ modules: Item[] }>(request, 'GET', `/me/planet/${kind}`);
    const item = list.data.modules.find((entry) => entry.id === id);
    if (item === undefined) throw new Error(`${kind} ${id} not listed`);
    if ((item.level ?? 0) >= level) return;
    if (item.nb_upgrade_on_progress === 0 && item.can_be_improved)
      await apiCall(request, 'POST', `/me/planet/${kind}/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${kind} ${id} did not reach level ${level}`);
}

export async function registerByApi(
  request: RequestContext,
  tag: string,
  raceId: 1 | 2,
): Promise<{ email: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const player = {
    email: `${tag}-${suffix}@example.org`,
    username: `${tag}_${suffix}`.slice(0, 20),
    password: 'Starship1',
    race_id: raceId,
  };
  const response = await apiCall(request, 'POST', '/auth/register', player);
  if (response.status >= 300) throw new Error(`registration failed: ${response.status}`);
  return player;
}
