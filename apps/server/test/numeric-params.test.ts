/**
 * Numeric parameters are strict decimals: ids (1 to 2^31-1) on every route that takes one, and
 * offset and limit on every list. Texts that number coercion reads as some number (`0x10`, `1e1`,
 * `+16`, `016`, `16.0`, ` 16`) answer 400 VALIDATION_ERROR. SQLite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/admin/commands.js';
import {
  createTestApp,
  registerPlayer,
  type ErrorBody,
  type TestApp,
  type TestPlayer,
} from './helpers/index.js';

let t: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  t = await createTestApp();
  player = await registerPlayer(t.app);
  // An operator, so that the admin lists answer too (their offset and limit are checked below).
  await runCommand({ handle: t.database, config: t.config, now: t.clock() }, ['promote', player.email]);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** Every route that takes an id, with `ID` where the id goes and the body its valid call needs. */
const ROUTES: { method: Method; url: string; payload?: unknown }[] = [
  { method: 'GET', url: '/me/emails/ID' },
  { method: 'PUT', url: '/me/emails/ID' },
  { method: 'GET', url: '/accounts/ID' },
  { method: 'GET', url: '/systems/ID' },
  { method: 'GET', url: '/systems/ID/1' },
  { method: 'GET', url: '/systems/1/ID' },
  { method: 'POST', url: '/me/commandants/ID', payload: { time: 1 } },
  { method: 'GET', url: '/me/planet/factories/ID' },
  { method: 'GET', url: '/me/planet/researchs/ID/requirements' },
  { method: 'POST', url: '/me/planet/buildings/ID' },
  { method: 'POST', url: '/me/planet/ships/ID', payload: { value: 1 } },
  { method: 'GET', url: '/me/planet/ships/ID/damages' },
  { method: 'GET', url: '/me/planet/defenses/ID/layers' },
  { method: 'DELETE', url: '/me/planet/factories/ID' },
  { method: 'DELETE', url: '/me/planet/buildings?id=ID' },
];

/** Texts that number coercion reads as 16 (or 10), each of which must be refused. */
const NOT_DECIMAL_IDS = ['0x10', '1e1', ' 16', '+16', '16.0', '016', '0', '-16', '16 ', '2147483648'];

function call(method: Method, url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('id parameters', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url} accepts only a decimal id from 1 to 2^31-1`, async () => {
      for (const id of NOT_DECIMAL_IDS) {
        const url = route.url.replace('ID', encodeURIComponent(id));
        const response = await call(route.method, url, route.payload);
        expect(response.statusCode, `${route.method} ${url}`).toBe(400);
        expect(response.json<ErrorBody>().i18n_comment).toBe('VALIDATION_ERROR');
      }
    });
  }

  it('reads the email the decimal id names, and no other', async () => {
    const emails = await t.database.db
      .selectFrom('emails')
      .select('id')
      .where('account_id', '=', player.me.id)
      .execute();
    const id = emails[0]!.id;
    expect((await call('GET', `/me/emails/${id}`)).json<{ data: { id: number } }>().data.id).toBe(id);
    expect((await call('GET', `/me/emails/0x${id.toString(16)}`)).statusCode).toBe(400);
  });
});

const LISTS = ['/accounts', '/me/emails', '/admin/accounts', '/admin/audit'];
const NOT_DECIMAL = ['1e1', '0x10', '+5', '05', '5.0', ' 5', '5 ', '-1', ''];

describe('offset and limit', () => {
  for (const list of LISTS) {
    it(`${list} refuses a limit or an offset that is not a plain decimal`, async () => {
      for (const name of ['offset', 'limit']) {
        for (const value of NOT_DECIMAL) {
          const url = `${list}?${name}=${encodeURIComponent(value)}`;
          const response = await call('GET', url);
          expect(response.statusCode, url).toBe(400);
          expect(response.json<ErrorBody>().i18n_comment).toBe('VALIDATION_ERROR');
        }
      }
    });

    it(`${list} reads plain decimals`, async () => {
      const response = await call('GET', `${list}?offset=0&limit=10`);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ meta: { offset: number; limit: number } }>().meta).toMatchObject({
        offset: 0,
        limit: 10,
      });
    });
  }
});
