import { describe, expect, it } from 'vitest';
import { queriesToRefresh } from '../../../lib/live-events';
import { queryKeys } from '../../../lib/query-keys';
import { fleet } from '../test-utils';
import { fleetKeys, landedColonizers } from './fleets';

const list = (...own: ReturnType<typeof fleet>[]) => ({ own, hostile: [] });

describe('landedColonizers', () => {
  it.each([
    ['no earlier list', undefined, list(), false],
    [
      'a colonize fleet still outbound',
      list(fleet({ id: 1, mission: 6 })),
      list(fleet({ id: 1, mission: 6 })),
      false,
    ],
    ['a colonize fleet gone', list(fleet({ id: 1, mission: 6 })), list(), true],
    [
      'a colonize fleet turned back (failed)',
      list(fleet({ id: 1, mission: 6 })),
      list(fleet({ id: 1, mission: 6, state: 'returning' })),
      true,
    ],
    ['an attack fleet gone', list(fleet({ id: 1, mission: 3 })), list(), false],
  ])('%s: %s', (_, before, after, expected) => {
    expect(landedColonizers(before, after)).toBe(expected);
  });
});

describe('fleetKeys', () => {
  it("list is the key the live events refresh (lib's queryKeys.myFleets), not a copy of it", () => {
    expect(fleetKeys.list).toBe(queryKeys.myFleets);
    const refreshed = queriesToRefresh({ kind: 'fleet_returned', fleet_id: 1, planet_id: 1 });
    expect(refreshed.map((entry) => entry.queryKey)).toContain(fleetKeys.list);
  });
});
