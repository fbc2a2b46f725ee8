import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteBackend, type Backend } from './backends.js';
import { printFigure } from './figures.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * Figure 8 of the battery: 100 connections for 60 seconds mixing the main reads and construction
 * starts, on SQLite (the embedded default). Game refusals (409 queue full, 422 not enough
 * resources) are answers, not errors; anything else outside 2xx is.
 */
const CONNECTIONS = 100;
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 60);
const PLAYERS = 10;

let backend: Backend;
let server: ServerProcess;
beforeAll(async () => {
  backend = sqliteBackend();
  server = await startServer({ ...backend.env, GAME_SPEED: '1000', RATE_LIMIT_PER_MINUTE: '100000000' });
});
afterAll(async () => {
  await server.kill9();
  await backend.dispose();
});

async function register(index: number): Promise<string> {
  const response = await fetch(`${server.base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `load${index}@example.test`,
      username: `load${index}`,
      password: 'Password1',
      race_id: 1 + (index % 2),
    }),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe(`load: ${CONNECTIONS} connections for ${SECONDS} s`, () => {
  it('answers the main reads and construction starts with zero 5xx and under 1% errors', async () => {
    const cookies = await Promise.all(Array.from({ length: PLAYERS }, (_, index) => register(index)));
    const statuses = new Map<number, number>();
    let nextCookie = 0;
    const json = { 'content-type': 'application/json' };
    const paths: { method: 'GET' | 'POST'; path: string }[] = [
      { method: 'GET', path: '/api/v1/me' },
      { method: 'GET', path: '/api/v1/me/planet' },
      { method: 'GET', path: '/api/v1/me/planet/factories' },
      { method: 'POST', path: '/api/v1/me/planet/factories/1' },
      { method: 'GET', path: '/api/v1/me/planet/buildings' },
      { method: 'GET', path: '/api/v1/systems' },
      { method: 'POST', path: '/api/v1/me/planet/factories/2' },
      { method: 'GET', path: '/api/v1/me/emails' },
    ];
    const result = await autocannon({
      url: server.base.replace(/\/api\/v1$/, ''),
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: paths.map(({ method, path }) => ({
        method,
        path,
        headers: json,
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, cookie: cookies[nextCookie++ % cookies.length] ?? '' },
        }),
        onResponse: (status: number) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      })),
    });
    const total = result.requests.total + result.errors + result.timeouts;
    const serverErrors = [...statuses]
      .filter(([status]) => status >= 500)
      .reduce((sum, [, count]) => sum + count, 0);
    const refusals = (statuses.get(409) ?? 0) + (statuses.get(422) ?? 0);
    const answered = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const ok = [...statuses]
      .filter(([status]) => status >= 200 && status < 300)
      .reduce((sum, [, count]) => sum + count, 0);
    const errors = total - ok - refusals;
    const errorRate = errors / Math.max(1, total);
    printFigure(
      `load (sqlite, ${CONNECTIONS} connections, ${SECONDS} s)`,
      `${total} requests (${Math.round(result.requests.average)}/s), statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `${result.errors} socket errors, ${result.timeouts} timeouts, error rate ${(errorRate * 100).toFixed(3)}%, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    expect(answered).toBeGreaterThan(0);
    expect(serverErrors).toBe(0);
    expect(errorRate).toBeLessThan(0.01);
  }, 180_000);
});
