import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsContentSecurityPolicy, inlineScriptHashes } from '../src/http/security-headers.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

const EARLY_SCRIPT = "\n      window.__early = fetch('/api/v1/me');\n    ";
const PAGE = `<!doctype html><html><head><script>${EARLY_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`;

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'starhold-web-'));
  writeFileSync(join(webDist, 'index.html'), PAGE);
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>, kind: 'page' | 'api' = 'page'): void {
  const csp = String(headers['content-security-policy']);
  if (kind === 'page') {
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  } else {
    // JSON is never rendered: a policy that allows nothing.
    expect(csp).toBe("default-src 'none';frame-ancestors 'none'");
    expect(headers['cache-control']).toBe('no-store');
  }
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe(kind === 'page' ? 'DENY' : undefined);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers over plain HTTP', () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist } });
    player = await registerPlayer(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('are on the page, with the hash of its inline script and no inline script otherwise', async () => {
    for (const url of ['/', '/systems/12']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response.headers);
      const hash = createHash('sha256').update(EARLY_SCRIPT, 'utf8').digest('base64');
      expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('are on answers the rate limit refuses', async () => {
    const limited = await createTestApp({ config: { webDist }, rateLimit: { max: 1, windowMs: 60_000 } });
    try {
      await limited.app.inject({ method: 'GET', url: '/api/v1/health' });
      const refused = await limited.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(refused.statusCode).toBe(429);
      expectSecurityHeaders(refused.headers, 'api');
    } finally {
      await limited.close();
    }
  });

  it("are on the app's files", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('are on API answers, errors included, which are never stored', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: player.cookie } }),
      t.app.inject({ method: 'GET', url: '/api/v1/me' }),
      t.app.inject({ method: 'GET', url: '/api/v1/health' }),
      t.app.inject({ method: 'GET', url: '/api/v1/me/planet', headers: { cookie: player.cookie } }),
      t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 200, 404]);
    for (const answer of answers) expectSecurityHeaders(answer.headers, 'api');
    expect(answers[0]?.json()).toMatchObject({ data: { email: player.email } });
  });

  it('give the API docs the policy of @fastify/swagger-ui, still without framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain("'unsafe-inline'; script");
    expect(csp).toContain('validator.swagger.io');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('security headers behind HTTPS (COOKIE_SECURE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webDist, cookieSecure: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('add Strict-Transport-Security to pages and API answers', async () => {
    for (const [url, kind] of [
      ['/', 'page'],
      ['/api/v1/health', 'api'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      expectSecurityHeaders(response.headers, kind);
    }
  });
});

describe('the policy helpers', () => {
  it('hash only inline scripts with a body', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script> </script>')).toEqual([]);
    expect(inlineScriptHashes('<SCRIPT type="text/javascript">a()</SCRIPT>')).toEqual([
      `'sha256-${createHash('sha256').update('a()').digest('base64')}'`,
    ]);
  });

  it('drop the mixed-content upgrade and framing from the docs policy, and allow inline styles', () => {
    expect(
      docsContentSecurityPolicy(
        "default-src 'self'; frame-ancestors 'self'; script-src 'self' 'sha256-x'; style-src 'self' https: 'sha256-y'; upgrade-insecure-requests;",
      ),
    ).toBe(
      "default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-x'; style-src 'self' 'unsafe-inline'",
    );
  });
});
