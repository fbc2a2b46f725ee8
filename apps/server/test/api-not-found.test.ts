/**
 * An unknown API path answers the API's 404 JSON with the API's headers however its path is
 * spelled: the router decodes `/%61pi/v1/me` to `/api/v1/me`, so the web app's fallback must read
 * the path decoded too, or `/%61pi/v1/unknown` gets index.html with status 200.
 * GET /metrics is an operator's path (decision 222), never a page: without METRICS_TOKEN there is
 * no /metrics, so 404 NOT_FOUND as for any unknown path (a 401 would tell a scanner there is a
 * token to guess); with it, no or a wrong token gets 401 UNAUTHORIZED; both in the error format.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ErrorBody, type TestApp } from './helpers/index.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'starhold-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Starhold</title>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The API's error answer: JSON with the key, and the API's headers (a policy that allows nothing, never cached). */
function expectApiError(response: Answer, status: number, key: string, url: string): void {
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type'], url).toMatch(/application\/json/);
  expect(response.json<ErrorBody>().i18n_comment, url).toBe(key);
  expect(response.headers['cache-control'], url).toBe('no-store');
}

const API_POLICY = "default-src 'none';frame-ancestors 'none'";

describe('unknown paths', () => {
  for (const url of ['/api/v1/unknown', '/%61pi/v1/unknown', '/%61%70%69/v1/unknown', '/%61pi/v2/x?y=1']) {
    it(`GET ${url} answers the API's 404 JSON, not the page`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expectApiError(response, 404, 'NOT_FOUND', url);
      expect(response.headers['content-security-policy']).toBe(API_POLICY);
    });
  }

  it("GET /metrics without METRICS_TOKEN answers the API's 404 JSON however it is spelled, not the page", async () => {
    for (const url of ['/metrics', '/metrics?x=1', '/%6detrics', '/metrics/', '/metrics/anything']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x' } });
      expectApiError(response, 404, 'NOT_FOUND', url);
      expect(response.headers['content-security-policy'], url).toBe(API_POLICY);
    }
    expect((await t.app.inject({ method: 'HEAD', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers 404 for a missing file of an app directory spelled with escapes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61ssets/missing-chunk.js' });
    expect(response.statusCode).toBe(404);
  });

  it('still answers client-side routes, escaped or not, with the page', async () => {
    const pages = ['/profile', '/systems/12', '/%70rofile', '/login/reset-password?token=abc'];
    for (const url of [...pages, '/metricsboard', '/accounts/metrics']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Starhold</title>');
    }
  });

  it('answers 404 JSON, not the page, for a path with a malformed escape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/profile%E0%A4%A' });
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('<title>Starhold</title>');
  });
});

describe('with METRICS_TOKEN', () => {
  let withMetrics: TestApp;
  beforeAll(async () => {
    withMetrics = await createTestApp({ config: { webDist, metricsToken: METRICS_TOKEN } });
  });
  afterAll(async () => {
    await withMetrics.close();
  });

  it('GET /metrics answers 401 UNAUTHORIZED JSON without the token or with a wrong one, the metrics with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789']) {
      const response = await withMetrics.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expectApiError(response, 401, 'UNAUTHORIZED', authorization ?? 'no token');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    const scrape = await withMetrics.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('starhold_http_requests_total');
  });

  it('answers the spellings the route does not match with 404 JSON, not the page', async () => {
    for (const url of ['/metrics/', '/metrics/anything']) {
      expectApiError(await withMetrics.app.inject({ method: 'GET', url }), 404, 'NOT_FOUND', url);
    }
  });
});
