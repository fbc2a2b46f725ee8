import type { CombatEngine } from '../../src/fleets/combat.js';
import type { FleetOrder, FleetWorld, TargetOrbitView } from '../../src/fleets/plan.js';
import { buildRouteGraph } from '../../src/routes/index.js';
import type { AccountState, CombatStackCount } from '../../src/types.js';
import { generateUniverse } from '../../src/universe/index.js';
import { createAccount, createPlanet, RICH, T0 } from '../factories.js';

/** The default universe of the game: seed 'starhold', 80 systems. */
export const UNIVERSE = generateUniverse('starhold', 80);
export const GRAPH = buildRouteGraph(UNIVERSE.systems, UNIVERSE.gates);

export const EMPTY_ORBIT: TargetOrbitView = { planet: null, debris: null };

export function world(
  origin: { systemId: number; orbit: number },
  target: TargetOrbitView = EMPTY_ORBIT,
): FleetWorld {
  return { graph: GRAPH, systems: UNIVERSE.systems, origin, target };
}

/** A human account whose planet 1 holds many ships of every human kind and plenty of resources. */
export function fleetOwner(overrides: Partial<AccountState> = {}): AccountState {
  return createAccount({
    accountId: 1,
    research: { 4: 3, 7: 2, 8: 1, 9: 1 },
    planets: [
      createPlanet({
        id: 1,
        resources: { ...RICH },
        ships: { 1: 50, 3: 10, 4: 5, 6: 20, 7: 30, 8: 10, 9: 3, 10: 10 },
        defenses: {},
      }),
      createPlanet({ id: 2, resources: { metal: 0, crystal: 0, fuel: 0 } }),
    ],
    nextItemId: 100,
    ...overrides,
  });
}

/** Another (insectoid) account with a defended planet. */
export function defenderAccount(overrides: Partial<AccountState> = {}): AccountState {
  return createAccount({
    accountId: 2,
    race: 2,
    settledAt: T0,
    planets: [
      createPlanet({
        id: 50,
        resources: { metal: 90_000, crystal: 60_000, fuel: 30_000 },
        ships: { 11: 20, 16: 5 },
        defenses: { 11: 30, 12: 10 },
      }),
    ],
    ...overrides,
  });
}

export function order(overrides: Partial<FleetOrder> = {}): FleetOrder {
  return {
    planetId: 1,
    mission: 1,
    target: { systemId: 2, orbit: 1 },
    ships: { 7: 10 },
    speedPercent: 100,
    prefer: 'shortest',
    ...overrides,
  };
}

/** Origin of the owner's planet 1 in the tests: system 5, orbit 1. */
export const HOME = { systemId: 5, orbit: 1 };

const copy = (
  stacks: readonly CombatStackCount[],
  keep: (stack: CombatStackCount) => number,
): CombatStackCount[] => stacks.map((stack) => ({ ...stack, count: keep(stack) }));

/**
 * Stub engines with fixed outcomes, so mission bookkeeping is tested apart from the combat engine:
 * `attackerWins` destroys every defending unit, `defenderWins` every attacking one, `halves`
 * destroys half (rounded down) of every stack on both sides.
 */
export const STUB_ENGINES: Record<'attackerWins' | 'defenderWins' | 'halves', CombatEngine> = {
  attackerWins: (input) => ({
    winner: 'attacker',
    rounds: [],
    attackerSurvivors: copy(input.attacker.units, (s) => s.count),
    defenderSurvivors: copy(input.defender.units, () => 0),
  }),
  defenderWins: (input) => ({
    winner: 'defender',
    rounds: [],
    attackerSurvivors: copy(input.attacker.units, () => 0),
    defenderSurvivors: copy(input.defender.units, (s) => s.count),
  }),
  halves: (input) => ({
    winner: 'draw',
    rounds: [],
    attackerSurvivors: copy(input.attacker.units, (s) => Math.ceil(s.count / 2)),
    defenderSurvivors: copy(input.defender.units, (s) => Math.ceil(s.count / 2)),
  }),
};
