/**
 * Numeric query parameters (offset, limit) are strict decimals like the id parameters: texts that
 * number coercion reads as some number (`1e1`, `0x10`, `+5`, `05`, `5.0`, ` 5`) answer 400, on
 * every list. SQLite, or PostgreSQL with TEST_DATABASE_URL.
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
let operator: TestPlayer;

beforeAll(async () => {
  t = await createTestApp();
  operator = await registerPlayer(t.app);
  await runCommand({ handle: t.database, config: t.config, now: t.clock() }, ['promote', operator.email]);
});
afterAll(async () => {
  await t.close();
});

const LISTS = ['/accounts', '/me/emails', '/admin/accounts', '/admin/audit'];
const NOT_DECIMAL = ['1e1', '0x10', '+5', '05', '5.0', ' 5', '5 ', '-1', ''];

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: operator.headers });

describe('offset and limit', () => {
  for (const list of LISTS) {
    it(`${list} refuses a limit or an offset that is not a plain decimal`, async () => {
      for (const name of ['offset', 'limit']) {
        for (const value of NOT_DECIMAL) {
          const url = `${list}?${name}=${encodeURIComponent(value)}`;
          const response = await get(url);
          expect(response.statusCode, url).toBe(400);
          expect(response.json<ErrorBody>().i18n_comment).toBe('VALIDATION_ERROR');
        }
      }
    });

    it(`${list} reads plain decimals`, async () => {
      const response = await get(`${list}?offset=0&limit=10`);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ meta: { offset: number; limit: number } }>().meta).toMatchObject({
        offset: 0,
        limit: 10,
      });
    });
  }
});
