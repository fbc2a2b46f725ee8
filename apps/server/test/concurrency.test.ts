import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestApp, JSON_HEADERS, registerPlayer, type TestApp } from './helpers/index.js';

// Meaningful on PostgreSQL (TEST_DATABASE_URL), where the requests really run in parallel.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', headers: JSON_HEADERS, payload });

describe('concurrent requests', () => {
  it('registers exactly one of several simultaneous sign-ups with the same email', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        register({ email: 'Race@Example.test', username: `racer${i}`, password: 'Password1', race_id: 1 }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
  });

  it('gives simultaneous sign-ups distinct home orbits', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        register({
          email: `crowd${i}@example.test`,
          username: `crowd${i}`,
          password: 'Password1',
          race_id: 2,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const orbits = await t.database.db.selectFrom('planets').select('orbit_id').execute();
    expect(new Set(orbits.map((o) => o.orbit_id)).size).toBe(orbits.length);
  });

  it('rotates a refresh token at most once when it is presented twice at the same time', async () => {
    const player = await registerPlayer(t.app);
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        headers: { ...JSON_HEADERS, cookie: cookieHeader(player.cookies) },
      });
    const responses = await Promise.all([refresh(), refresh()]);
    expect(responses.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(responses.some((r) => r.statusCode === 401)).toBe(true);
  });
});
