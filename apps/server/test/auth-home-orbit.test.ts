import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, JSON_HEADERS, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Takes every free orbit of the race's systems of one security with planets of a filler account. */
async function fillOrbits(
  ownerId: number,
  raceId: number,
  securityId: number,
  firstIdx: number,
): Promise<void> {
  const free = await t.database.db
    .selectFrom('orbits')
    .innerJoin('systems', 'systems.id', 'orbits.system_id')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select('orbits.id')
    .where('systems.race_id', '=', raceId)
    .where('systems.security_id', '=', securityId)
    .where('planets.id', 'is', null)
    .execute();
  const createdAt = new Date(t.clock()).toISOString();
  for (const [i, orbit] of free.entries()) {
    await t.database.db
      .insertInto('planets')
      .values({
        account_id: ownerId,
        orbit_id: orbit.id,
        idx: firstIdx + i,
        name: 'Filler',
        planet_type: 'default',
        max_capacity: 163,
        metal: 0,
        crystal: 0,
        fuel: 0,
        last_visit: null,
        created_at: createdAt,
      })
      .execute();
  }
}

async function homeSecurity(accountId: number): Promise<number | undefined> {
  const row = await t.database.db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .innerJoin('systems', 'systems.id', 'orbits.system_id')
    .select('systems.security_id')
    .where('planets.account_id', '=', accountId)
    .executeTakeFirst();
  return row?.security_id;
}

describe('home orbit when the race region fills up', () => {
  it('settles newcomers on the low-security border once high security is full, then refuses with 409 UNIVERSE_FULL', async () => {
    const filler = await registerPlayer(t.app, { race_id: 1 });
    await fillOrbits(filler.me.id, 1, 1, 1000);

    const border = await registerPlayer(t.app, { race_id: 1 });
    expect(await homeSecurity(border.me.id)).toBe(2);

    await fillOrbits(filler.me.id, 1, 2, 2000);
    const accountsBefore = await t.database.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: JSON_HEADERS,
      payload: { email: 'late@example.test', username: 'latecomer', password: 'Secret123', race_id: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 1024, i18n_comment: 'UNIVERSE_FULL' });
    const accountsAfter = await t.database.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(accountsAfter.n)).toBe(Number(accountsBefore.n));

    // The other race's region is untouched.
    const insectoid = await registerPlayer(t.app, { race_id: 2 });
    expect(await homeSecurity(insectoid.me.id)).toBe(1);
  });
});
