import type { AccountState, PlanetState } from '../src/types.js';

/** 2026-01-01T00:00:00Z: a fixed clock for every test. */
export const T0 = Date.UTC(2026, 0, 1);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const SPEED1 = { gameSpeed: 1 };

export function createPlanet(overrides: Partial<PlanetState> = {}): PlanetState {
  return {
    id: 1,
    type: 'default',
    maxCapacity: 163,
    resources: { metal: 500, crystal: 500, fuel: 0 },
    factories: {},
    buildings: {},
    ships: {},
    defenses: {},
    queues: { factories: [], buildings: [], ships: [], defenses: [] },
    ...overrides,
  };
}

export function createAccount(overrides: Partial<AccountState> = {}): AccountState {
  return {
    accountId: 1,
    race: 1,
    settledAt: T0,
    nmi: 100,
    research: {},
    researchQueue: [],
    commandants: {},
    planets: [createPlanet()],
    nextItemId: 1,
    ...overrides,
  };
}

/** A planet able to afford anything the tests ask of it. */
export const RICH = { metal: 1e9, crystal: 1e9, fuel: 1e9 };

export function planetOf(account: AccountState, index = 0): PlanetState {
  const planet = account.planets[index];
  if (planet === undefined) throw new Error(`no planet at index ${index}`);
  return planet;
}
