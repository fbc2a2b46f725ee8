import { describe, expect, it } from 'vitest';
import { hangarCapacity } from '../../src/formulas/index.js';
import { idleAlerts } from '../../src/goals/index.js';
import type { LevelItem } from '../../src/types.js';
import { createAccount, createPlanet, SPEED1, T0 } from '../factories.js';

const item = { id: 1, typeId: 1, moduleId: 1, planetId: 1, targetLevel: 1, state: 2 } as LevelItem;
const capacity = hangarCapacity(createAccount(), createPlanet());

describe('idleAlerts', () => {
  it.each([
    ['a new planet: empty queue only', createPlanet(), [{ kind: 'queue_empty', planetId: 1 }]],
    [
      'a busy planet with room in its hangar: nothing',
      createPlanet({ queues: { factories: [item], buildings: [], ships: [], defenses: [] } }),
      [],
    ],
    [
      'metal 10 units under the capacity: full in minutes',
      createPlanet({
        resources: { metal: capacity - 10, crystal: 0, fuel: 0 },
        queues: { factories: [], buildings: [item], ships: [], defenses: [] },
      }),
      [{ kind: 'storage_full', planetId: 1, resourceId: 1, fullAt: T0 + Math.ceil((10 / 30) * 3_600_000) }],
    ],
    [
      'crystal already full: full now',
      createPlanet({
        resources: { metal: 0, crystal: capacity, fuel: 0 },
        queues: { factories: [item], buildings: [], ships: [], defenses: [] },
      }),
      [{ kind: 'storage_full', planetId: 1, resourceId: 2, fullAt: T0 }],
    ],
    [
      'fuel full without production: not idle',
      createPlanet({
        resources: { metal: 0, crystal: 0, fuel: capacity },
        queues: { factories: [item], buildings: [], ships: [], defenses: [] },
      }),
      [],
    ],
    [
      'metal more than an hour from full: nothing',
      createPlanet({
        resources: { metal: capacity - 31, crystal: 0, fuel: 0 },
        queues: { factories: [item], buildings: [], ships: [], defenses: [] },
      }),
      [],
    ],
  ])('%s', (_name, planet, expected) => {
    expect(idleAlerts(createAccount({ planets: [planet] }), T0, SPEED1)).toEqual(expected);
  });

  it('announces an idle research queue once a laboratory exists', () => {
    const planet = createPlanet({
      buildings: { 3: 1 },
      queues: { factories: [item], buildings: [], ships: [], defenses: [] },
    });
    expect(idleAlerts(createAccount({ planets: [planet] }), T0, SPEED1)).toEqual([{ kind: 'research_idle' }]);
    expect(
      idleAlerts(createAccount({ planets: [planet], researchQueue: [{ ...item, typeId: 5 }] }), T0, SPEED1),
    ).toEqual([]);
  });
});
