import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, JSON_HEADERS, registerPlayer, type TestApp, anyNumber } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { ...JSON_HEADERS, ...headers },
    payload: payload as object,
  });

const valid = (n: string) => ({ email: `${n}@example.test`, username: n, password: 'Secret123', race_id: 2 });

describe('POST /auth/register', () => {
  it('creates the account and answers 201 with Me and the session cookies', async () => {
    const response = await register(valid('newcomer'));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      data: {
        id: anyNumber,
        username: 'newcomer',
        email: 'newcomer@example.test',
        race: { id: 2, name: 'insectoid' },
        focus_planet_index: 0,
        email_not_read_count: 1,
        nmi: 100,
        total_points: 0,
        economy_points: 0,
        science_points: 0,
        military_points: 0,
        game_speed: 1,
      },
    });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies.auth_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 900 });
    expect(cookies.refresh_token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });
    expect(cookies.refresh_token?.maxAge).toBeUndefined();
  });

  it('gives the home planet in a free orbit of a high-security system of the race, with starting stock', async () => {
    const player = await registerPlayer(t.app, { race_id: 2 });
    const planet = await t.database.db
      .selectFrom('planets')
      .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .select([
        'planets.name',
        'planets.idx',
        'planets.planet_type',
        'planets.max_capacity',
        'planets.metal',
        'planets.crystal',
        'planets.fuel',
        'systems.security_id',
        'systems.race_id',
      ])
      .where('planets.account_id', '=', player.me.id)
      .execute();
    expect(planet).toEqual([
      {
        name: 'Planète mère',
        idx: 0,
        planet_type: 'default',
        max_capacity: 163,
        metal: 500,
        crystal: 500,
        fuel: 0,
        security_id: 1,
        race_id: 2,
      },
    ]);
  });

  it('names the home planet Homeworld when the browser prefers English', async () => {
    const player = await registerPlayer(t.app, { acceptLanguage: 'en-GB,en;q=0.9,fr;q=0.5' });
    const planet = await t.database.db
      .selectFrom('planets')
      .select('name')
      .where('account_id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    expect(planet.name).toBe('Homeworld');
  });

  it('keeps the French name when French is preferred over English', async () => {
    const player = await registerPlayer(t.app, { acceptLanguage: 'fr-FR,fr;q=0.9,en;q=0.8' });
    const planet = await t.database.db
      .selectFrom('planets')
      .select('name')
      .where('account_id', '=', player.me.id)
      .executeTakeFirstOrThrow();
    expect(planet.name).toBe('Planète mère');
  });

  it('spreads new players over the least crowded systems of their region', async () => {
    const players = [];
    for (let i = 0; i < 3; i += 1) players.push(await registerPlayer(t.app, { race_id: 1 }));
    const systems = await t.database.db
      .selectFrom('planets')
      .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
      .select('orbits.system_id')
      .where(
        'planets.account_id',
        'in',
        players.map((p) => p.me.id),
      )
      .execute();
    expect(new Set(systems.map((s) => s.system_id)).size).toBe(3);
  });

  it('sends a welcome email carrying the username', async () => {
    const player = await registerPlayer(t.app);
    const emails = await t.database.db
      .selectFrom('emails')
      .select(['title', 'params', 'read_at'])
      .where('account_id', '=', player.me.id)
      .execute();
    expect(emails).toEqual([
      { title: 'welcome', params: JSON.stringify({ username: player.username }), read_at: null },
    ]);
  });

  it('refuses an email already used, whatever its case, with 409 EMAIL_TAKEN', async () => {
    await register(valid('casey'));
    const response = await register({ ...valid('casey2'), email: 'CASEY@Example.TEST' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 1017, i18n_comment: 'EMAIL_TAKEN' });
  });

  it('refuses a username already used, whatever its case, with 409 USERNAME_TAKEN', async () => {
    await register(valid('Jordan'));
    const response = await register({ ...valid('other'), username: 'jORDAN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 1018, i18n_comment: 'USERNAME_TAKEN' });
  });

  it.each([
    ['a missing email', { email: undefined }, 'email', 'REQUIRED'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'INVALID_EMAIL'],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@x.io` }, 'email', 'TOO_LONG'],
    ['a username under 3 characters', { username: 'ab' }, 'username', 'INVALID_USERNAME'],
    ['a username over 20 characters', { username: 'a'.repeat(21) }, 'username', 'INVALID_USERNAME'],
    ['a username with a space', { username: 'bad name' }, 'username', 'INVALID_USERNAME'],
    ['a password under 8 characters', { password: 'Short1' }, 'password', 'PASSWORD_TOO_SHORT'],
    ['a password over 128 characters', { password: `A${'a'.repeat(128)}` }, 'password', 'PASSWORD_TOO_LONG'],
    ['a password without an uppercase letter', { password: 'lowercase1' }, 'password', 'PASSWORD_UPPERCASE'],
    ['the non-playable race 3', { race_id: 3 }, 'race_id', 'INVALID_RACE'],
    ['an unknown race', { race_id: 9 }, 'race_id', 'INVALID_RACE'],
    ['a missing race', { race_id: undefined }, 'race_id', 'INVALID_RACE'],
  ])('refuses %s with 400 VALIDATION_ERROR naming the field', async (_label, change, field, key) => {
    const response = await register({ ...valid('validation'), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid data',
      code: 1002,
      i18n_comment: 'VALIDATION_ERROR',
      fields: { [field]: key },
    });
  });

  it('accepts usernames made of letters, digits, underscore and hyphen', async () => {
    const response = await register({ ...valid('x'), username: 'Star_Hold-42', email: 'sh42@example.test' });
    expect(response.statusCode).toBe(201);
  });
});
