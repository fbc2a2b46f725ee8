/**
 * An unknown API path answers the API's 404 JSON with the API's headers however its path is
 * spelled: the router decodes `/%61pi/v1/me` to `/api/v1/me`, so the web app's fallback must read
 * the path decoded too, or `/%61pi/v1/unknown` gets index.html with status 200.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ErrorBody, type TestApp } from './helpers/index.js';

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

describe('unknown paths', () => {
  for (const url of ['/api/v1/unknown', '/%61pi/v1/unknown', '/%61%70%69/v1/unknown', '/%61pi/v2/x?y=1']) {
    it(`GET ${url} answers the API's 404 JSON, not the page`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json<ErrorBody>().i18n_comment).toBe('NOT_FOUND');
      // The API's headers: a policy that allows nothing, never cached.
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['cache-control']).toBe('no-store');
    });
  }

  it('answers 404 for a missing file of an app directory spelled with escapes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/%61ssets/missing-chunk.js' });
    expect(response.statusCode).toBe(404);
  });

  it('still answers client-side routes, escaped or not, with the page', async () => {
    for (const url of ['/profile', '/systems/12', '/%70rofile', '/login/reset-password?token=abc']) {
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
