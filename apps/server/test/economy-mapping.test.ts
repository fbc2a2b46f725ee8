import type { AccountState } from '@starhold/rules';
import { describe, expect, it } from 'vitest';
import {
  applyConstructionRows,
  applyModuleRows,
  constructionRows,
  moduleRows,
  toConstruction,
  toIso,
} from '../src/modules/economy/economy.mapping.js';
import { isoAt } from '../src/context.js';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

function sampleState(): AccountState {
  return {
    accountId: 7,
    race: 1,
    settledAt: T0,
    nmi: 100,
    research: { 1: 2 },
    researchQueue: [
      {
        id: 5,
        typeId: 5,
        moduleId: 1,
        planetId: 11,
        targetLevel: 3,
        state: 2,
        startedAt: T0,
        finishAt: T0 + 60_000,
        paid: { metal: 800, crystal: 400, fuel: 0 },
        queuedAt: T0,
      },
    ],
    commandants: { 2: T0 + 86_400_000 },
    nextItemId: 9,
    planets: [
      {
        id: 11,
        type: 'default',
        maxCapacity: 163,
        resources: { metal: 500.25, crystal: 12.5, fuel: 0 },
        factories: { 1: 3 },
        buildings: { 1: 1 },
        ships: { 2: 40 },
        defenses: {},
        queues: {
          factories: [
            {
              id: 6,
              typeId: 1,
              moduleId: 1,
              planetId: 11,
              targetLevel: 4,
              state: 2,
              startedAt: T0,
              finishAt: T0 + 1000,
              paid: { metal: 202, crystal: 50, fuel: 0 },
              queuedAt: T0,
            },
            {
              id: 7,
              typeId: 1,
              moduleId: 2,
              planetId: 11,
              targetLevel: 1,
              state: 1,
              startedAt: null,
              finishAt: null,
              paid: null,
              queuedAt: T0 + 5,
            },
          ],
          buildings: [],
          ships: [
            {
              id: 8,
              typeId: 3,
              moduleId: 2,
              planetId: 11,
              quantity: 10,
              delivered: 3,
              state: 2,
              startedAt: T0,
              unitDurationMs: 1500,
              finishAt: T0 + 15_000,
              paid: { metal: 1000, crystal: 500, fuel: 0 },
              queuedAt: T0,
            },
          ],
          defenses: [],
        },
      },
    ],
  };
}

describe('economy rows mapping', () => {
  it('rebuilds the same queues and levels from the rows it writes', () => {
    const state = sampleState();
    const rebuilt: AccountState = {
      ...state,
      researchQueue: [],
      planets: state.planets.map((p) => ({
        ...p,
        factories: {},
        buildings: {},
        ships: {},
        defenses: {},
        queues: { factories: [], buildings: [], ships: [], defenses: [] },
      })),
    };
    const planet = rebuilt.planets[0];
    if (planet === undefined) throw new Error('sample has a planet');
    applyModuleRows(planet, moduleRows(state));
    applyConstructionRows(rebuilt, [...constructionRows(state)].reverse());
    expect(rebuilt).toEqual(state);
  });

  it('shows unit orders with their quantity and delivered count, levels with their target level', () => {
    const state = sampleState();
    const [order] = state.planets[0]?.queues.ships ?? [];
    const [waiting] = state.planets[0]?.queues.factories.slice(1) ?? [];
    if (order === undefined || waiting === undefined) throw new Error('sample has queues');
    expect(toConstruction(order)).toEqual({
      id: 8,
      type_id: 3,
      module_id: 2,
      state: 2,
      started_at: '2026-01-01T00:00:00.000Z',
      scheduled_at: '2026-01-01T00:00:15.000Z',
      scheduled_value: 10,
      delivered: 3,
    });
    expect(toConstruction(waiting)).toEqual({
      id: 7,
      type_id: 1,
      module_id: 2,
      state: 1,
      started_at: null,
      scheduled_at: null,
      scheduled_value: 1,
    });
  });
});

describe('toIso', () => {
  it("is the server's one ISO writer, isoAt, not a second copy of it", () => {
    expect(toIso).toBe(isoAt);
    expect(toIso(T0)).toBe('2026-01-01T00:00:00.000Z');
  });
});
