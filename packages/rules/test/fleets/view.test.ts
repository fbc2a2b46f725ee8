import { describe, expect, it } from 'vitest';
import { dispatchFleet, recallFleet } from '../../src/fleets/actions.js';
import { hostileFleetsFor, isHostileMission } from '../../src/fleets/view.js';
import type { FleetOrder, TargetOrbitView } from '../../src/fleets/plan.js';
import { SPEED1, T0 } from '../factories.js';
import { defenderAccount, fleetOwner, HOME, order, world } from './world.js';

const OTHER: TargetOrbitView = { planet: { accountId: 2, planetId: 50 }, debris: null };
const TARGET = { systemId: 2, orbit: 1 };

describe('hostile fleets', () => {
  const sent = (() => {
    let owner = fleetOwner({ research: { 4: 5, 5: 3, 7: 2 } });
    const changes: Partial<FleetOrder>[] = [
      { mission: 3, ships: { 1: 4 } },
      { mission: 4, ships: { 6: 2 } },
      { mission: 1, ships: { 7: 1 } },
    ];
    for (const change of changes) {
      const result = dispatchFleet(
        owner,
        order({ target: TARGET, ...change }),
        world(HOME, OTHER),
        T0,
        SPEED1,
      );
      if (!result.ok) throw new Error(result.message);
      owner = result.value.state;
    }
    return owner;
  })();

  it('shows attack and spy fleets heading for the viewer’s planets from departure, transports not', () => {
    const seen = hostileFleetsFor(sent, defenderAccount({ research: { 5: 3 } }), [TARGET]);
    expect(seen.map((fleet) => [fleet.mission, fleet.origin.systemId, fleet.ships])).toEqual([
      [3, 5, [{ id: 1, count: 4 }]],
      [4, 5, [{ id: 6, count: 2 }]],
    ]);
    expect(hostileFleetsFor(sent, defenderAccount(), [{ systemId: 2, orbit: 2 }])).toEqual([]);
  });

  it('hides the composition from a viewer behind in Espionage technology, and recalled fleets', () => {
    const behind = hostileFleetsFor(sent, defenderAccount({ research: { 5: 2 } }), [TARGET]);
    expect(behind).toHaveLength(2);
    expect(behind.every((fleet) => !('ships' in fleet))).toBe(true);
    const attack = sent.fleets?.[0];
    const recalled = attack && recallFleet(sent, attack.id, T0 + 1000, SPEED1);
    if (!recalled?.ok) throw new Error('recall refused');
    expect(hostileFleetsFor(recalled.value.state, defenderAccount(), [TARGET]).map((f) => f.mission)).toEqual(
      [4],
    );
  });
});

describe('isHostileMission', () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
    [4, true],
    [5, false],
    [6, false],
  ])('mission %i: %s', (mission, hostile) => {
    expect(isHostileMission(mission)).toBe(hostile);
  });
});
