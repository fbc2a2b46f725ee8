import type { Construction } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { blockedReason, type EconomyState } from './blocked-reason';
import type { ModuleKind } from './module-kinds';
import type { ModuleView } from './module-view';

function view(id: number, changes: Partial<ModuleView> = {}): ModuleView {
  return {
    id,
    amount: 0,
    pending: 0,
    canBeImproved: false,
    costs: [{ resourceId: 1, amount: 400 }],
    time: 60,
    image: '',
    raceId: 1,
    ...changes,
  };
}

function queued(typeId: number, moduleId: number): Construction {
  return {
    id: moduleId * 10 + typeId,
    type_id: typeId,
    module_id: moduleId,
    state: 1,
    started_at: null,
    scheduled_at: null,
    scheduled_value: 1,
  };
}

const base: EconomyState = {
  buildingLevels: { 1: 1, 2: 0, 3: 0 },
  researchLevels: {},
  constructions: [],
  queueLength: 0,
  queueMax: 3,
  capacityUsed: 10,
  capacityMax: 163,
  stocks: [
    { resourceId: 1, value: 100, perHour: 3600 },
    { resourceId: 2, value: 1000, perHour: 60 },
    { resourceId: 3, value: 0, perHour: 0 },
  ],
};

describe('blockedReason', () => {
  const cases: {
    name: string;
    kind: ModuleKind;
    item: ModuleView;
    state?: Partial<EconomyState>;
    expected: unknown;
  }[] = [
    {
      name: 'what the server allows stays allowed',
      kind: 'buildings',
      item: view(2, { canBeImproved: true }),
      expected: null,
    },
    {
      name: 'a missing building, with its level',
      kind: 'buildings',
      item: view(2),
      expected: { kind: 'requirements', missing: [{ kind: 'buildings', id: 1, level: 2, current: 1 }] },
    },
    {
      name: 'a research needs the laboratory',
      kind: 'researchs',
      item: view(17),
      expected: {
        kind: 'requirements',
        missing: [
          { kind: 'buildings', id: 3, level: 4, current: 0 },
          { kind: 'researchs', id: 12, level: 2, current: 0 },
        ],
      },
    },
    {
      name: 'a queued prerequisite counts when the item joins a non-empty queue',
      kind: 'buildings',
      item: view(2),
      state: { constructions: [queued(2, 1)], queueLength: 1 },
      expected: null,
    },
    {
      name: 'a queued prerequisite does not count for a unit order',
      kind: 'ships',
      item: view(1),
      state: { constructions: [queued(2, 2)], buildingLevels: { 1: 2, 2: 0 }, researchLevels: { 7: 1 } },
      expected: { kind: 'requirements', missing: [{ kind: 'buildings', id: 2, level: 1, current: 0 }] },
    },
    {
      name: 'the queue is full',
      kind: 'factories',
      item: view(1),
      state: { queueLength: 3, constructions: [queued(1, 1), queued(1, 2), queued(1, 3)] },
      expected: { kind: 'queue-full', length: 3, max: 3 },
    },
    {
      name: 'the last capacity left is enough (research items do not use it)',
      kind: 'factories',
      item: view(1, { costs: [{ resourceId: 1, amount: 50 }] }),
      state: { capacityUsed: 161, capacityMax: 163, constructions: [queued(2, 4), queued(5, 1)] },
      expected: null,
    },
    {
      name: 'the capacity is full once queued factory and building levels are counted',
      kind: 'factories',
      item: view(1),
      state: { capacityUsed: 162, capacityMax: 163, constructions: [queued(2, 4)], queueLength: 0 },
      expected: { kind: 'capacity-full', used: 163, max: 163 },
    },
    {
      name: 'research ignores the planet capacity',
      kind: 'researchs',
      item: view(1),
      state: { capacityUsed: 163, capacityMax: 163, buildingLevels: { 3: 1 } },
      expected: { kind: 'resources', wait: { kind: 'wait', seconds: 300 } },
    },
    {
      name: 'missing metal arrives at its production',
      kind: 'factories',
      item: view(1),
      expected: { kind: 'resources', wait: { kind: 'wait', seconds: 300 } },
    },
    {
      name: 'a resource with no production: never, naming its factory',
      kind: 'factories',
      item: view(1, { costs: [{ resourceId: 3, amount: 10 }] }),
      expected: { kind: 'resources', wait: { kind: 'no-production' }, factoryId: 3 },
    },
    {
      name: 'the stocks grew enough: allowed although the server said no',
      kind: 'factories',
      item: view(1, { costs: [{ resourceId: 2, amount: 900 }] }),
      expected: null,
    },
    {
      name: 'a level joining a non-empty queue is paid when it starts',
      kind: 'factories',
      item: view(1, { costs: [{ resourceId: 3, amount: 10 }] }),
      state: { queueLength: 1, constructions: [queued(1, 2)] },
      expected: null,
    },
    {
      name: 'a unit order always pays at once',
      kind: 'ships',
      item: view(1),
      state: { queueLength: 1, buildingLevels: { 1: 2, 2: 1 }, researchLevels: { 7: 1 } },
      expected: { kind: 'resources', wait: { kind: 'wait', seconds: 300 } },
    },
    {
      name: 'prerequisites unknown while the levels load',
      kind: 'ships',
      item: view(1),
      state: { buildingLevels: undefined },
      expected: { kind: 'unknown' },
    },
  ];

  it.each(cases)('$name', ({ kind, item, state, expected }) => {
    expect(blockedReason(kind, item, { ...base, ...state })).toEqual(expected);
  });
});
