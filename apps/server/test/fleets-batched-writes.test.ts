import type { Fleet } from '@starhold/contract';
import type { FleetState } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteFleetRowsOf,
  FleetRowChangedError,
  fleetsFromRows,
  loadFleetRows,
  lockOrbits,
  setDebrisOf,
  updateFleetRows,
} from '../src/modules/fleets/fleets.repository.js';
import { call, equip, freeOrbit, homePlace, type Place } from './fleets-fixtures.js';
import { createTestApp, registerPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

/**
 * The chunk's batched writes (decision 203): the arrived fleets of several accounts in one guarded
 * statement, the debris fields of several orbits in one.
 */
let t: TestApp;
let senders: TestPlayer[];
let place: Place;

beforeAll(async () => {
  t = await createTestApp({ config: { gameSpeed: 100 } });
  senders = (await Promise.all([registerPlayer(t.app), registerPlayer(t.app)])).sort(
    (x, y) => x.me.id - y.me.id,
  );
  const target = await registerPlayer(t.app);
  place = await homePlace(t.database.db, target.me.id);
  for (const sender of senders) {
    await equip(t.database.db, sender.me.id, { 7: 2 }, { 6: 2 });
    const response = await call(t, sender, 'POST', '/me/fleets', {
      mission: 1,
      target: { system_id: place.systemId, orbit: place.orbit },
      ships: [{ id: 7, count: 1 }],
      speed: 100,
      prefer: 'shortest',
      cargo: { metal: 10, crystal: 0, fuel: 0 },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect((response.body.data as unknown as Fleet).state).toBe('outbound');
  }
});
afterAll(async () => {
  await t.close();
});

async function fleetOf(accountId: number): Promise<FleetState> {
  const [fleet] = fleetsFromRows(await loadFleetRows(t.database.db, accountId));
  if (fleet === undefined) throw new Error(`account ${accountId} has no fleet`);
  return fleet;
}

const turned = (fleet: FleetState, arrivesAt: number): FleetState => ({
  ...fleet,
  state: 'returning',
  arrivesAt,
});

const inTransaction = <T>(fn: (trx: TestApp['database']['db']) => Promise<T>): Promise<T> =>
  t.database.dialect.writeTransaction(t.database.db, fn);

describe('updateFleetRows', () => {
  it("writes several accounts' fleets with their columns, each guarded by its row as loaded", async () => {
    const ids = senders.map((sender) => sender.me.id);
    const before = await Promise.all(ids.map(fleetOf));
    const after = before.map((fleet, index) => turned(fleet, fleet.arrivesAt + 1000 * (index + 1)));
    await inTransaction((trx) =>
      updateFleetRows(
        trx,
        ids.map((accountId, index) => ({
          accountId,
          fleet: after[index] as FleetState,
          previous: before[index] as FleetState,
        })),
      ),
    );
    expect(await Promise.all(ids.map(fleetOf))).toEqual(after);
    const rows = await t.database.db
      .selectFrom('fleets')
      .select(['account_id', 'state', 'arrives_at'])
      .where('account_id', 'in', ids)
      .orderBy('account_id')
      .execute();
    expect(rows).toEqual(
      ids.map((accountId, index) => ({
        account_id: accountId,
        state: 'returning',
        arrives_at: new Date((after[index] as FleetState).arrivesAt).toISOString(),
      })),
    );
  });

  it('writes none of them when one row no longer holds the data it was loaded with', async () => {
    const ids = senders.map((sender) => sender.me.id);
    const loaded = await Promise.all(ids.map(fleetOf));
    // Another writer changes the second account's fleet after it was loaded.
    const [firstId, secondId] = ids as [number, number];
    const moved = turned(loaded[1] as FleetState, (loaded[1] as FleetState).arrivesAt + 5);
    await t.database.db
      .updateTable('fleets')
      .set({ data: JSON.stringify(moved) })
      .where('account_id', '=', secondId)
      .execute();
    const rowsBefore = await Promise.all(ids.map((id) => loadFleetRows(t.database.db, id)));
    const attempt = inTransaction((trx) =>
      updateFleetRows(
        trx,
        loaded.map((fleet, index) => ({
          accountId: ids[index] as number,
          fleet: turned(fleet, fleet.arrivesAt + 99_000),
          previous: fleet,
        })),
      ),
    );
    await expect(attempt).rejects.toBeInstanceOf(FleetRowChangedError);
    // Rolled back whole: the first account's fleet is as it was too.
    expect(await Promise.all(ids.map((id) => loadFleetRows(t.database.db, id)))).toEqual(rowsBefore);
    expect((await fleetOf(firstId)).arrivesAt).toBe((loaded[0] as FleetState).arrivesAt);
  });
});

describe('deleteFleetRowsOf', () => {
  it("deletes several accounts' rows at once, and none when one of them is gone already", async () => {
    const ids = senders.map((sender) => sender.me.id);
    const [first, second] = await Promise.all(ids.map(fleetOf));
    const rows = [
      { accountId: ids[0] as number, fleetId: (first as FleetState).id },
      { accountId: ids[1] as number, fleetId: (second as FleetState).id },
    ];
    const missing = { accountId: ids[0] as number, fleetId: 999_999 };
    await expect(inTransaction((trx) => deleteFleetRowsOf(trx, [...rows, missing]))).rejects.toBeInstanceOf(
      FleetRowChangedError,
    );
    expect(await Promise.all(ids.map(fleetOf))).toEqual([first, second]);
    await inTransaction((trx) => deleteFleetRowsOf(trx, rows));
    expect(await Promise.all(ids.map((id) => loadFleetRows(t.database.db, id)))).toEqual([[], []]);
  });
});

describe('setDebrisOf', () => {
  it('sets the debris of several orbits with fractional amounts, and of one', async () => {
    const orbits = [place.orbitId, (await freeOrbit(t.database.db)).orbitId];
    const debris = async () =>
      t.database.db
        .selectFrom('orbits')
        .select(['id', 'debris_metal', 'debris_crystal'])
        .where('id', 'in', orbits)
        .orderBy('id')
        .execute();
    await inTransaction((trx) =>
      setDebrisOf(
        trx,
        new Map([
          [orbits[0] as number, { metal: 1234.5, crystal: 0.25 }],
          [orbits[1] as number, { metal: 0, crystal: 98_765_432.125 }],
        ]),
      ),
    );
    const expected = [
      { id: orbits[0], debris_metal: 1234.5, debris_crystal: 0.25 },
      { id: orbits[1], debris_metal: 0, debris_crystal: 98_765_432.125 },
    ].sort((x, y) => (x.id as number) - (y.id as number));
    expect(await debris()).toEqual(expected);
    await inTransaction((trx) =>
      setDebrisOf(trx, new Map([[orbits[1] as number, { metal: 7, crystal: 8 }]])),
    );
    expect((await debris()).find((row) => row.id === orbits[1])).toEqual({
      id: orbits[1],
      debris_metal: 7,
      debris_crystal: 8,
    });
  });
});

describe('lockOrbits', () => {
  it('reads what each orbit holds, for one orbit, for several (padded) and for a missing one', async () => {
    const free = await freeOrbit(t.database.db);
    const owner = (await homePlace(t.database.db, senders[0]?.me.id as number)).orbitId;
    const ownerPlace = await t.database.db
      .selectFrom('orbits')
      .select(['system_id', 'index'])
      .where('id', '=', owner)
      .executeTakeFirstOrThrow();
    const missing = { systemId: place.systemId, orbit: 99 };
    const targets = [
      { systemId: place.systemId, orbit: place.orbit },
      { systemId: free.systemId, orbit: free.orbit },
      { systemId: ownerPlace.system_id, orbit: ownerPlace.index },
      missing,
    ];
    const views = await inTransaction((trx) => lockOrbits(trx, t.database.dialect, targets));
    expect([...views.keys()].sort()).toEqual(
      [
        `${place.systemId}:${place.orbit}`,
        `${free.systemId}:${free.orbit}`,
        `${ownerPlace.system_id}:${ownerPlace.index}`,
      ].sort(),
    );
    expect(views.get(`${place.systemId}:${place.orbit}`)).toMatchObject({
      orbitId: place.orbitId,
      planet: { planetId: place.planetId },
    });
    expect(views.get(`${free.systemId}:${free.orbit}`)).toMatchObject({
      orbitId: free.orbitId,
      planet: null,
    });
    expect(views.get(`${ownerPlace.system_id}:${ownerPlace.index}`)?.planet?.accountId).toBe(
      senders[0]?.me.id,
    );
    // Three targets (padded to four) and one: the same views.
    const three = await inTransaction((trx) => lockOrbits(trx, t.database.dialect, targets.slice(0, 3)));
    expect(three).toEqual(views);
    const one = await inTransaction((trx) => lockOrbits(trx, t.database.dialect, targets.slice(1, 2)));
    expect([...one.values()]).toEqual([views.get(`${free.systemId}:${free.orbit}`)]);
    expect((await inTransaction((trx) => lockOrbits(trx, t.database.dialect, [missing]))).size).toBe(0);
  });
});
