import { computePoints, type AccountState } from '@starhold/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrentChangeError,
  loadAccountState,
  saveAccountStates,
  type AccountSave,
} from '../src/modules/economy/state.repository.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

/**
 * Several accounts saved together (a chunk of fleet arrivals, decision 248): their rows are
 * written with one statement per row shape, each still guarded, each answered with its version.
 */
let t: TestApp;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  ids = [];
  for (let i = 0; i < 9; i += 1) ids.push((await registerPlayer(t.app)).me.id);
});
afterAll(async () => {
  await t.close();
});

async function rowOf(accountId: number) {
  const row = await t.database.db
    .selectFrom('accounts')
    .select(['nmi', 'next_item_id', 'settled_at', 'next_event_at', 'total_points', 'state_version'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { ...row, state_version: Number(row.state_version) };
}

const stored = (state: AccountState) => ({ points: computePoints(state), nextEventAt: null });

/**
 * A save changing nmi, the next item id and the home planet's resources; `shape` picks which
 * derived columns change.
 */
function saveOf(
  before: AccountState,
  step: number,
  shape: 'neither' | 'nextEvent' | 'points' | 'both',
): AccountSave {
  const planets = before.planets.map((planet) => ({
    ...planet,
    resources: {
      metal: planet.resources.metal + step,
      crystal: planet.resources.crystal + 2 * step,
      fuel: planet.resources.fuel + 0.5 * step,
    },
  }));
  const after: AccountState = {
    ...before,
    planets,
    nmi: before.nmi + step,
    nextItemId: before.nextItemId + step,
  };
  const kept = stored(before);
  const points =
    shape === 'points' || shape === 'both'
      ? { ...kept.points, total: kept.points.total + step }
      : kept.points;
  const nextEventAt = shape === 'nextEvent' || shape === 'both' ? before.settledAt + 3_600_000 * step : null;
  return { before, after, derived: { points, nextEventAt }, stored: kept };
}

async function resourcesOf(accountId: number) {
  return t.database.db
    .selectFrom('planets')
    .select(['id', 'metal', 'crystal', 'fuel'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
}

async function statesOf(accountIds: readonly number[]): Promise<AccountState[]> {
  const states: AccountState[] = [];
  for (const id of accountIds) states.push(await loadAccountState(t.database.db, id));
  return states;
}

describe('saveAccountStates', () => {
  it('writes every row of every shape, batched or alone, and answers each account its new version, in order', async () => {
    const states = await statesOf(ids);
    // Two or more of each shape (a batched statement each), and one alone (the single update).
    const shapes = [
      'neither',
      'points',
      'both',
      'nextEvent',
      'neither',
      'points',
      'both',
      'nextEvent',
      'neither',
    ] as const;
    const versionsBefore = await Promise.all(ids.map(async (id) => (await rowOf(id)).state_version));
    const saves = states.map((state, index) => saveOf(state, index + 1, shapes[index] ?? 'neither'));
    const saved = await t.database.dialect.writeTransaction(t.database.db, (trx) =>
      saveAccountStates(trx, saves),
    );
    for (const [index, id] of ids.entries()) {
      const row = await rowOf(id);
      const save = saves[index] as AccountSave;
      expect(saved[index]?.version, `account ${id}`).toBe(row.state_version);
      expect(row.state_version).toBeGreaterThan(versionsBefore[index] as number);
      expect(row.nmi).toBe(save.after.nmi);
      expect(row.next_item_id).toBe(save.after.nextItemId);
      expect(row.total_points).toBe(save.derived.points.total);
      expect(row.next_event_at === null ? null : Date.parse(row.next_event_at)).toBe(
        shapes[index] === 'nextEvent' || shapes[index] === 'both' ? save.derived.nextEventAt : null,
      );
      expect(await resourcesOf(id)).toEqual(
        save.after.planets.map((planet) => ({ id: planet.id, ...planet.resources })),
      );
      expect(saved[index]?.stored).toEqual({
        points: save.derived.points,
        nextEventAt: save.derived.nextEventAt,
      });
    }
  });

  it('commits nothing when one row of a batch no longer holds what was loaded', async () => {
    const states = await statesOf(ids.slice(0, 3));
    // Another write moves the second account's nmi after the load.
    await t.database.db
      .updateTable('accounts')
      .set({ nmi: (states[1] as AccountState).nmi + 1000 })
      .where('id', '=', ids[1] as number)
      .execute();
    const rowsBefore = await Promise.all(ids.slice(0, 3).map(rowOf));
    const saves = states.map((state) => saveOf(state, 7, 'neither'));
    await expect(
      t.database.dialect.writeTransaction(t.database.db, (trx) => saveAccountStates(trx, saves)),
    ).rejects.toBeInstanceOf(ConcurrentChangeError);
    expect(await Promise.all(ids.slice(0, 3).map(rowOf))).toEqual(rowsBefore);
  });

  it.each(['metal', 'crystal', 'fuel'] as const)(
    'commits nothing when one planet of a batch no longer holds the %s loaded',
    async (resource) => {
      const states = await statesOf(ids.slice(0, 3));
      const planet = (states[2] as AccountState).planets[0];
      if (planet === undefined) throw new Error('no planet');
      await t.database.db
        .updateTable('planets')
        .set({ [resource]: planet.resources[resource] + 5 })
        .where('id', '=', planet.id)
        .execute();
      const snapshot = () =>
        Promise.all(ids.slice(0, 3).map(async (id) => [await rowOf(id), await resourcesOf(id)]));
      const before = await snapshot();
      const saves = states.map((state) => saveOf(state, 3, 'points'));
      await expect(
        t.database.dialect.writeTransaction(t.database.db, (trx) => saveAccountStates(trx, saves)),
      ).rejects.toBeInstanceOf(ConcurrentChangeError);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses an account saved twice in one call, before writing anything', async () => {
    const [state] = await statesOf(ids.slice(0, 1));
    if (state === undefined) throw new Error('no state');
    const before = await rowOf(state.accountId);
    await expect(
      t.database.dialect.writeTransaction(t.database.db, (trx) =>
        saveAccountStates(trx, [saveOf(state, 1, 'neither'), saveOf(state, 2, 'neither')]),
      ),
    ).rejects.toThrow('saved twice');
    expect(await rowOf(state.accountId)).toEqual(before);
  });
});
