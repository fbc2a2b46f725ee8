import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsOf } from './economy-fixtures.js';
import {
  createListeningTestApp,
  loginPlayer,
  registerPlayer,
  TEST_EPOCH,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  const listening = await createListeningTestApp();
  t = listening;
  base = listening.base;
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

interface Availability {
  commandant: {
    id: number;
    name: string;
    nmi_daily: number;
    nmi_weekly: number;
    nmi_monthly: number;
    nmi_yearly: number;
  };
  available: boolean;
  available_until: string | null;
  nmi?: number;
}

// The body's fields are narrowed where they are read.
async function call<T = Record<string, unknown>>(
  player: TestPlayer,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: { data: T; i18n_comment?: string } }> {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: response.statusCode, body: response.json<{ data: T; i18n_comment?: string }>() };
}

async function nmiOf(player: TestPlayer): Promise<number> {
  return (await call(player, 'GET', '/me')).body.data.nmi as number;
}

async function setNmi(accountId: number, nmi: number): Promise<void> {
  await t.database.db.updateTable('accounts').set({ nmi }).where('id', '=', accountId).execute();
}

describe('GET /me/commandants', () => {
  it('lists the five commandants with their NMI prices, none active for a new player', async () => {
    t.clock.set(TEST_EPOCH);
    const player = await registerPlayer(t.app);
    const { status, body } = await call<Availability[]>(player, 'GET', '/me/commandants');
    expect(status).toBe(200);
    const list = body.data;
    expect(list.map((item) => item.commandant.name)).toEqual([
      'geologist',
      'architect',
      'admiral',
      'technocrat',
      'commander',
    ]);
    expect(list[0]).toEqual({
      commandant: {
        id: 1,
        name: 'geologist',
        nmi_daily: 10,
        nmi_weekly: 50,
        nmi_monthly: 150,
        nmi_yearly: 1200,
      },
      available: false,
      available_until: null,
    });
    expect(list.every((item) => !item.available)).toBe(true);
  });
});

describe('POST /me/commandants/{id}', () => {
  it('takes the NMI, activates for a week, writes a commandant_unlocked email, then extends from the current expiry', async () => {
    t.clock.set(TEST_EPOCH);
    let player = await registerPlayer(t.app);
    const unlocked = await call(player, 'POST', '/me/commandants/2', { time: 2 });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.data).toMatchObject({
      commandant: { id: 2, name: 'architect' },
      available: true,
      available_until: new Date(TEST_EPOCH + 7 * DAY).toISOString(),
      nmi: 50,
    });
    expect(await nmiOf(player)).toBe(50);
    const emails = await emailsOf(t.database.db, player.me.id);
    expect(emails.at(-1)).toEqual({
      title: 'commandant_unlocked',
      params: {
        commandant: { id: 2, key: 'architect' },
        time: 2,
        available_until: new Date(TEST_EPOCH + 7 * DAY).toISOString(),
        nmi_spent: 50,
      },
    });

    t.clock.advance(DAY);
    player = await loginPlayer(t.app, player);
    const extended = await call(player, 'POST', '/me/commandants/2', { time: 1 });
    expect(extended.body.data.available_until).toBe(new Date(TEST_EPOCH + 8 * DAY).toISOString());
    expect(await nmiOf(player)).toBe(40);
  });

  it('turns the badge off at the expiry instant and writes a commandant_expired email', async () => {
    t.clock.set(TEST_EPOCH);
    let player = await registerPlayer(t.app);
    await call(player, 'POST', '/me/commandants/1', { time: 1 });
    t.clock.advance(DAY);
    player = await loginPlayer(t.app, player);
    const list = (await call<Availability[]>(player, 'GET', '/me/commandants')).body.data;
    expect(list[0]).toMatchObject({
      available: false,
      available_until: new Date(TEST_EPOCH + DAY).toISOString(),
    });
    expect((await emailsOf(t.database.db, player.me.id)).map((email) => email.title)).toContain(
      'commandant_expired',
    );
  });

  it('refuses without enough NMI with 422 INSUFFICIENT_NMI and changes nothing', async () => {
    const player = await registerPlayer(t.app);
    const before = await emailsOf(t.database.db, player.me.id);
    const refused = await call(player, 'POST', '/me/commandants/5', { time: 4 });
    expect(refused.status).toBe(422);
    expect(refused.body.i18n_comment).toBe('INSUFFICIENT_NMI');
    expect(await nmiOf(player)).toBe(100);
    expect(
      (await call<Availability[]>(player, 'GET', '/me/commandants')).body.data[4]!.available_until,
    ).toBeNull();
    expect(await emailsOf(t.database.db, player.me.id)).toEqual(before);
  });

  it('answers 404 NOT_FOUND for an unknown commandant and 400 VALIDATION_ERROR for a bad time', async () => {
    const player = await registerPlayer(t.app);
    const unknown = await call(player, 'POST', '/me/commandants/6', { time: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.i18n_comment).toBe('NOT_FOUND');
    for (const payload of [
      { time: 0 },
      { time: 5 },
      { time: '1' },
      { time: 1.5 },
      {},
      { time: 1, extra: true },
    ]) {
      const bad = await call(player, 'POST', '/me/commandants/1', payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.i18n_comment).toBe('VALIDATION_ERROR');
    }
    expect(await nmiOf(player)).toBe(100);
  });

  it('raises metal production by 10% while the geologist is active (through the factories list)', async () => {
    t.clock.set(TEST_EPOCH);
    const player = await registerPlayer(t.app);
    const metalPerHour = async () =>
      (
        (await call(player, 'GET', '/me/planet/factories')).body.data.modules as {
          factory: { id: number };
          production_per_hour: number;
        }[]
      ).find((item) => item.factory.id === 1)!.production_per_hour;
    const before = await metalPerHour();
    expect(before).toBeGreaterThan(0);
    await call(player, 'POST', '/me/commandants/1', { time: 1 });
    expect(await metalPerHour()).toBeCloseTo(before * 1.1, 6);
  });
});

describe('parallel unlocks', () => {
  const PARALLEL = 20;
  it(`lets exactly one of ${PARALLEL} parallel unlocks through when the NMI pays for one`, async () => {
    t.clock.set(TEST_EPOCH);
    const player = await registerPlayer(t.app);
    await setNmi(player.me.id, 10);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const response = await fetch(`${base}/me/commandants/1`, {
          method: 'POST',
          headers: player.headers,
          body: JSON.stringify({ time: 1 }),
        });
        return { status: response.status, body: (await response.json()) as { i18n_comment?: string } };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 422 && r.body.i18n_comment === 'INSUFFICIENT_NMI'),
    ).toHaveLength(PARALLEL - 1);
    expect(await nmiOf(player)).toBe(0);
    const list = (await call<Availability[]>(player, 'GET', '/me/commandants')).body.data;
    expect(list[0]!.available_until).toBe(new Date(TEST_EPOCH + DAY).toISOString());
    expect(
      (await emailsOf(t.database.db, player.me.id)).filter((email) => email.title === 'commandant_unlocked'),
    ).toHaveLength(1);
  });
});
