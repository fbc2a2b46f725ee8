import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, setResources } from './economy-fixtures.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';
import { portOf, rawRequest } from './helpers/raw-http.js';

/**
 * Every other spelling of a path: each segment percent-encoded (lower and upper hex, one letter or
 * all of it), upper-cased, preceded by a doubled slash, an encoded slash, a trailing slash, a dot
 * segment. The router decodes some of them to the API route: the guards must follow the router.
 */
export function spellingsOf(path: string): string[] {
  const [pathname, query] = path.split('?') as [string, string | undefined];
  const segments = pathname.split('/').slice(1);
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
  const at = (i: number, replacement: string) =>
    '/' + segments.map((segment, j) => (j === i ? replacement : segment)).join('/');
  const out = new Set<string>();
  segments.forEach((segment, i) => {
    if (segment === '') return;
    const first = segment.charAt(0);
    out.add(at(i, hex(first) + segment.slice(1)));
    out.add(at(i, hex(first).toUpperCase() + segment.slice(1)));
    out.add(at(i, [...segment].map(hex).join('')));
    out.add(at(i, segment.toUpperCase()));
    out.add(at(i, first.toUpperCase() + segment.slice(1)));
    out.add(at(i, `/${segment}`));
    out.add(at(i, `./${segment}`));
  });
  out.add('/' + segments.map((segment) => [...segment].map(hex).join('')).join('/'));
  out.add(`/${segments.join('%2F')}`);
  out.add(`${pathname}/`);
  out.add(`/${pathname}`);
  out.delete(pathname);
  return [...out].map((spelled) => (query === undefined ? spelled : `${spelled}?${query}`));
}

describe('the spellings', () => {
  it('include percent-encoded, doubled-slash and mixed-case forms of every segment', () => {
    const spellings = spellingsOf('/api/v1/me');
    expect(spellings).toEqual(
      expect.arrayContaining([
        '/%61pi/v1/me',
        '/%61%70%69/v1/me',
        '//api/v1/me',
        '/API/v1/me',
        '/api/v1/%6De',
      ]),
    );
  });
});

describe('the request rate limit, whatever the spelling', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 2, windowMs: 60_000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 to every spelling the router serves once the budget is spent', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await rawRequest(port, 'GET', '/api/v1/health')).status).toBe(200);
    }
    const routed: string[] = [];
    for (const path of ['/api/v1/health', '/api/v1/me', '/api/v1/lists/races', '/api/v1/systems']) {
      for (const spelled of spellingsOf(path)) {
        const answer = await rawRequest(port, 'GET', spelled);
        // 404: the router did not take it for an API route at all; anything else escaped the limit.
        expect([429, 404], `${spelled} answered ${answer.status}`).toContain(answer.status);
        if (answer.status === 429) {
          expect(JSON.parse(answer.body)).toMatchObject({ i18n_comment: 'TOO_MANY_REQUESTS' });
          routed.push(spelled);
        }
      }
    }
    // The router does decode percent-encoded letters: those spellings reached the limit, not a 404.
    expect(routed).toEqual(expect.arrayContaining(['/%61pi/v1/me', '/api/v1/%6De', '/%61%70%69/v1/health']));
  });
});

describe('the CSRF guard, whatever the spelling', () => {
  let t: TestApp;
  let port: number;
  let victim: TestPlayer;
  let planetId: number;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { max: 1_000_000, windowMs: 60_000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = portOf(t.app);
    victim = await registerPlayer(t.app);
    planetId = await homePlanetId(t.database.db, victim.me.id);
    // Enough to start any first level: only the guard stands between a forged call and a build.
    await setResources(t.database.db, planetId, { metal: 1_000_000, crystal: 1_000_000, fuel: 1_000_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const MUTATIONS: ReadonlyArray<readonly [method: string, path: string, body?: string]> = [
    ['POST', '/api/v1/auth/logout'],
    ['POST', '/api/v1/auth/refresh'],
    ['POST', '/api/v1/auth/login', 'email=a@b.test&password=x'],
    ['POST', '/api/v1/auth/register', 'email=a@b.test'],
    ['POST', '/api/v1/me/planet/buildings/1'],
    ['POST', '/api/v1/me/planet/factories/1'],
    ['POST', '/api/v1/me/planet/researchs/1'],
    ['DELETE', '/api/v1/me/planet/buildings?id=1'],
    ['PUT', '/api/v1/me/planet', 'name=pwned'],
    ['POST', '/api/v1/me/planet', 'planet_index=0'],
    ['PUT', '/api/v1/me/emails/1'],
    ['POST', '/api/v1/me/commandants/1', 'time=1'],
  ];

  it('refuses a cross-site form post (foreign Origin, text/plain) under every spelling', async () => {
    for (const [method, path, body] of MUTATIONS) {
      for (const spelled of [path, ...spellingsOf(path)]) {
        const answer = await rawRequest(
          port,
          method,
          spelled,
          { cookie: victim.cookie, 'content-type': 'text/plain', origin: 'https://evil.example' },
          body,
        );
        expect([403, 404], `${method} ${spelled} answered ${answer.status}`).toContain(answer.status);
      }
    }
  });

  it('refuses a form post without Origin (text/plain) under every spelling', async () => {
    for (const [method, path, body] of MUTATIONS) {
      for (const spelled of [path, ...spellingsOf(path)]) {
        const answer = await rawRequest(
          port,
          method,
          spelled,
          { cookie: victim.cookie, 'content-type': 'text/plain' },
          body,
        );
        expect([415, 404], `${method} ${spelled} answered ${answer.status}`).toContain(answer.status);
      }
    }
  });

  it('left the victim signed in, with nothing built and the planet unrenamed', async () => {
    const me = await rawRequest(port, 'GET', '/api/v1/me', { cookie: victim.cookie });
    expect(me.status).toBe(200);
    const planet = await t.database.db
      .selectFrom('planets')
      .select(['name'])
      .where('id', '=', planetId)
      .executeTakeFirstOrThrow();
    expect(planet.name).not.toBe('pwned');
    const items = await t.database.db
      .selectFrom('constructions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(items.n)).toBe(0);
  });

  it('still serves the encoded spelling of a genuine same-origin JSON call', async () => {
    const answer = await rawRequest(port, 'POST', '/%61pi/v1/auth/logout', {
      cookie: victim.cookie,
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(200);
  });
});
