import type { Fleet } from '@starhold/contract';

export { fakeApi } from '../../test/fake-api';

export function shipItem(id: number, value: number, flags: { can_spy?: boolean } = {}) {
  return {
    id,
    name: `ship_${id}`,
    image: '',
    can_be_improved: true,
    nb_upgrade_on_progress: 0,
    next_level_costs: [],
    next_level_time: 1,
    ship: {
      id,
      name: `ship_${id}`,
      speed: 100,
      consumption_per_ua: 1,
      can_colonize: false,
      can_exploit: false,
      can_spy: flags.can_spy ?? false,
      race: { id: 1 },
    },
    value,
  };
}

export const preview = {
  route: [1, 2],
  distance: 42.4,
  duration_seconds: 3725,
  arrives_at: '2026-11-23T13:02:05Z',
  fuel: 17,
  cargo_capacity: 500,
  null_systems: 1,
};

export function fleet(overrides: Partial<Fleet> = {}): Fleet {
  return {
    id: 1,
    mission: 3,
    state: 'outbound',
    origin: { system_id: 1, orbit: 3, planet_index: 0 },
    target: { system_id: 7, orbit: 2 },
    route: [1, 7],
    ships: [{ id: 1, count: 20 }],
    cargo: { metal: 0, crystal: 0, fuel: 0 },
    departed_at: '2026-11-23T11:00:00Z',
    arrives_at: '2026-11-23T13:00:00Z',
    returns_at: null,
    ...overrides,
  };
}

/** An entry of GET /systems (the list the screens name places from). */
export function systemItem(id: number, name: string) {
  return {
    id,
    name,
    position: { x: id, y: id },
    security: { id: 2, name: 'low' },
    race: { id: 1 },
    connections: [],
    has_own_planet: false,
  };
}
