import type { AccountState, LevelItem, UnitOrder } from '@starhold/rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyConstructionRows,
  applyModuleRows,
  constructionChanges,
  constructionRows,
  moduleChanges,
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

/** What constructionChanges stands for: the rows of both states diffed by id, column by column. */
function rowDiff(before: AccountState, after: AccountState) {
  const old = new Map(constructionRows(before).map((row) => [row.id, row]));
  const next = [...constructionRows(after)];
  const same = (a: object, b: object) =>
    Object.entries(a).every(([key, value]) => (b as Record<string, unknown>)[key] === value);
  return {
    removed: [...old.keys()].filter((id) => !next.some((row) => row.id === id)),
    inserted: next.filter((row) => !old.has(row.id)),
    updated: next.filter((row) => {
      const previous = old.get(row.id);
      return previous !== undefined && !same(previous, row);
    }),
  };
}

const byId = <T extends { id: number } | number>(values: readonly T[]) =>
  [...values].sort((a, b) => (typeof a === 'number' ? a : a.id) - (typeof b === 'number' ? b : b.id));

/** One change a write could make to the sample's queues (times in whole milliseconds). */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('field' as const),
    pick: fc.nat(),
    field: fc.constantFrom('state', 'startedAt', 'finishAt', 'paid', 'count', 'delivered', 'duration'),
    value: fc.integer({ min: 0, max: 100_000 }),
  }),
  fc.record({ kind: fc.constant('add' as const), queue: fc.nat(), unit: fc.boolean(), value: fc.nat(1000) }),
);

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(state: AccountState, change: Edit): void {
  const planet = state.planets[0];
  if (planet === undefined) throw new Error('sample has a planet');
  const queues: (LevelItem | UnitOrder)[][] = [
    planet.queues.factories,
    planet.queues.buildings,
    planet.queues.ships,
    planet.queues.defenses,
    state.researchQueue,
  ];
  const all = queues.flatMap((queue) => queue.map((item, index) => ({ queue, item, index })));
  if (change.kind === 'add') {
    const unit = change.unit;
    const queue: (LevelItem | UnitOrder)[] = unit
      ? change.queue % 2 === 0
        ? planet.queues.ships
        : planet.queues.defenses
      : planet.queues.buildings;
    const base = {
      id: state.nextItemId++,
      moduleId: 1,
      planetId: planet.id,
      state: 1 as const,
      startedAt: null,
      finishAt: null,
      queuedAt: T0 + change.value,
    };
    queue.push(
      unit
        ? {
            ...base,
            typeId: queue === planet.queues.ships ? (3 as const) : (4 as const),
            quantity: 5,
            delivered: 0,
            unitDurationMs: 100,
            paid: { metal: change.value, crystal: 0, fuel: 0 },
          }
        : { ...base, typeId: 2, targetLevel: change.value, paid: null },
    );
    return;
  }
  const target = all[change.pick % Math.max(1, all.length)];
  if (target === undefined) return;
  const { queue, item, index } = target;
  if (change.kind === 'remove') queue.splice(index, 1);
  else if (change.kind === 'swap') {
    const other = queue[(index + 1) % queue.length];
    if (other !== undefined) [queue[index], queue[(index + 1) % queue.length]] = [other, item];
  } else if (change.field === 'state') item.state = item.state === 2 ? 1 : 2;
  else if (change.field === 'startedAt') item.startedAt = T0 + change.value;
  else if (change.field === 'finishAt') item.finishAt = change.value === 0 ? null : T0 + change.value;
  else if (change.field === 'paid') item.paid = { metal: change.value, crystal: 1, fuel: 0 };
  else if ('quantity' in item) {
    if (change.field === 'count') item.quantity = change.value;
    else if (change.field === 'delivered') item.delivered = change.value;
    else item.unitDurationMs = change.value;
  } else if (change.field === 'count') item.targetLevel = change.value;
}

describe('constructionChanges', () => {
  it('writes what diffing every row of both states by id writes, building rows only for the changed items', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 6 }), (edits) => {
        const before = sampleState();
        const after = structuredClone(before);
        for (const change of edits) applyEdit(after, change);
        const changes = constructionChanges(before, after);
        const expected = rowDiff(before, after);
        expect(byId(changes.removed)).toEqual(byId(expected.removed));
        expect(byId(changes.inserted)).toEqual(byId(expected.inserted));
        expect(byId(changes.updated)).toEqual(byId(expected.updated));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds nothing to write between a state and its copy', () => {
    const state = sampleState();
    expect(constructionChanges(state, structuredClone(state))).toEqual({
      removed: [],
      inserted: [],
      updated: [],
    });
  });
});

/** What moduleChanges stands for: the rows of both states diffed by planet, type and module. */
function moduleRowDiff(before: AccountState, after: AccountState) {
  const key = (row: { planet_id: number; type_id: number; module_id: number }) =>
    `${row.planet_id}:${row.type_id}:${row.module_id}`;
  const old = new Map(moduleRows(before).map((row) => [key(row), row]));
  const seen = new Set<string>();
  const changed = moduleRows(after).filter((row) => {
    seen.add(key(row));
    return old.get(key(row))?.value !== row.value;
  });
  for (const [name, row] of old) if (!seen.has(name) && row.value !== 0) changed.push({ ...row, value: 0 });
  return changed;
}

const moduleRecord = fc.dictionary(
  fc.integer({ min: 1, max: 12 }).map(String),
  fc.integer({ min: 0, max: 3 }),
  { maxKeys: 6 },
);
const planetModules = fc.record({
  id: fc.integer({ min: 1, max: 4 }),
  factories: moduleRecord,
  buildings: moduleRecord,
  ships: moduleRecord,
  defenses: moduleRecord,
});
const modulesOnly = fc
  .uniqueArray(planetModules, { selector: (planet) => planet.id, maxLength: 3 })
  .map((planets) => ({ accountId: 7, planets }) as unknown as AccountState);

describe('moduleChanges', () => {
  it('writes the rows, in the order, that diffing every module row of both states writes', () => {
    fc.assert(
      fc.property(modulesOnly, modulesOnly, (before, after) => {
        expect(moduleChanges(before, after)).toEqual(moduleRowDiff(before, after));
        expect(moduleChanges(before, structuredClone(before))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('toIso', () => {
  it("is the server's one ISO writer, isoAt, not a second copy of it", () => {
    expect(toIso).toBe(isoAt);
    expect(toIso(T0)).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each([
    [0, '1970-01-01T00:00:00.000Z'],
    [-1, '1969-12-31T23:59:59.999Z'],
    [1.9, '1970-01-01T00:00:00.001Z'],
    [T0, '2026-01-01T00:00:00.000Z'],
    // Same slot (low 12 bits) as T0: the second write replaces the first, both stay right.
    [T0 + 4096, '2026-01-01T00:00:04.096Z'],
    [T0, '2026-01-01T00:00:00.000Z'],
    [8.64e15, '+275760-09-13T00:00:00.000Z'],
  ])('writes %s as %s, again from its kept text', (ms, text) => {
    expect(isoAt(ms)).toBe(text);
    expect(isoAt(ms)).toBe(text);
  });

  it('throws for the instants toISOString rejects, however often asked', () => {
    for (const ms of [Number.NaN, Infinity, -Infinity, 8.64e15 + 1]) {
      expect(() => isoAt(ms)).toThrow(RangeError);
      expect(() => isoAt(ms)).toThrow(RangeError);
    }
    // A rejected instant never took the slot of the instant 0.
    expect(isoAt(0)).toBe('1970-01-01T00:00:00.000Z');
  });

  it('always answers what toISOString answers, whatever instants share slots (property)', () => {
    const instant = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      // Instants a few slots' worth apart: the collisions a day's timestamps make.
      fc.integer({ min: 0, max: 64 }).map((k) => T0 + k * 4096 + (k % 3)),
      fc.double({ min: -1e13, max: 1e13, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 200 }), (instants) => {
        for (const ms of instants) expect(isoAt(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 300 },
    );
  });
});
