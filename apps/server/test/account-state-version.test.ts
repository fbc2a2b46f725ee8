import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homePlanetId, setModule, setResearch, setResources } from './economy-fixtures.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function version(accountId: number): Promise<number> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('state_version')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.state_version);
}

describe('migration 007: the account state version', () => {
  it('moves with every write to what the game state is loaded from, for that account only', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const accountId = player.me.id;
    const planetId = await homePlanetId(t.database.db, accountId);
    const db = t.database.db;
    const at = '2026-01-01T00:00:00.000Z';

    const writes: [string, () => Promise<unknown>][] = [
      ['resources', () => setResources(t.database.db, planetId, { metal: 1, crystal: 2, fuel: 3 })],
      ['a new module level', () => setModule(t.database.db, planetId, 1, 1, 7)],
      ['a changed module level', () => setModule(t.database.db, planetId, 1, 1, 8)],
      [
        'a removed module',
        () =>
          db
            .deleteFrom('planet_modules')
            .where('planet_id', '=', planetId)
            .where('type_id', '=', 1)
            .where('module_id', '=', 1)
            .execute(),
      ],
      ['research', () => setResearch(t.database.db, accountId, 1, 2)],
      ['NMI', () => db.updateTable('accounts').set({ nmi: 999 }).where('id', '=', accountId).execute()],
      [
        'the settling time',
        () =>
          db
            .updateTable('accounts')
            .set({ settled_at: '2031-05-05T05:05:05.000Z' })
            .where('id', '=', accountId)
            .execute(),
      ],
      [
        'a commandant',
        () =>
          db
            .insertInto('commandants')
            .values({ account_id: accountId, commandant_id: 1, available_until: at })
            .execute(),
      ],
      [
        'a commandant removed',
        () => db.deleteFrom('commandants').where('account_id', '=', accountId).execute(),
      ],
      [
        'a construction',
        () =>
          db
            .insertInto('constructions')
            .values({
              account_id: accountId,
              id: 1,
              type_id: 1,
              module_id: 1,
              planet_id: planetId,
              state: 0,
              position: 0,
              queued_at: at,
              started_at: null,
              finish_at: null,
              target_value: 1,
              delivered: 0,
              unit_duration_ms: null,
              paid_metal: null,
              paid_crystal: null,
              paid_fuel: null,
            })
            .execute(),
      ],
      [
        'a construction cancelled',
        () => db.deleteFrom('constructions').where('account_id', '=', accountId).execute(),
      ],
      [
        'the planet type',
        () => db.updateTable('planets').set({ planet_type: 'ice' }).where('id', '=', planetId).execute(),
      ],
    ];
    for (const [what, write] of writes) {
      const before = await version(accountId);
      const otherBefore = await version(other.me.id);
      await write();
      expect(await version(accountId), what).toBeGreaterThan(before);
      expect(await version(other.me.id), `${what} (other account)`).toBe(otherBefore);
    }
  });

  it('stays put for writes the game state does not read', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const before = await version(player.me.id);
    await t.database.db
      .updateTable('planets')
      .set({ name: 'Renamed', last_visit: '2026-02-02T00:00:00.000Z' })
      .where('id', '=', planetId)
      .execute();
    await t.database.db
      .updateTable('accounts')
      .set({ focus_planet_index: 0, total_points: 12 })
      .where('id', '=', player.me.id)
      .execute();
    await sql`select 1`.execute(t.database.db);
    expect(await version(player.me.id)).toBe(before);
  });

  it('does not move when the transaction that wrote rolls back', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    const before = await version(player.me.id);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await setResources(trx, planetId, { metal: 5, crystal: 5, fuel: 5 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version(player.me.id)).toBe(before);
  });
});
