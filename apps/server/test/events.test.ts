import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../src/modules/events/event-bus.js';
import { eventsRoutes, type StreamRegistry } from '../src/modules/events/events.routes.js';
import {
  createTestApp,
  loginPlayer,
  registerPlayer,
  type TestApp,
  type TestPlayer,
  anyNumber,
} from './helpers/index.js';
import { openStream, settleDeliveries, type OpenStream } from './events-stream.js';

const HOUR = 3600 * 1000;

let t: TestApp;
let baseUrl: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await t.close();
});

async function tab(player: TestPlayer | undefined): Promise<OpenStream> {
  const stream = await openStream(baseUrl, player?.cookie);
  streams.push(stream);
  return stream;
}

async function call(player: TestPlayer, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: player.headers });
}

/** Starts metal mine 1, moves the clock past its end and reads /me, which settles the account. */
async function finishMetalMine(player: TestPlayer): Promise<TestPlayer> {
  expect((await call(player, 'POST', '/me/planet/factories/1')).statusCode).toBe(200);
  t.clock.advance(2 * HOUR);
  const fresh = await loginPlayer(t.app, player);
  expect((await call(fresh, 'GET', '/me')).statusCode).toBe(200);
  return fresh;
}

describe('GET /me/events (server-sent events, in-process bus)', () => {
  it('answers 401 without a session and opens an event stream with one', async () => {
    const anonymous = await tab(undefined);
    expect(anonymous.status).toBe(401);

    const player = await registerPlayer(t.app);
    const stream = await tab(player);
    expect(stream.status).toBe(200);
    await stream.waitFor(() => stream.comments.includes('connected'));
  });

  it('pushes a finished construction to every open tab of the player and to no other player', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const [first, second, stranger] = [await tab(player), await tab(player), await tab(other)];

    await finishMetalMine(player);

    const finished = (events: readonly { kind: string }[]) =>
      events.some((event) => event.kind === 'construction_finished');
    await first.waitFor(finished);
    await second.waitFor(finished);
    expect(first.events).toContainEqual({
      kind: 'construction_finished',
      planet_id: anyNumber,
      type_id: 1,
      module_id: 1,
      level: 1,
    });
    await settleDeliveries();
    expect(stranger.events).toEqual([]);
  });

  it('publishes nothing for a refused action that rolled back, then once when the settlement commits', async () => {
    const player = await registerPlayer(t.app);
    const stream = await tab(player);
    expect((await call(player, 'POST', '/me/planet/factories/1')).statusCode).toBe(200);
    t.clock.advance(2 * HOUR);
    const fresh = await loginPlayer(t.app, player);

    // The refused call settles the finished mine inside its transaction, then rolls back.
    const refused = await call(fresh, 'DELETE', '/me/planet/factories/2');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await settleDeliveries();
    expect(stream.events).toEqual([]);

    await call(fresh, 'GET', '/me');
    await stream.waitFor((events) => events.length > 0);
    await settleDeliveries();
    expect(stream.events.filter((event) => event.kind === 'construction_finished')).toHaveLength(1);
  });

  it('stops delivering to a tab once it disconnects', async () => {
    const player = await registerPlayer(t.app);
    const closed = await tab(player);
    const open = await tab(player);
    closed.close();
    await closed.ended;
    await settleDeliveries();

    await finishMetalMine(player);
    await open.waitFor((events) => events.length > 0);
    expect(closed.events).toEqual([]);
  });
});

describe('GET /me/events at shutdown', () => {
  it('ends open streams when the server closes', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const player = await registerPlayer(own.app);
    const stream = await openStream(url, player.cookie);
    expect(stream.status).toBe(200);
    await own.close();
    await stream.ended;
  });
});

describe('GET /me/events heartbeat', () => {
  it('sends a heartbeat comment on its interval so that proxies keep the stream open', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.decorateRequest('auth', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.auth = { accountId: 1, family: 'test' };
      done();
    });
    let registry: StreamRegistry | undefined;
    await app.register(
      (scope, _options, done) => {
        registry = eventsRoutes(scope.withTypeProvider<ZodTypeProvider>(), createInProcessBus(), {
          heartbeatMs: 50,
        });
        done();
      },
      { prefix: '/api/v1' },
    );
    app.addHook('preClose', (done) => {
      registry?.closeAll();
      done();
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(url, undefined);
    await stream.waitFor(
      () => stream.comments.filter((comment) => comment === 'heartbeat').length >= 2,
      2000,
    );
    await app.close();
    await stream.ended;
  });
});

describe('GET /me/events when the session ends', () => {
  it('closes an open stream within a heartbeat of a logout, a suspension or the token expiring, and keeps the others', async () => {
    const own = await createTestApp({ eventsHeartbeatMs: 50 });
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const leaving = await registerPlayer(own.app);
      const suspended = await registerPlayer(own.app);
      const staying = await registerPlayer(own.app);
      const [a, b, c] = await Promise.all(
        [leaving, suspended, staying].map((player) => openStream(url, player.cookie)),
      );
      await c!.waitFor(() => c!.comments.includes('heartbeat'), 2000);

      const logout = await own.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: leaving.headers,
      });
      expect(logout.statusCode).toBeLessThan(300);
      await own.database.db
        .updateTable('accounts')
        .set({ suspended_at: new Date(own.clock()).toISOString() })
        .where('id', '=', suspended.me.id)
        .execute();
      await a!.ended;
      await b!.ended;

      const heartbeats = c!.comments.length;
      await c!.waitFor(() => c!.comments.length > heartbeats + 2, 2000);
      // Fifteen minutes later its access token has expired: that stream ends too.
      own.clock.advance(15 * 60 * 1000 + 1);
      await c!.ended;
    } finally {
      await own.close();
    }
  });
});
