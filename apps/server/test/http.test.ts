import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  JSON_HEADERS,
  registerPlayer,
  type TestApp,
  type ErrorBody,
} from './helpers/index.js';

/** The parts of the OpenAPI document these tests read. */
interface OpenApiDocument {
  openapi: string;
  info: { description: string };
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
  >;
}

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'starhold-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Starhold</title>');
  writeFileSync(join(webDist, 'app.js'), 'console.log("starhold")');
  t = await createTestApp({
    config: { webDist, allowedOrigins: ['https://play.starhold.test'] },
    bodyLimit: 1024,
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const register = (headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers, payload });

describe('health and API documentation', () => {
  it('answers the health check with the version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', version: '1.6.2' } });
  });

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/register',
        '/api/v1/me',
        '/api/v1/systems/{id}',
        '/api/v1/systems/{from}/{to}',
      ]),
    );
    expect(
      doc.paths['/api/v1/auth/register']?.post?.requestBody?.content['application/json']?.schema.required,
    ).toEqual(expect.arrayContaining(['email', 'username', 'password', 'race_id']));
  });

  it('lists the error catalogue with its stable codes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
    expect(doc.info.description).toContain('| 1023 | 404 | ROUTE_NOT_FOUND |');
    expect(doc.info.description).toContain('| 1002 | 400 | VALIDATION_ERROR |');
  });

  it('serves the documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBeLessThan(400);
  });
});

describe('error bodies', () => {
  it('answers unknown API routes with 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Resource not found', code: 1007, i18n_comment: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 VALIDATION_ERROR', async () => {
    const response = await register(JSON_HEADERS, '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 1002, i18n_comment: 'VALIDATION_ERROR' });
  });

  it('refuses a mutation that is not JSON with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await register({ 'content-type': 'application/x-www-form-urlencoded' }, 'email=a');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 1022, i18n_comment: 'UNSUPPORTED_MEDIA_TYPE' });
    const noType = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(noType.statusCode).toBe(415);
  });

  it('accepts an empty JSON body on calls without payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: JSON_HEADERS,
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an oversized body with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await register(JSON_HEADERS, JSON.stringify({ email: 'x'.repeat(2000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 1021, i18n_comment: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a mutation from a foreign origin with 403 FORBIDDEN', async () => {
    const response = await register({ ...JSON_HEADERS, origin: 'https://evil.example' }, '{}');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1006, i18n_comment: 'FORBIDDEN' });
  });

  it('accepts mutations from the same host and from the allowed origins', async () => {
    const sameHost = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...JSON_HEADERS, host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    expect(sameHost.statusCode).toBe(200);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...JSON_HEADERS, origin: 'https://play.starhold.test' },
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('web app', () => {
  it('serves files of the built web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('starhold');
  });

  it('answers client-side routes with index.html', async () => {
    for (const url of ['/', '/systems/12', '/profile']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Starhold</title>');
    }
  });

  it('never answers index.html for an API route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/anything' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().i18n_comment).toBe('NOT_FOUND');
  });
});

describe('limits and failures', () => {
  it('answers 429 TOO_MANY_REQUESTS beyond the request rate limit', async () => {
    const limited = await createTestApp({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const response = await limited.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.json()).toMatchObject({ code: 1019, i18n_comment: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });

  it("does not count the web app's own files against the API rate limit", async () => {
    const limited = await createTestApp({ rateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const codes = [];
      for (let i = 0; i < 6; i += 1)
        codes.push((await limited.app.inject({ method: 'GET', url: `/assets/chunk-${i}.js` })).statusCode);
      expect(codes).not.toContain(429);
      expect((await limited.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers an unexpected failure with a generic 500 that reveals nothing', async () => {
    const broken = await createTestApp();
    const player = await registerPlayer(broken.app);
    await broken.database.db.schema.dropTable('emails').execute();
    const response = await broken.app.inject({ method: 'GET', url: '/api/v1/me', headers: player.headers });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Internal server error',
      code: 1001,
      i18n_comment: 'SERVER_ERROR',
    });
    await broken.close();
  });

  it('answers 404 NOT_FOUND at / when the web app is not built', async () => {
    const bare = await createTestApp();
    const response = await bare.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().i18n_comment).toBe('NOT_FOUND');
    await bare.close();
  });
});
