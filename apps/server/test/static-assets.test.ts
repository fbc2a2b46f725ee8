import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress.js';
import { createTestApp, type TestApp, anyString, type ErrorBody } from './helpers/index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: TestApp;
let webDist: string;
let script: Buffer;
let page: Buffer;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'starhold-web-'));
  mkdirSync(join(webDist, 'assets'));
  mkdirSync(join(webDist, 'images'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><html><head><title>Starhold</title><script type="module" src="/assets/app-abc123.js"></script></head>` +
      `<body>${'<div class="star"></div>'.repeat(60)}<div id="root"></div></body></html>`,
  );
  writeFileSync(
    join(webDist, 'assets/app-abc123.js'),
    'export function greet(name) { return `Hello, ${name}!`; }\n'.repeat(200),
  );
  writeFileSync(join(webDist, 'images/planet.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const { files } = await precompressDir(webDist);
  expect(files.map((file) => file.file)).toEqual(['assets/app-abc123.js', 'index.html']);
  script = readFileSync(join(webDist, 'assets/app-abc123.js'));
  page = readFileSync(join(webDist, 'index.html'));
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('compressed files of the web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts brotli and gzip', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript; charset=utf-8$/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(response.rawPayload.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(script)).toBe(true);

    const identity = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(script)).toBe(true);
  });

  it('answers HEAD with the headers of the compressed copy and no body', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(response.headers['content-length'])).toBe(
      readFileSync(join(webDist, 'assets/app-abc123.js.br')).length,
    );
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends the page compressed at / and at client-side routes', async () => {
    for (const url of ['/', '/systems/12', '/login/terms?from=register']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).equals(page), url).toBe(true);

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.rawPayload.equals(page), url).toBe(true);
    }
  });
});

describe('cache headers of the web app', () => {
  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/app-abc123.js', { 'accept-encoding': encoding });
      expect(response.headers['cache-control'], encoding).toBe(IMMUTABLE);
    }
  });

  it('makes browsers revalidate the page at /, at client-side routes and at /index.html', async () => {
    for (const url of ['/', '/index.html', '/systems/12', '/profile']) {
      for (const encoding of ['br', 'identity']) {
        const response = await get(url, { 'accept-encoding': encoding });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        expect(response.headers.etag, url).toBeDefined();
      }
    }
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/systems/12', { 'accept-encoding': 'br' });
    const again = await get('/systems/12', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('caches files without a hashed name for an hour only', async () => {
    const response = await get('/images/planet.png', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('missing files of the web app', () => {
  it('answers a missing hashed asset with 404, not with the page', async () => {
    for (const encoding of ['br, gzip', 'identity']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await get('/assets/nope.js', { 'accept-encoding': encoding }, method);
        expect(response.statusCode, `${method} ${encoding}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${encoding}`).not.toMatch(/text\/html/);
        expect(response.headers['cache-control'], `${method} ${encoding}`).toBeUndefined();
      }
    }
    const body = (await get('/assets/nope.js')).json<ErrorBody>();
    expect(body.i18n_comment).toBe('NOT_FOUND');
  });

  it('answers 404 for missing files elsewhere: other directories of the app and names with an extension', async () => {
    for (const url of [
      '/images/nope.png',
      '/images/nope',
      '/assets',
      '/favicon.ico',
      '/systems/12/map.json',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json<ErrorBody>().i18n_comment, url).toBe('NOT_FOUND');
    }
  });

  it('sends a compressed copy asked for by its own name as plain bytes, never as an encoding', async () => {
    const response = await get('/assets/app-abc123.js.br', { 'accept-encoding': 'identity' });
    // The copy is a file of the directory, sent as such (no Content-Encoding, so no double decoding).
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).not.toMatch(/javascript/);
  });
});

describe('the API next to the web app', () => {
  it('sends API answers uncompressed and unaffected by the web app cache headers', async () => {
    const response = await get('/api/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    // The API's own: never stored (decision 156), not the web app's caching of files.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ data: { status: 'ok', version: anyString } });
  });

  it('answers unknown API routes with the JSON 404, never with the page', async () => {
    for (const url of ['/api/v1/nowhere', '/api', '/api/v2/anything?x=1']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.json<ErrorBody>().i18n_comment, url).toBe('NOT_FOUND');
    }
  });
});
