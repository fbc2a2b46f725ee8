import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/context.js';
import type { EventBus } from '../src/modules/events/event-bus.js';
import type { LiveEvent } from '../src/modules/events/live-events.js';
import { channelFor, notificationPayloads, startPostgresBus } from '../src/modules/events/pg-event-bus.js';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/economy.service.js';
import {
  createTestClock,
  createTestDatabase,
  loginPlayer,
  registerPlayer,
  testConfig,
  type TestDatabase,
} from './helpers/index.js';
import { openStream, settleDeliveries, type OpenStream } from './events-stream.js';

const HOUR = 3600 * 1000;

describe('NOTIFY payloads', () => {
  it('splits a large batch into payloads under the PostgreSQL limit without losing or repeating an event', () => {
    const events: LiveEvent[] = Array.from({ length: 500 }, (_, index) => ({
      kind: 'construction_finished',
      planet_id: 1,
      type_id: 1,
      module_id: index,
      level: index,
    }));
    const payloads = notificationPayloads(7, events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const delivered = payloads.flatMap((payload) => (JSON.parse(payload) as { e: LiveEvent[] }).e);
    expect(delivered).toEqual(events);
  });

  it('gives each schema its own channel and refuses names that are not plain identifiers', () => {
    expect(channelFor(undefined)).toBe('starhold_events');
    expect(channelFor('public')).toBe('starhold_events');
    expect(channelFor('test_ab12')).toBe('starhold_events_test_ab12');
    expect(() => channelFor('x"; drop')).toThrow();
  });
});

const url = process.env.TEST_DATABASE_URL;
// The bridge needs a PostgreSQL server: it runs where TEST_DATABASE_URL is set (CI does).
if (url) {
  describe('LISTEN/NOTIFY bridge between two processes on one PostgreSQL', () => {
    const clock = createTestClock();
    const log = { warn: () => {}, error: () => {} };
    let database: TestDatabase;
    const buses: EventBus[] = [];
    const apps: AppInstance[] = [];
    const streams: OpenStream[] = [];
    let urlB: string;

    async function processOn(listen: boolean): Promise<EventBus> {
      const bus = await startPostgresBus({ url: url as string, schema: database.schema, log, listen });
      buses.push(bus);
      return bus;
    }

    async function app(bus: EventBus): Promise<AppInstance> {
      const instance = await buildApp({
        config: testConfig(),
        db: database.db,
        dialect: database.dialect,
        clock,
        random: randomBytes,
        events: bus,
      });
      apps.push(instance);
      return instance;
    }

    let appA: AppInstance;
    beforeAll(async () => {
      database = await createTestDatabase();
      appA = await app(await processOn(true));
      const appB = await app(await processOn(true));
      urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      streams.forEach((stream) => stream.close());
      for (const instance of apps) await instance.close();
      for (const bus of buses) await bus.close();
      await database.dispose();
    });

    async function tabOnB(cookie: string): Promise<OpenStream> {
      const stream = await openStream(urlB, cookie);
      streams.push(stream);
      return stream;
    }

    it('delivers an event produced by a request on process A to a tab connected to process B, once', async () => {
      const player = await registerPlayer(appA);
      const other = await registerPlayer(appA);
      const tab = await tabOnB(player.cookie);
      const stranger = await tabOnB(other.cookie);

      const started = await appA.inject({
        method: 'POST',
        url: '/api/v1/me/planet/factories/1',
        headers: player.headers,
      });
      expect(started.statusCode).toBe(200);
      clock.advance(2 * HOUR);
      const fresh = await loginPlayer(appA, player);
      await appA.inject({ method: 'GET', url: '/api/v1/me', headers: fresh.headers });

      await tab.waitFor((events) => events.some((event) => event.kind === 'construction_finished'));
      await settleDeliveries();
      expect(tab.events.filter((event) => event.kind === 'construction_finished')).toHaveLength(1);
      expect(stranger.events).toEqual([]);
    });

    it('delivers what a scheduler-only worker settles to a tab connected to process B', async () => {
      const workerBus = await processOn(false);
      const player = await registerPlayer(appA);
      const tab = await tabOnB(player.cookie);
      expect(
        (await appA.inject({ method: 'POST', url: '/api/v1/me/planet/factories/1', headers: player.headers }))
          .statusCode,
      ).toBe(200);
      clock.advance(2 * HOUR);

      const deps = economyDeps({
        db: database.db,
        dialect: database.dialect,
        config: testConfig(),
        events: workerBus,
      });
      expect(await runSchedulerOnce(deps, clock())).toBeGreaterThan(0);

      await tab.waitFor((events) => events.some((event) => event.kind === 'construction_finished'));
    });
  });
}
