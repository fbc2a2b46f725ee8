import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openStream, type OpenStream } from './events-stream.js';
import {
  createListeningTestApp,
  createTestApp,
  DEFAULT_PASSWORD,
  JSON_HEADERS,
  registerPlayer,
  type TestApp,
} from './helpers/index.js';

const HOUR_MS = 60 * 60 * 1000;
let counter = 0;

function newBody() {
  counter += 1;
  return {
    email: `limit${counter}@example.test`,
    username: `limit${counter}`,
    password: DEFAULT_PASSWORD,
    race_id: 1 as const,
  };
}

async function accountCount(t: TestApp): Promise<number> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('registrations per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { registrationsPerHour: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: JSON_HEADERS,
      payload: newBody(),
      remoteAddress,
    });

  it('answers 429 TOO_MANY_REQUESTS beyond the hourly limit, creating nothing', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register('203.0.113.1')).statusCode).toBe(201);
    const before = await accountCount(t);
    const refused = await register('203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: expect.any(String) as string,
      code: expect.any(Number) as number,
      i18n_comment: 'TOO_MANY_REQUESTS',
    });
    expect(refused.cookies).toEqual([]);
    expect(await accountCount(t)).toBe(before);
  });

  it('counts per address, and an hour later the address may register again', async () => {
    expect((await register('203.0.113.2')).statusCode).toBe(201);
    expect((await register('203.0.113.1')).statusCode).toBe(429);
    t.clock.advance(HOUR_MS + 1);
    expect((await register('203.0.113.1')).statusCode).toBe(201);
  });
});

describe('registrations per address under a parallel burst', () => {
  let t: TestApp & { base: string };
  beforeAll(async () => {
    t = await createListeningTestApp({ config: { registrationsPerHour: 3, trustProxy: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets exactly the limit through', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${t.base}/auth/register`, {
          method: 'POST',
          headers: { ...JSON_HEADERS, 'x-forwarded-for': '198.51.100.9', connection: 'close' },
          body: JSON.stringify(newBody()),
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });
});

describe('open event streams', () => {
  let t: TestApp & { base: string };
  let origin: string;
  const streams: OpenStream[] = [];
  beforeAll(async () => {
    t = await createListeningTestApp({ config: { eventStreamsPerAccount: 2, eventStreamsPerAddress: 3 } });
    origin = t.base.replace(/\/api\/v1$/, '');
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  const open = async (cookie: string) => {
    const stream = await openStream(origin, cookie);
    streams.push(stream);
    return stream;
  };

  it('are limited per account, and a closed one frees its place', async () => {
    const player = await registerPlayer(t.app);
    const first = await open(player.cookie);
    expect(first.status).toBe(200);
    expect((await open(player.cookie)).status).toBe(200);
    const third = await open(player.cookie);
    expect(third.status).toBe(429);
    first.close();
    await first.ended;
    await expect.poll(async () => (await open(player.cookie)).status).toBe(200);
  });

  it('are limited per address over all accounts', async () => {
    // The address holds 2 streams of the first player: one more, then the limit of 3.
    const other = await registerPlayer(t.app);
    expect((await open(other.cookie)).status).toBe(200);
    const refused = await open(other.cookie);
    expect(refused.status).toBe(429);
  });
});

describe('the limits in the configuration', () => {
  it('default to 10 registrations an hour, 8 streams per account, 32 per address', () => {
    const config = loadConfig({});
    expect(config.registrationsPerHour).toBe(10);
    expect(config.eventStreamsPerAccount).toBe(8);
    expect(config.eventStreamsPerAddress).toBe(32);
    expect(config.reclaimInactiveDays).toBe(14);
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '0' }).registrationsPerHour).toBe(0);
    expect(() => loadConfig({ REGISTRATIONS_PER_HOUR: '-1' })).toThrow(/REGISTRATIONS_PER_HOUR/);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the proxies addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toBe(
      '10.0.0.1,10.1.0.0/16,::1',
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });

  it('refuses true unless the proxy is declared to overwrite X-Forwarded-For', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY_OVERWRITES_FORWARDED_FOR/);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_OVERWRITES_FORWARDED_FOR: 'true' }).trustProxy).toBe(
      true,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_OVERWRITES_FORWARDED_FOR: 'false' })).toThrow(
      /Invalid configuration/,
    );
  });

  it('refuses what is not an address', () => {
    for (const value of ['yes', '1', 'proxy.example.com', '10.0.0.1,', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/Invalid configuration: TRUST_PROXY/);
    }
  });
});
