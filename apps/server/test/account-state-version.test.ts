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

  it('moves by one for an update within the account, and both accounts when a row changes owner (019)', async () => {
    const player = await registerPlayer(t.app);
    const other = await registerPlayer(t.app);
    const db = t.database.db;
    const planetId = await homePlanetId(db, player.me.id);
    const otherPlanetId = await homePlanetId(db, other.me.id);
    await setModule(db, planetId, 1, 1, 3);
    const emailsVersion = async (accountId: number) =>
      Number(
        (
          await db
            .selectFrom('accounts')
            .select('emails_version')
            .where('id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).emails_version,
      );

    // The updates a game write makes: one move of the version each (two before 019 on SQLite).
    let before = await version(player.me.id);
    await setResources(db, planetId, { metal: 11, crystal: 12, fuel: 13 });
    expect(await version(player.me.id)).toBe(before + 1);
    before = await version(player.me.id);
    await setModule(db, planetId, 1, 1, 4);
    expect(await version(player.me.id)).toBe(before + 1);
    const email = await db
      .insertInto('emails')
      .values({
        account_id: player.me.id,
        title: 'x',
        params: '{}',
        created_at: '2026-01-01T00:00:00.000Z',
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const emailsBefore = await emailsVersion(player.me.id);
    await db
      .updateTable('emails')
      .set({ read_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', email.id)
      .execute();
    expect(await emailsVersion(player.me.id)).toBe(emailsBefore + 1);

    // A row that changes owner moves both accounts.
    const moves: [string, () => Promise<unknown>][] = [
      [
        'a module moved to the other planet',
        () =>
          db
            .updateTable('planet_modules')
            .set({ planet_id: otherPlanetId })
            .where('planet_id', '=', planetId)
            .where('type_id', '=', 1)
            .where('module_id', '=', 1)
            .execute(),
      ],
      [
        'research given away',
        async () => {
          await setResearch(db, player.me.id, 2, 1);
          await db
            .updateTable('account_research')
            .set({ account_id: other.me.id })
            .where('account_id', '=', player.me.id)
            .execute();
        },
      ],
      [
        'a planet given away',
        () =>
          db
            .updateTable('planets')
            .set({ account_id: other.me.id, idx: 9 })
            .where('id', '=', planetId)
            .execute(),
      ],
    ];
    for (const [what, move] of moves) {
      const [mine, theirs] = [await version(player.me.id), await version(other.me.id)];
      await move();
      expect(await version(player.me.id), what).toBeGreaterThan(mine);
      expect(await version(other.me.id), what).toBeGreaterThan(theirs);
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
