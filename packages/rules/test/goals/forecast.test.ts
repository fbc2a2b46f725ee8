import { describe, expect, it } from 'vitest';
import { queueLevel } from '../../src/actions.js';
import { forecastQueueing, forecastWaitingLevels } from '../../src/goals/index.js';
import { levelCost } from '../../src/formulas/index.js';
import { settle } from '../../src/settle.js';
import type { AccountState } from '../../src/types.js';
import { createAccount, createPlanet, HOUR, SPEED1, T0 } from '../factories.js';

function queued(state: AccountState, typeId: 1 | 2 | 5, moduleId: number): AccountState {
  const result = queueLevel(state, 1, typeId, moduleId, T0, SPEED1);
  if (!result.ok) throw new Error(result.message);
  return result.value.state;
}

describe('forecastQueueing', () => {
  it('says an item on an empty queue starts now', () => {
    const result = forecastQueueing(createAccount(), 1, 1, 1, T0, SPEED1);
    expect(result.ok && result.value).toMatchObject({ startsAt: T0, dropReason: null, shortfall: null });
  });

  it('gives the refusal of the action when it cannot be queued at all', () => {
    const result = forecastQueueing(createAccount(), 1, 2, 2, T0, SPEED1);
    expect(result.ok ? null : result.reason).toBe('REQUIREMENTS_NOT_MET');
  });

  it('predicts the start of a waiting level the planet can pay when its turn comes', () => {
    const state = queued(createAccount(), 1, 1);
    const result = forecastQueueing(state, 1, 1, 3, T0, SPEED1);
    const head = state.planets[0]?.queues.factories[0];
    expect(result.ok && result.value).toMatchObject({
      startsAt: head?.finishAt,
      dropReason: null,
      shortfall: null,
    });
  });

  it('predicts the drop and the shortfall of a level the planet cannot pay at its turn', () => {
    // Metal mine 1 then fuel synthesizer 1 leave about 215 metal: level 2 needs 337.
    const state = queued(queued(createAccount(), 1, 1), 1, 3);
    const result = forecastQueueing(state, 1, 1, 3, T0, SPEED1);
    if (!result.ok) throw new Error(result.message);
    expect(result.value).toMatchObject({
      startsAt: null,
      dropReason: 'INSUFFICIENT_RESOURCES',
      targetLevel: 2,
    });
    expect(result.value.shortfall?.metal).toBeGreaterThan(50);
    expect(result.value.shortfall?.metal).toBeLessThan(levelCost(1, 3, 2).metal - 200);
    expect(result.value.shortfall).toMatchObject({ crystal: 0, fuel: 0 });
    expect(result.value.dropsAt).toBeGreaterThan(T0);
  });
});

describe('forecastWaitingLevels', () => {
  it('agrees with what settling does when the turn comes (drop and start)', () => {
    const state = queued(queued(queued(createAccount(), 1, 1), 1, 3), 1, 3);
    const forecast = forecastWaitingLevels(state, T0, SPEED1);
    expect(forecast.map((entry) => [entry.typeId, entry.moduleId, entry.dropReason])).toEqual([
      [1, 3, null],
      [1, 3, 'INSUFFICIENT_RESOURCES'],
    ]);
    const later = settle(state, T0 + HOUR, SPEED1);
    const dropped = later.events
      .filter((event) => event.kind === 'item_dropped')
      .map((event) => event.itemId);
    expect(dropped).toEqual(
      forecast.filter((entry) => entry.dropReason !== null).map((entry) => entry.itemId),
    );
    const started = later.events.find((event) => event.kind === 'item_started' && event.moduleId === 3);
    expect(forecast[0]?.startsAt).toBe(started?.at);
  });

  it('counts production that grows while the queue ahead finishes', () => {
    // Buildings queue: a command center in progress, then a research laboratory needing 200 fuel
    // the planet lacks now but produces meanwhile at a high game speed.
    const planet = createPlanet({
      factories: { 3: 20 },
      resources: { metal: 5000, crystal: 5000, fuel: 200 },
    });
    let state = queued(createAccount({ planets: [planet] }), 2, 1);
    state = queued(state, 2, 3);
    expect(state.planets[0]?.resources.fuel).toBe(0);
    const forecast = forecastWaitingLevels(state, T0, SPEED1);
    expect(forecast).toHaveLength(1);
    expect(forecast[0]).toMatchObject({ dropReason: null, shortfall: null });
  });

  it('leaves the fate unknown beyond the horizon', () => {
    const state = queued(queued(createAccount(), 1, 1), 1, 2);
    const forecast = forecastWaitingLevels(state, T0, SPEED1, 1);
    expect(forecast[0]).toMatchObject({ startsAt: null, dropReason: null, dropsAt: null });
  });

  it('lists nothing when no level waits', () => {
    expect(forecastWaitingLevels(queued(createAccount(), 1, 1), T0, SPEED1)).toEqual([]);
  });
});
