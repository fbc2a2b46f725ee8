/**
 * Decision 210: `accounts.next_event_at` is the scheduler's wake-up, never later than the account's
 * next event; a save leaves a wake-up still to come when the next event is not earlier, and a
 * woken account is stored exactly again.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet } from '@starhold/contract';
import { nextEventAt, nextWakeUpAt } from '@starhold/rules';
import { economyDeps, runSchedulerOnce } from '../src/modules/economy/index.js';
import { loadAccountState, nextEventToStore } from '../src/modules/economy/state.repository.js';
import { homePlanetId, setResources, setResearch } from './economy-fixtures.js';
import { call, equip } from './fleets-fixtures.js';
import { createTestApp, registerPlayer, type TestApp } from './helpers/index.js';

/** The account row's `next_event_at`, as stored. */
async function storedWakeUp(t: TestApp, accountId: number): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('next_event_at')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.next_event_at;
}

describe('nextEventToStore', () => {
  const time = fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null });
  it('never stores a wake-up after the next event, keeps only one still to come, and is stable', () => {
    fc.assert(
      fc.property(time, time, fc.integer({ min: 0, max: 1_000_000 }), (stored, next, at) => {
        const kept = nextEventToStore(stored, next, at);
        expect(kept === stored || kept === next).toBe(true);
        if (next !== null) expect(kept !== null && kept <= next).toBe(true);
        if (kept !== next) expect(kept !== null && kept > at).toBe(true);
        if (stored !== null && stored <= at) expect(kept).toBe(next);
        expect(nextEventToStore(kept, next, at)).toBe(kept);
      }),
      { numRuns: 1000 },
    );
  });

  it('is the next event when nothing is stored or the next event comes first', () => {
    expect(nextEventToStore(null, 500, 100)).toBe(500);
    expect(nextEventToStore(900, 500, 100)).toBe(500);
    expect(nextEventToStore(500, 900, 100)).toBe(500);
    expect(nextEventToStore(500, null, 100)).toBe(500);
    expect(nextEventToStore(500, null, 500)).toBeNull();
    expect(nextEventToStore(50, 900, 100)).toBe(900);
  });
});

describe('the scheduler with wake-ups kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the wake-up of a cancelled start, then visits once when it comes and stores the exact next event', async () => {
    const player = await registerPlayer(t.app);
    const planetId = await homePlanetId(t.database.db, player.me.id);
    await setResources(t.database.db, planetId, { metal: 100_000, crystal: 100_000, fuel: 100_000 });
    const nextEvent = () => storedWakeUp(t, player.me.id);
    const call = (method: 'POST' | 'DELETE', url: string) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: player.headers });
    // Twice, so that the second start and cancel find the row's values as they stored them.
    let wakeUp: string | null = null;
    for (let round = 0; round < 2; round += 1) {
      const started = await call('POST', '/me/planet/factories/1');
      expect(started.statusCode).toBe(200);
      if (round === 0) wakeUp = await nextEvent();
      expect(wakeUp).not.toBeNull();
      expect(await nextEvent()).toBe(wakeUp);
      t.clock.advance(1_000);
      expect((await call('DELETE', '/me/planet/factories')).statusCode).toBe(200);
      // Nothing is queued any more, yet the wake-up stays: it is still to come.
      expect(await nextEvent()).toBe(wakeUp);
    }
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    // Before the wake-up nobody is due; once it has come, one visit stores the exact value (none).
    expect(await runSchedulerOnce(deps, t.clock())).toBe(0);
    t.clock.set(Date.parse(wakeUp as string) + 1);
    expect(await runSchedulerOnce(deps, t.clock())).toBeGreaterThanOrEqual(1);
    expect(await nextEvent()).toBeNull();
    expect(await runSchedulerOnce(deps, t.clock())).toBe(0);
    // The queue and the resources are as the player left them: nothing was built.
    const planet = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/planet/factories',
      headers: player.headers,
    });
    expect(planet.statusCode).toBe(200);
  });
});

describe('quiet pirate passes (decision 216)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { gameSpeed: 1000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('fleets through null space wake the scheduler at their arrival or an ambush, not at each null system they enter', async () => {
    const player = await registerPlayer(t.app);
    const RECYCLER = 10;
    await equip(t.database.db, player.me.id, { [RECYCLER]: 25 });
    // Combustion 6, Impulse 3, recyclers' research 14 level 2 (as in fleets-scenario.test.ts).
    for (const [research, level] of [
      [7, 6],
      [8, 3],
      [14, 2],
    ] as const)
      await setResearch(t.database.db, player.me.id, research, level);
    // A debris field in the null system farthest along the orbit ids: its route crosses null space.
    const field = await t.database.db
      .selectFrom('orbits')
      .innerJoin('systems', 'systems.id', 'orbits.system_id')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .select(['orbits.id', 'orbits.system_id', 'orbits.index'])
      .where('systems.security_id', '=', 3)
      .where('planets.id', 'is', null)
      .orderBy('orbits.id', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('orbits')
      .set({ debris_metal: 1e6, debris_crystal: 1e6 })
      .where('id', '=', field.id)
      .execute();
    const fleets: Fleet[] = [];
    for (let i = 0; i < 5; i += 1) {
      const sent = await call(t, player, 'POST', '/me/fleets', {
        mission: 5,
        speed: 100,
        prefer: 'shortest',
        target: { system_id: field.system_id, orbit: field.index },
        ships: [{ id: RECYCLER, count: 5 }],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      fleets.push(sent.body.data as unknown as Fleet);
      t.clock.advance(1_000);
    }
    const stored = () => storedWakeUp(t, player.me.id);
    const state = await loadAccountState(t.database.db, player.me.id);
    expect(state.fleets?.every((fleet) => fleet.passes.length > 0)).toBe(true);
    const firstPass = nextEventAt(state) as number;
    const wakeUp = nextWakeUpAt(state) as number;
    // The stored wake-up is the first instant something happens, past the quiet passes before it.
    expect(firstPass).toBeLessThan(wakeUp);
    expect(await stored()).toBe(new Date(wakeUp).toISOString());
    const deps = economyDeps({ db: t.database.db, dialect: t.database.dialect, config: t.config });
    // Past the first (quiet) pass nobody is due: no visit, no write.
    t.clock.set(firstPass + 1);
    expect(await runSchedulerOnce(deps, t.clock())).toBe(0);
    // At the wake-up the scheduler comes: an arrival (or an ambush) is applied.
    t.clock.set(wakeUp + 1);
    expect(await runSchedulerOnce(deps, t.clock())).toBeGreaterThanOrEqual(1);
    const after = await loadAccountState(t.database.db, player.me.id);
    expect(after.settledAt).toBeGreaterThanOrEqual(wakeUp);
    expect(await stored()).toBe(
      nextWakeUpAt(after) === null ? null : new Date(nextWakeUpAt(after) as number).toISOString(),
    );
  });
});
