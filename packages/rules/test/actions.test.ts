import { describe, expect, it } from 'vitest';
import {
  addUtcMonths,
  cancelLevel,
  demolish,
  orderUnits,
  queueLevel,
  unlockCommandant,
  type ActionOutcome,
} from '../src/actions.js';
import { canStart, moduleView, requirementsOf } from '../src/requirements.js';
import type { AccountState, CommandantDuration, LevelTypeId, Result, UnitTypeId } from '../src/types.js';
import { createAccount, createPlanet, DAY, planetOf, RICH, SPEED1, T0 } from './factories.js';

function unwrap(result: Result<ActionOutcome>): ActionOutcome {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value;
}

const rich = (overrides: Partial<AccountState> = {}): AccountState =>
  createAccount({ planets: [createPlanet({ resources: { ...RICH } })], ...overrides });

describe('queueLevel', () => {
  it('starts and pays the first level of an empty queue at once', () => {
    const { state, item, events } = unwrap(queueLevel(createAccount(), 1, 1, 1, T0, SPEED1));
    expect(item).toMatchObject({
      id: 1,
      state: 2,
      targetLevel: 1,
      startedAt: T0,
      finishAt: T0 + 108_000,
      paid: { metal: 60, crystal: 15, fuel: 0 },
    });
    expect(planetOf(state).resources).toEqual({ metal: 440, crystal: 485, fuel: 0 });
    expect(state.nextItemId).toBe(2);
    expect(events).toEqual([
      { kind: 'item_started', at: T0, planetId: 1, typeId: 1, moduleId: 1, itemId: 1 },
    ]);
  });

  it('queues later levels as waiting, unpaid, with rising targets', () => {
    let state = unwrap(queueLevel(createAccount(), 1, 1, 1, T0, SPEED1)).state;
    const second = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1));
    state = second.state;
    expect(second.item).toMatchObject({ state: 1, targetLevel: 2, paid: null, finishAt: null });
    expect(planetOf(state).resources.metal).toBe(440);
  });

  it.each<[string, AccountState, LevelTypeId, number, string]>([
    ['an unknown module', createAccount(), 2, 6, 'UNKNOWN_MODULE'],
    ['a unit type', createAccount(), 3 as LevelTypeId, 1, 'UNKNOWN_MODULE'],
    ['a level the planet cannot pay', createAccount(), 2, 1, 'INSUFFICIENT_RESOURCES'],
    ['a shipyard without command center 2', rich(), 2, 2, 'REQUIREMENTS_NOT_MET'],
    ['a research without laboratory', rich(), 5, 1, 'REQUIREMENTS_NOT_MET'],
    [
      'a level on a full planet',
      createAccount({ planets: [createPlanet({ maxCapacity: 3, factories: { 1: 3 } })] }),
      1,
      2,
      'CAPACITY_FULL',
    ],
  ])('refuses %s', (_name, account, typeId, moduleId, reason) => {
    expect(queueLevel(account, 1, typeId, moduleId, T0, SPEED1)).toMatchObject({ ok: false, reason });
  });

  it('refuses an unknown planet', () => {
    expect(queueLevel(createAccount(), 99, 1, 1, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'UNKNOWN_PLANET',
    });
  });

  it('refuses a fourth item when the queue holds three', () => {
    let state = rich();
    for (let i = 0; i < 3; i += 1) state = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1)).state;
    expect(queueLevel(state, 1, 1, 2, T0, SPEED1)).toMatchObject({ ok: false, reason: 'QUEUE_FULL' });
  });

  it('counts queued levels toward requirements when the item joins a non-empty queue', () => {
    let state = rich();
    state = unwrap(queueLevel(state, 1, 2, 1, T0, SPEED1)).state;
    state = unwrap(queueLevel(state, 1, 2, 1, T0, SPEED1)).state;
    expect(unwrap(queueLevel(state, 1, 2, 2, T0, SPEED1)).item).toMatchObject({ state: 1, targetLevel: 1 });
  });

  it('counts pending levels toward the capacity', () => {
    let state = createAccount({ planets: [createPlanet({ resources: { ...RICH }, maxCapacity: 2 })] });
    state = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1)).state;
    state = unwrap(queueLevel(state, 1, 2, 4, T0, SPEED1)).state;
    expect(queueLevel(state, 1, 1, 2, T0, SPEED1)).toMatchObject({ ok: false, reason: 'CAPACITY_FULL' });
  });

  it('settles to now before it checks the resources', () => {
    const poor = createAccount({ planets: [createPlanet({ resources: { metal: 0, crystal: 0, fuel: 0 } })] });
    expect(queueLevel(poor, 1, 1, 1, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'INSUFFICIENT_RESOURCES',
    });
    expect(queueLevel(poor, 1, 1, 1, T0 + 2 * 3_600_000, SPEED1)).toMatchObject({ ok: true });
  });

  it('applies at the settled instant when the clock is behind the state', () => {
    const { item } = unwrap(queueLevel(createAccount(), 1, 1, 1, T0 - DAY, SPEED1));
    expect(item).toMatchObject({ startedAt: T0 });
  });
});

describe('orderUnits', () => {
  const yard = (): AccountState =>
    createAccount({
      research: { 7: 1 },
      planets: [
        createPlanet({ resources: { metal: 1e8, crystal: 1e8, fuel: 1e8 }, buildings: { 2: 1, 5: 1 } }),
      ],
    });

  it('pays the whole order at once and makes it active on an empty queue', () => {
    const { state, item } = unwrap(orderUnits(yard(), 1, 3, 1, 5, T0, SPEED1));
    expect(item).toMatchObject({
      state: 2,
      quantity: 5,
      delivered: 0,
      unitDurationMs: 2_880_000,
      finishAt: T0 + 5 * 2_880_000,
      paid: { metal: 15_000, crystal: 5_000, fuel: 0 },
    });
    expect(planetOf(state).resources.metal).toBe(1e8 - 15_000);
  });

  it.each<[string, UnitTypeId, number, number, string]>([
    ['a quantity of 0', 3, 1, 0, 'INVALID_QUANTITY'],
    ['a fractional quantity', 3, 1, 1.5, 'INVALID_QUANTITY'],
    ['a quantity above 100000', 3, 1, 100_001, 'INVALID_QUANTITY'],
    ['a NaN quantity', 3, 1, Number.NaN, 'INVALID_QUANTITY'],
    ["another race's ship", 3, 11, 1, 'UNKNOWN_MODULE'],
    ['an unknown defense', 4, 21, 1, 'UNKNOWN_MODULE'],
    ['a ship whose requirements are not met', 3, 4, 1, 'REQUIREMENTS_NOT_MET'],
    ['an order the planet cannot pay', 3, 1, 100_000, 'INSUFFICIENT_RESOURCES'],
  ])('refuses %s', (_name, typeId, moduleId, quantity, reason) => {
    expect(orderUnits(yard(), 1, typeId, moduleId, quantity, T0, SPEED1)).toMatchObject({
      ok: false,
      reason,
    });
  });

  it('keeps a second order waiting until the first is done', () => {
    const first = unwrap(orderUnits(yard(), 1, 4, 1, 2, T0, SPEED1)).state;
    expect(unwrap(orderUnits(first, 1, 4, 1, 2, T0, SPEED1)).item).toMatchObject({
      state: 1,
      startedAt: null,
    });
  });
});

describe('cancelLevel', () => {
  it('refunds exactly what an item in progress paid and starts the next one', () => {
    let state = rich();
    state = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1)).state;
    state = unwrap(queueLevel(state, 1, 1, 2, T0, SPEED1)).state;
    const outcome = unwrap(cancelLevel(state, 1, 1, 1, T0 + 1000, SPEED1));
    expect(outcome.refund).toEqual({ metal: 60, crystal: 15, fuel: 0 });
    expect(planetOf(outcome.state).queues.factories[0]).toMatchObject({
      id: 2,
      state: 2,
      startedAt: T0 + 1000,
    });
    expect(cancelLevel(outcome.state, 1, 1, 1, T0 + 1000, SPEED1)).toMatchObject({
      ok: false,
      reason: 'NOTHING_TO_CANCEL',
    });
  });

  it('refunds nothing for a waiting item and lowers the later targets of that module', () => {
    let state = rich();
    for (let i = 0; i < 3; i += 1) state = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1)).state;
    const outcome = unwrap(cancelLevel(state, 1, 1, 2, T0, SPEED1));
    expect(outcome.refund).toEqual({ metal: 0, crystal: 0, fuel: 0 });
    expect(planetOf(outcome.state).queues.factories.map((item) => [item.id, item.targetLevel])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });

  it('removes the last item when no id is given', () => {
    let state = rich();
    for (let i = 0; i < 2; i += 1) state = unwrap(queueLevel(state, 1, 2, 1, T0, SPEED1)).state;
    expect(unwrap(cancelLevel(state, 1, 2, undefined, T0, SPEED1)).item).toMatchObject({ id: 2 });
  });

  it('refunds a research to the planet that paid it', () => {
    const home = createPlanet({ id: 1, resources: { metal: 0, crystal: 0, fuel: 0 } });
    const colony = createPlanet({ id: 2, resources: { ...RICH }, buildings: { 3: 1 } });
    const state = unwrap(queueLevel(createAccount({ planets: [home, colony] }), 2, 5, 1, T0, SPEED1)).state;
    const outcome = unwrap(cancelLevel(state, 1, 5, undefined, T0, SPEED1));
    expect(planetOf(outcome.state, 0).resources.metal).toBe(0);
    expect(planetOf(outcome.state, 1).resources.metal).toBe(1e9);
  });

  it.each<[string, number, number, number | undefined, string]>([
    ['ship orders', 1, 3, undefined, 'NOT_CANCELLABLE'],
    ['defense orders', 1, 4, undefined, 'NOT_CANCELLABLE'],
    ['an empty queue', 1, 1, undefined, 'NOTHING_TO_CANCEL'],
    ['an unknown item', 1, 2, 42, 'NOTHING_TO_CANCEL'],
    ['an unknown type', 1, 7, undefined, 'UNKNOWN_MODULE'],
    ['an unknown planet', 5, 1, undefined, 'UNKNOWN_PLANET'],
  ])('refuses to cancel %s', (_name, planetId, typeId, itemId, reason) => {
    expect(cancelLevel(createAccount(), planetId, typeId as LevelTypeId, itemId, T0, SPEED1)).toMatchObject({
      ok: false,
      reason,
    });
  });
});

describe('demolish', () => {
  it('lowers the level by one at once without refund', () => {
    const account = createAccount({ planets: [createPlanet({ factories: { 1: 3 } })] });
    const { state } = unwrap(demolish(account, 1, 1, 1, T0, SPEED1));
    expect(planetOf(state).factories[1]).toBe(2);
    expect(planetOf(state).resources).toEqual({ metal: 500, crystal: 500, fuel: 0 });
  });

  it('refuses at level 0, with queued levels of the module, and for unknown modules', () => {
    expect(demolish(createAccount(), 1, 2, 1, T0, SPEED1)).toMatchObject({ ok: false, reason: 'LEVEL_ZERO' });
    const queued = unwrap(
      queueLevel(createAccount({ planets: [createPlanet({ factories: { 1: 1 } })] }), 1, 1, 1, T0, SPEED1),
    ).state;
    expect(demolish(queued, 1, 1, 1, T0, SPEED1)).toMatchObject({ ok: false, reason: 'PENDING_LEVELS' });
    expect(demolish(createAccount(), 1, 1, 4, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'UNKNOWN_MODULE',
    });
    expect(demolish(createAccount(), 1, 5 as 1, 1, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'UNKNOWN_MODULE',
    });
  });
});

describe('unlockCommandant', () => {
  it.each<[CommandantDuration, number, number]>([
    [1, 10, T0 + DAY],
    [2, 50, T0 + 7 * DAY],
    [3, 150, Date.UTC(2026, 1, 1)],
    [4, 1200, Date.UTC(2027, 0, 1)],
  ])('unlocks the Geologist for duration %i at %i NMI', (duration, price, until) => {
    const { state } = unwrap(unlockCommandant(createAccount({ nmi: 2000 }), 1, duration, T0, SPEED1));
    expect(state.nmi).toBe(2000 - price);
    expect(state.commandants[1]).toBe(until);
  });

  it('extends from the current expiry while the commandant is active', () => {
    const account = createAccount({ nmi: 100, commandants: { 5: T0 + 3 * DAY } });
    expect(unwrap(unlockCommandant(account, 5, 2, T0, SPEED1)).state.commandants[5]).toBe(T0 + 10 * DAY);
  });

  it('extends from now once the commandant has expired', () => {
    const account = createAccount({ nmi: 100, commandants: { 5: T0 - 3 * DAY } });
    expect(unwrap(unlockCommandant(account, 5, 1, T0, SPEED1)).state.commandants[5]).toBe(T0 + DAY);
  });

  it.each<[string, number, number, number, string]>([
    ['without enough NMI', 1, 4, 100, 'INSUFFICIENT_NMI'],
    ['an unknown commandant', 6, 1, 100, 'UNKNOWN_MODULE'],
    ['an unknown duration', 1, 5, 100, 'INVALID_DURATION'],
  ])('refuses %s', (_name, id, duration, nmi, reason) => {
    expect(
      unlockCommandant(createAccount({ nmi }), id, duration as CommandantDuration, T0, SPEED1),
    ).toMatchObject({ ok: false, reason });
  });

  it('adds calendar months in UTC, keeping the last day of a shorter month', () => {
    expect(addUtcMonths(Date.UTC(2026, 0, 31, 12), 1)).toBe(Date.UTC(2026, 1, 28, 12));
    expect(addUtcMonths(Date.UTC(2028, 1, 29), 12)).toBe(Date.UTC(2029, 1, 28));
    expect(addUtcMonths(Date.UTC(2026, 11, 15), 1)).toBe(Date.UTC(2027, 0, 15));
  });
});

describe('requirements and module views', () => {
  it('lists building and research requirements with the current levels', () => {
    const account = createAccount({ research: { 5: 4, 8: 1 } });
    expect(requirementsOf(account, createPlanet({ buildings: { 3: 3 } }), 5, 6)).toEqual({
      buildings: [{ id: 3, level: 3, currentLevel: 3 }],
      research: [
        { id: 5, level: 4, currentLevel: 4 },
        { id: 8, level: 3, currentLevel: 1 },
      ],
      met: false,
    });
  });

  it('says why a module cannot be improved', () => {
    expect(canStart(createAccount(), 1, 2, 2, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'REQUIREMENTS_NOT_MET',
    });
    expect(canStart(createAccount(), 1, 1, 1, T0, SPEED1)).toEqual({ ok: true });
    expect(canStart(createAccount(), 1, 2, 4, T0, SPEED1)).toMatchObject({
      ok: false,
      reason: 'INSUFFICIENT_RESOURCES',
    });
  });

  it('shows a level module with its next level, cost and time', () => {
    const state = unwrap(queueLevel(rich(), 1, 1, 1, T0, SPEED1)).state;
    expect(moduleView(state, 1, 1, 1, T0, SPEED1)).toMatchObject({
      key: 'metal_mine',
      level: 0,
      pending: 1,
      canBeImproved: true,
      refusal: null,
      nextLevel: 2,
      nextLevelCosts: { metal: 90, crystal: 22, fuel: 0 },
      nextLevelTime: 161,
    });
  });

  it('shows a unit with its owned count, units still to deliver and the cost of one', () => {
    const account = createAccount({
      research: { 7: 1 },
      planets: [createPlanet({ resources: { ...RICH }, buildings: { 2: 1 }, ships: { 1: 4 } })],
    });
    const state = unwrap(orderUnits(account, 1, 3, 1, 10, T0, SPEED1)).state;
    expect(moduleView(state, 1, 3, 1, T0 + 2_880_000, SPEED1)).toMatchObject({
      level: 5,
      pending: 9,
      nextLevelCosts: { metal: 3000, crystal: 1000, fuel: 0 },
      nextLevelTime: 2880,
      canBeImproved: true,
    });
  });

  it("hides another race's units and unknown planets", () => {
    expect(moduleView(createAccount(), 1, 3, 12, T0, SPEED1)).toBeUndefined();
    expect(moduleView(createAccount(), 2, 1, 1, T0, SPEED1)).toBeUndefined();
  });
});
