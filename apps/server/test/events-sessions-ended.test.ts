/**
 * Decision 243: when sessions end (password change, sign-out of one session or of all others,
 * sign-out, a reused refresh token, deletion, an operator's suspension), their open GET /me/events streams end at once, in every
 * process, not at their next heartbeat re-check. The heartbeat here is a minute, so only the
 * sessions-ended announcement can end a stream within the second these tests allow.
 * On SQLite one process with the in-process bus; with TEST_DATABASE_URL two app instances on one
 * PostgreSQL schema, each with its own LISTEN connection: the request goes to A, the streams to B.
 */
import { randomBytes } from 'node:crypto';
import type { SessionInfo } from '@starhold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/admin/commands.js';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/context.js';
import { createInProcessBus, type EventBus } from '../src/modules/events/event-bus.js';
import { startPostgresBus } from '../src/modules/events/pg-event-bus.js';
import {
  createTestClock,
  createTestDatabase,
  JSON_HEADERS,
  loginPlayer,
  registerPlayer,
  testConfig,
  type TestDatabase,
  type TestPlayer,
} from './helpers/index.js';
import { openStream, settleDeliveries, type OpenStream } from './events-stream.js';

const HEARTBEAT_MS = 60_000;
const WITHIN_MS = 1_000;

const url = process.env.TEST_DATABASE_URL;
const clock = createTestClock();
const log = { warn: () => {}, error: () => {} };
let database: TestDatabase;
const buses: EventBus[] = [];
const apps: AppInstance[] = [];
const streams: OpenStream[] = [];
/** Where requests go. */
let appA: AppInstance;
/** Where the streams are open (another process on PostgreSQL). */
let urlB: string;

async function app(bus: EventBus): Promise<AppInstance> {
  const instance = await buildApp({
    config: testConfig(),
    db: database.db,
    dialect: database.dialect,
    clock,
    random: randomBytes,
    events: bus,
    eventsHeartbeatMs: HEARTBEAT_MS,
  });
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  database = await createTestDatabase();
  if (url) {
    const busA = await startPostgresBus({ url, schema: database.schema, log, listen: true });
    const busB = await startPostgresBus({ url, schema: database.schema, log, listen: true });
    buses.push(busA, busB);
    appA = await app(busA);
    const appB = await app(busB);
    urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
  } else {
    const bus = createInProcessBus();
    buses.push(bus);
    appA = await app(bus);
    urlB = await appA.listen({ port: 0, host: '127.0.0.1' });
  }
});

afterAll(async () => {
  streams.forEach((stream) => stream.close());
  for (const instance of apps) await instance.close();
  for (const bus of buses) await bus.close();
  await database.dispose();
});

interface Tab {
  stream: OpenStream;
  /** Whether the stream has ended so far. */
  ended(): boolean;
}

async function tab(player: TestPlayer): Promise<Tab> {
  const stream = await openStream(urlB, player.cookie);
  expect(stream.status).toBe(200);
  streams.push(stream);
  let ended = false;
  void stream.ended.then(() => {
    ended = true;
  });
  return { stream, ended: () => ended };
}

/** Resolves true if the stream ends within `ms`, false otherwise. */
function endsWithin(target: Tab, ms = WITHIN_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void target.stream.ended.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const call = (who: TestPlayer, method: 'POST' | 'DELETE', path: string, payload?: unknown) =>
  appA.inject({
    method,
    url: `/api/v1${path}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** The player's first session and a second one, each with a stream open on B. */
async function twoSessions() {
  const player = await registerPlayer(appA);
  const second = await loginPlayer(appA, player);
  const stranger = await registerPlayer(appA);
  return {
    player,
    second,
    current: await tab(player),
    other: await tab(second),
    strangerTab: await tab(stranger),
  };
}

async function expectOnlyOtherEnded(tabs: Awaited<ReturnType<typeof twoSessions>>) {
  expect(await endsWithin(tabs.other)).toBe(true);
  await settleDeliveries(300);
  expect(tabs.current.ended()).toBe(false);
  expect(tabs.strangerTab.ended()).toBe(false);
}

describe(`sessions ended close their event streams at once (${url ? 'PostgreSQL, two processes' : 'SQLite'})`, () => {
  it('a password change ends the other session’s stream within a second; the current one stays open', async () => {
    const tabs = await twoSessions();
    const response = await call(tabs.player, 'POST', '/me/password', {
      current_password: tabs.player.password,
      new_password: 'Stronger42',
    });
    expect(response.statusCode).toBe(200);
    await expectOnlyOtherEnded(tabs);
  });

  it('sign-out everywhere ends the other sessions’ streams; the current one stays open', async () => {
    const tabs = await twoSessions();
    const third = await tab(await loginPlayer(appA, tabs.player));
    const response = await call(tabs.player, 'DELETE', '/me/sessions');
    expect(response.statusCode).toBe(200);
    expect(await endsWithin(third)).toBe(true);
    await expectOnlyOtherEnded(tabs);
  });

  it('signing out one session ends that session’s stream only', async () => {
    const tabs = await twoSessions();
    const third = await tab(await loginPlayer(appA, tabs.player));
    const list = await appA.inject({
      method: 'GET',
      url: '/api/v1/me/sessions',
      headers: tabs.player.headers,
    });
    const sessions = list.json<{ data: SessionInfo[] }>().data;
    // The second session was opened before the third: the oldest non-current one.
    const others = sessions.filter((session) => !session.current).sort((a, b) => a.id - b.id);
    expect(others).toHaveLength(2);
    const response = await call(tabs.player, 'DELETE', `/me/sessions/${others[0]?.id}`);
    expect(response.statusCode).toBe(200);
    await expectOnlyOtherEnded(tabs);
    expect(third.ended()).toBe(false);
  });

  it('an operator’s suspension ends every stream of the player within a second', async () => {
    const operator = await registerPlayer(appA);
    await runCommand({ handle: database, config: testConfig(), now: clock() }, ['promote', operator.email]);
    const tabs = await twoSessions();
    const operatorTab = await tab(operator);
    const response = await call(operator, 'POST', `/admin/accounts/${tabs.player.me.id}/suspend`, {
      reason: 'cheating',
    });
    expect(response.statusCode).toBe(200);
    const [current, other] = await Promise.all([endsWithin(tabs.current), endsWithin(tabs.other)]);
    expect({ current, other }).toEqual({ current: true, other: true });
    await settleDeliveries(300);
    expect(tabs.strangerTab.ended()).toBe(false);
    expect(operatorTab.ended()).toBe(false);
  });

  it('a suspension by `npm run admin` ends the player’s streams (the CLI’s NOTIFY on PostgreSQL, the server’s bus through the socket on SQLite)', async () => {
    // PostgreSQL: the command line is a process of its own that only publishes.
    const cliBus = url
      ? await startPostgresBus({ url, schema: database.schema, log, listen: false })
      : buses[0];
    if (url && cliBus) buses.push(cliBus);
    const tabs = await twoSessions();
    const lines = await runCommand(
      { handle: database, config: testConfig(), now: clock(), ...(cliBus ? { events: cliBus } : {}) },
      ['suspend', tabs.player.username, '--yes'],
    );
    expect(lines[0]).toContain('Suspended');
    const [current, other] = await Promise.all([endsWithin(tabs.current), endsWithin(tabs.other)]);
    expect({ current, other }).toEqual({ current: true, other: true });
    await settleDeliveries(300);
    expect(tabs.strangerTab.ended()).toBe(false);
  });

  it('deleting the account ends every stream of it', async () => {
    const tabs = await twoSessions();
    const response = await call(tabs.player, 'DELETE', '/me', { password: tabs.player.password });
    expect(response.statusCode).toBe(200);
    const [current, other] = await Promise.all([endsWithin(tabs.current), endsWithin(tabs.other)]);
    expect({ current, other }).toEqual({ current: true, other: true });
    await settleDeliveries(300);
    expect(tabs.strangerTab.ended()).toBe(false);
  });

  it('signing out ends the streams of every tab of that browser session, not the account’s other sessions', async () => {
    const tabs = await twoSessions();
    const sameBrowser = await tab(tabs.second);
    const response = await appA.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: tabs.second.headers,
    });
    expect(response.statusCode).toBeLessThan(300);
    const [other, sibling] = await Promise.all([endsWithin(tabs.other), endsWithin(sameBrowser)]);
    expect({ other, sibling }).toEqual({ other: true, sibling: true });
    await settleDeliveries(300);
    expect(tabs.current.ended()).toBe(false);
  });

  it('a refresh token used twice (a leak) ends that session’s streams at once', async () => {
    const tabs = await twoSessions();
    const refresh = () =>
      appA.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { ...JSON_HEADERS, cookie: `refresh_token=${tabs.second.cookies.refresh_token}` },
      });
    expect((await refresh()).statusCode).toBe(200);
    expect(tabs.other.ended()).toBe(false);
    expect((await refresh()).statusCode).toBe(401);
    await expectOnlyOtherEnded(tabs);
  });

  it('without a revocation, a stream stays open (the heartbeat is a minute)', async () => {
    const player = await registerPlayer(appA);
    const open = await tab(player);
    expect(await endsWithin(open, 500)).toBe(false);
  });
});
