import { describe, expect, it } from 'vitest';
import { demolish, orderUnits, queueLevel, unlockCommandant } from '../src/actions.js';
import { nextEventAt, settle } from '../src/settle.js';
import type { AccountState, Result } from '../src/types.js';
import type { ActionOutcome } from '../src/actions.js';
import { createAccount, createPlanet, DAY, HOUR, planetOf, RICH, SPEED1, T0 } from './factories.js';

function unwrap(result: Result<ActionOutcome>): AccountState {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.value.state;
}

describe('settle', () => {
  it('adds production between two instants and moves settledAt', () => {
    const { state } = settle(createAccount(), T0 + HOUR, SPEED1);
    expect(planetOf(state).resources.metal).toBeCloseTo(530, 9);
    expect(planetOf(state).resources.crystal).toBeCloseTo(515, 9);
    expect(state.settledAt).toBe(T0 + HOUR);
  });

  it('never mutates the state it is given', () => {
    const account = createAccount();
    const copy = structuredClone(account);
    settle(account, T0 + DAY, SPEED1);
    expect(account).toEqual(copy);
  });

  it('returns the same state when asked to settle to the past or the present', () => {
    const account = createAccount();
    expect(settle(account, T0, SPEED1)).toEqual({ state: account, events: [] });
    expect(settle(account, T0 - 1000, SPEED1).state).toBe(account);
  });

  it('stops production at the hangar capacity', () => {
    const { state } = settle(createAccount(), T0 + 400 * DAY, SPEED1);
    expect(planetOf(state).resources).toEqual({ metal: 10_000, crystal: 10_000, fuel: 0 });
  });

  it('keeps a stock above the capacity but does not grow it', () => {
    const account = createAccount({
      planets: [createPlanet({ resources: { metal: 15_000, crystal: 0, fuel: 0 } })],
    });
    expect(planetOf(settle(account, T0 + DAY, SPEED1).state).resources.metal).toBe(15_000);
  });

  it('finishes a level at its finish instant and produces at the new rate afterwards', () => {
    const started = unwrap(queueLevel(createAccount(), 1, 1, 1, T0, SPEED1));
    expect(planetOf(started).resources).toEqual({ metal: 440, crystal: 485, fuel: 0 });
    const { state, events } = settle(started, T0 + 108_000 + HOUR, SPEED1);
    expect(planetOf(state).factories[1]).toBe(1);
    expect(events).toContainEqual({
      kind: 'level_finished',
      at: T0 + 108_000,
      planetId: 1,
      typeId: 1,
      moduleId: 1,
      itemId: 1,
      level: 1,
    });
    expect(planetOf(state).resources.metal).toBeCloseTo(440 + 30 * 0.03 + 63, 9);
  });

  it('drops a waiting level that cannot be paid when it should start, and starts the next one', () => {
    const account = createAccount({
      planets: [createPlanet({ resources: { metal: 150, crystal: 100, fuel: 0 } })],
    });
    let state = unwrap(queueLevel(account, 1, 1, 1, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 1, 3, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 1, 2, T0, SPEED1));
    const { state: after, events } = settle(state, T0 + 108_000, SPEED1);
    expect(events.map((event) => event.kind)).toEqual(['level_finished', 'item_dropped', 'item_started']);
    expect(events[1]).toMatchObject({
      itemId: 2,
      moduleId: 3,
      reason: 'INSUFFICIENT_RESOURCES',
      at: T0 + 108_000,
    });
    const [head] = planetOf(after).queues.factories;
    expect(head).toMatchObject({
      id: 3,
      moduleId: 2,
      state: 2,
      startedAt: T0 + 108_000,
      paid: { metal: 48, crystal: 24, fuel: 0 },
    });
    expect(planetOf(after).queues.factories).toHaveLength(1);
  });

  it('drops waiting levels whose requirements were lost, lowering the later targets of the same module', () => {
    const planet = createPlanet({ resources: RICH, buildings: { 1: 2 } });
    let state = unwrap(
      queueLevel(createAccount({ planets: [planet], research: { 4: 2 } }), 1, 2, 4, T0, SPEED1),
    );
    state = unwrap(queueLevel(state, 1, 2, 2, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 2, 2, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 2, 4, T0, SPEED1));
    expect(planetOf(state).queues.buildings.map((item) => item.targetLevel)).toEqual([1, 1, 2, 2]);
    state = unwrap(demolish(state, 1, 2, 1, T0, SPEED1));
    const { state: after, events } = settle(state, T0 + 4_000_000, SPEED1);
    expect(events.slice(0, 4)).toMatchObject([
      { kind: 'level_finished', moduleId: 4, level: 1 },
      { kind: 'item_dropped', moduleId: 2, targetLevel: 1, reason: 'REQUIREMENTS_NOT_MET' },
      { kind: 'item_dropped', moduleId: 2, targetLevel: 1, reason: 'REQUIREMENTS_NOT_MET' },
      { kind: 'item_started', moduleId: 4 },
    ]);
    expect(planetOf(after).buildings).toEqual({ 1: 1, 4: 2 });
  });

  it('starts a research with the laboratory of the planet that queued it and pays from that planet', () => {
    const home = createPlanet({ id: 1, resources: RICH, buildings: { 3: 1 } });
    const colony = createPlanet({ id: 2, resources: RICH, buildings: { 3: 5 } });
    let state = unwrap(queueLevel(createAccount({ planets: [home, colony] }), 1, 5, 1, T0, SPEED1));
    state = unwrap(queueLevel(state, 2, 5, 1, T0, SPEED1));
    const [first, second] = state.researchQueue;
    expect(first?.finishAt).toBe(T0 + 540_000);
    expect(second).toMatchObject({ planetId: 2, targetLevel: 2, state: 1 });
    const { state: after } = settle(state, T0 + 540_000, SPEED1);
    const running = after.researchQueue[0];
    expect(running).toMatchObject({ planetId: 2, state: 2, paid: { metal: 400, crystal: 200, fuel: 0 } });
    expect(running?.finishAt).toBe(T0 + 540_000 + 360_000);
    expect(planetOf(after, 1).resources.metal).toBeCloseTo(1e9 - 400, 3);
  });

  it('delivers units one by one in closed form and reports one event per settle', () => {
    const planet = createPlanet({ resources: RICH, buildings: { 2: 1 } });
    const ordered = unwrap(
      orderUnits(createAccount({ planets: [planet], research: { 7: 1 } }), 1, 3, 1, 10, T0, SPEED1),
    );
    const { state, events } = settle(ordered, T0 + 2880_000 * 3 + 5, SPEED1);
    expect(planetOf(state).ships[1]).toBe(3);
    expect(events).toEqual([
      {
        kind: 'units_delivered',
        at: T0 + 2880_000 * 3,
        planetId: 1,
        typeId: 3,
        moduleId: 1,
        itemId: 1,
        count: 3,
        orderFinished: false,
      },
    ]);
    expect(nextEventAt(state)).toBe(T0 + 2880_000 * 4);
    const done = settle(state, T0 + 30 * DAY, SPEED1);
    expect(planetOf(done.state).ships[1]).toBe(10);
    expect(planetOf(done.state).queues.ships).toEqual([]);
    expect(done.events).toMatchObject([{ count: 7, orderFinished: true, at: T0 + 2880_000 * 10 }]);
  });

  it('runs unit orders one after the other, timing the next from the shipyard when it becomes active', () => {
    const planet = createPlanet({ resources: RICH, buildings: { 1: 2, 2: 1 } });
    let state = unwrap(
      orderUnits(createAccount({ planets: [planet], research: { 7: 1 } }), 1, 3, 1, 2, T0, SPEED1),
    );
    state = unwrap(orderUnits(state, 1, 3, 1, 2, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 2, 2, T0, SPEED1));
    const upgradeEnd = planetOf(state).queues.buildings[0]?.finishAt ?? 0;
    expect(upgradeEnd).toBeLessThan(T0 + 2 * 2880_000);
    const { state: after } = settle(state, T0 + 2 * 2880_000, SPEED1);
    expect(planetOf(after).queues.ships[0]).toMatchObject({
      state: 2,
      startedAt: T0 + 2 * 2880_000,
      unitDurationMs: 1920_000,
    });
  });

  it('lets the Geologist count until its expiry, inside one settle', () => {
    const unlocked = unwrap(unlockCommandant(createAccount({ nmi: 10 }), 1, 1, T0, SPEED1));
    const { state, events } = settle(unlocked, T0 + 2 * DAY, SPEED1);
    expect(planetOf(state).resources.metal).toBeCloseTo(500 + 24 * 33 + 24 * 30, 6);
    expect(events).toEqual([{ kind: 'commandant_expired', at: T0 + DAY, commandantId: 1 }]);
  });

  it('orders simultaneous events: expiry first, then completions, then starts', () => {
    const planet = createPlanet({ resources: RICH });
    let state = unwrap(unlockCommandant(createAccount({ planets: [planet], nmi: 10 }), 2, 1, T0, SPEED1));
    state = unwrap(queueLevel(state, 1, 1, 1, T0 + DAY - 86_000, SPEED1));
    state = unwrap(queueLevel(state, 1, 1, 1, T0 + DAY - 86_000, SPEED1));
    expect(planetOf(state).queues.factories[0]?.finishAt).toBe(T0 + DAY);
    const { state: after, events } = settle(state, T0 + DAY, SPEED1);
    expect(events.map((event) => event.kind)).toEqual([
      'commandant_expired',
      'level_finished',
      'item_started',
    ]);
    expect(planetOf(after).queues.factories[0]?.finishAt).toBe(T0 + DAY + 161_000);
  });
});

describe('nextEventAt', () => {
  it('is null for an idle account with no commandant', () => {
    expect(nextEventAt(createAccount())).toBeNull();
  });

  it('is the earliest of a level finish and a commandant expiry', () => {
    let state = unwrap(unlockCommandant(createAccount({ nmi: 10 }), 1, 1, T0, SPEED1));
    expect(nextEventAt(state)).toBe(T0 + DAY);
    state = unwrap(queueLevel(state, 1, 1, 1, T0, SPEED1));
    expect(nextEventAt(state)).toBe(T0 + 108_000);
  });

  it('forgets a commandant expiry once the account is settled past it', () => {
    const state = unwrap(unlockCommandant(createAccount({ nmi: 10 }), 1, 1, T0, SPEED1));
    expect(nextEventAt(settle(state, T0 + DAY, SPEED1).state)).toBeNull();
  });
});
