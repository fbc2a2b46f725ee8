import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  claimGoal,
  evaluateGoals,
  findGoal,
  GOALS,
  goalProgress,
  nextGoal,
  type GoalFacts,
} from '../../src/goals/index.js';
import type { FleetState } from '../../src/types.js';
import { createAccount, createPlanet } from '../factories.js';

const NO_FACTS: GoalFacts = { spyReports: 0 };
const goal = (key: string) => {
  const found = GOALS.find((entry) => entry.key === key);
  if (found === undefined) throw new Error(`no goal ${key}`);
  return found;
};

describe('the goal chain', () => {
  it('has stable unique ids and keys, a dozen steps to the first ship, NMI on the last ones', () => {
    expect(new Set(GOALS.map((entry) => entry.id)).size).toBe(GOALS.length);
    expect(new Set(GOALS.map((entry) => entry.key)).size).toBe(GOALS.length);
    expect(GOALS.map((entry) => entry.id)).toEqual(GOALS.map((_, index) => index + 1));
    expect(GOALS.findIndex((entry) => entry.key === 'first_ship')).toBe(11);
    expect(GOALS.at(-1)?.key).toBe('first_colony');
    for (const entry of GOALS.slice(-3)) expect(entry.reward.nmi).toBeGreaterThan(0);
    for (const entry of GOALS) {
      const { metal, crystal, fuel } = entry.reward;
      expect(metal + crystal + fuel).toBeGreaterThan(0);
    }
  });

  it('gives, with the fuel synthesizer, the fuel the command center needs', () => {
    expect(goal('fuel_synthesizer_1').reward.fuel).toBeGreaterThanOrEqual(200);
  });
});

describe('goalProgress', () => {
  const fleet = { ships: { 1: 2 } } as unknown as FleetState;
  it.each([
    [
      'metal_mine_1 on a new account',
      'metal_mine_1',
      createAccount(),
      NO_FACTS,
      { current: 0, target: 1, done: false },
    ],
    [
      'metal_mine_1 at level 1',
      'metal_mine_1',
      createAccount({ planets: [createPlanet({ factories: { 1: 1 } })] }),
      NO_FACTS,
      { current: 1, target: 1, done: true },
    ],
    [
      'metal_mine_3 at level 2',
      'metal_mine_3',
      createAccount({ planets: [createPlanet({ factories: { 1: 2 } })] }),
      NO_FACTS,
      { current: 2, target: 3, done: false },
    ],
    [
      'metal_mine_3 capped at the target',
      'metal_mine_3',
      createAccount({ planets: [createPlanet({ factories: { 1: 7 } })] }),
      NO_FACTS,
      { current: 3, target: 3, done: true },
    ],
    [
      'a building on a colony counts',
      'research_lab_3',
      createAccount({ planets: [createPlanet(), createPlanet({ id: 2, buildings: { 3: 3 } })] }),
      NO_FACTS,
      { current: 3, target: 3, done: true },
    ],
    [
      'combustion drive research',
      'combustion_drive_1',
      createAccount({ research: { 7: 1 } }),
      NO_FACTS,
      { current: 1, target: 1, done: true },
    ],
    [
      'another research does not count',
      'combustion_drive_1',
      createAccount({ research: { 1: 4 } }),
      NO_FACTS,
      { current: 0, target: 1, done: false },
    ],
    [
      'a ship on a planet',
      'first_ship',
      createAccount({ planets: [createPlanet({ ships: { 1: 1 } })] }),
      NO_FACTS,
      { current: 1, target: 1, done: true },
    ],
    [
      'a ship in flight',
      'first_ship',
      createAccount({ fleets: [fleet] }),
      NO_FACTS,
      { current: 1, target: 1, done: true },
    ],
    [
      'defenses are not ships',
      'first_ship',
      createAccount({ planets: [createPlanet({ defenses: { 1: 5 } })] }),
      NO_FACTS,
      { current: 0, target: 1, done: false },
    ],
    [
      'a spy report',
      'first_spy_mission',
      createAccount(),
      { spyReports: 2 },
      { current: 1, target: 1, done: true },
    ],
    ['no spy report', 'first_spy_mission', createAccount(), NO_FACTS, { current: 0, target: 1, done: false }],
    [
      'a colony',
      'first_colony',
      createAccount({ planets: [createPlanet(), createPlanet({ id: 2 })] }),
      NO_FACTS,
      { current: 1, target: 1, done: true },
    ],
    [
      'the home planet alone',
      'first_colony',
      createAccount(),
      NO_FACTS,
      { current: 0, target: 1, done: false },
    ],
  ])('%s', (_name, key, state, facts, expected) => {
    expect(goalProgress(goal(key), state, facts)).toEqual(expected);
  });
});

describe('evaluateGoals', () => {
  it('marks the first unfinished goal in progress and the later ones locked', () => {
    const statuses = evaluateGoals(createAccount(), NO_FACTS, new Set());
    expect(statuses.map((status) => status.state)).toEqual([
      'in_progress',
      ...GOALS.slice(1).map(() => 'locked'),
    ]);
    expect(nextGoal(statuses)?.goal.key).toBe('metal_mine_1');
  });

  it('shows a done goal as claimable, a claimed one as claimed, and a reward waiting first', () => {
    const state = createAccount({ planets: [createPlanet({ factories: { 1: 1, 2: 1 } })] });
    const statuses = evaluateGoals(state, NO_FACTS, new Set([1]));
    expect(statuses.slice(0, 4).map((status) => status.state)).toEqual([
      'claimed',
      'claimable',
      'in_progress',
      'locked',
    ]);
    expect(nextGoal(statuses)?.goal.key).toBe('crystal_mine_1');
  });

  it('lets a goal done ahead of the chain be claimed', () => {
    const state = createAccount({ planets: [createPlanet({ buildings: { 1: 2 } })] });
    const statuses = evaluateGoals(state, NO_FACTS, new Set());
    expect(statuses.find((status) => status.goal.key === 'command_center_2')?.state).toBe('claimable');
    expect(statuses.find((status) => status.goal.key === 'metal_mine_1')?.state).toBe('in_progress');
  });

  it('has no next goal once every reward is claimed', () => {
    const statuses = evaluateGoals(createAccount(), NO_FACTS, new Set(GOALS.map((entry) => entry.id)));
    expect(nextGoal(statuses)).toBeNull();
  });
});

describe('claimGoal', () => {
  const done = createAccount({
    nmi: 100,
    planets: [createPlanet(), createPlanet({ id: 2, resources: { metal: 1, crystal: 2, fuel: 3 } })],
    fleets: [],
  });

  it.each([
    ['an unknown goal', 99, new Set<number>(), 'UNKNOWN_GOAL'],
    ['a goal not done', 1, new Set<number>(), 'GOAL_NOT_DONE'],
    ['a goal claimed before', 15, new Set<number>([15]), 'GOAL_ALREADY_CLAIMED'],
  ])('refuses %s', (_name, goalId, claimed, reason) => {
    const result = claimGoal(done, goalId, NO_FACTS, claimed, 0);
    expect(result.ok ? null : result.reason).toBe(reason);
  });

  it('credits the resources to the chosen planet and the NMI to the account, without touching the input', () => {
    const before = structuredClone(done);
    const result = claimGoal(done, 15, NO_FACTS, new Set(), 1);
    if (!result.ok) throw new Error(result.message);
    const reward = findGoal(15)?.reward;
    expect(result.value.state.nmi).toBe(100 + (reward?.nmi ?? NaN));
    expect(result.value.state.planets[1]?.resources).toEqual({
      metal: 1 + (reward?.metal ?? NaN),
      crystal: 2 + (reward?.crystal ?? NaN),
      fuel: 3 + (reward?.fuel ?? NaN),
    });
    expect(result.value.state.planets[0]).toEqual(done.planets[0]);
    expect(done).toEqual(before);
  });

  it('credits the home planet when the planet index is unknown', () => {
    const result = claimGoal(done, 15, NO_FACTS, new Set(), 9);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.state.planets[0]?.resources.metal).toBe(500 + (findGoal(15)?.reward.metal ?? NaN));
  });

  it('adds exactly the reward, whatever the goal and the stock (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GOALS),
        fc.record({ metal: fc.nat(1e9), crystal: fc.nat(1e9), fuel: fc.nat(1e9) }),
        fc.nat(10_000),
        (entry, resources, nmi) => {
          const rich = createAccount({
            nmi,
            research: { 7: 1 },
            planets: [
              createPlanet({
                resources,
                factories: { 1: 3, 2: 3, 3: 2 },
                buildings: { 1: 2, 2: 1, 3: 3 },
                ships: { 1: 1 },
              }),
              createPlanet({ id: 2 }),
            ],
          });
          const result = claimGoal(rich, entry.id, { spyReports: 1 }, new Set(), 0);
          if (!result.ok) return false;
          const after = result.value.state;
          const planet = after.planets[0];
          return (
            after.nmi - nmi === entry.reward.nmi &&
            planet !== undefined &&
            planet.resources.metal - resources.metal === entry.reward.metal &&
            planet.resources.crystal - resources.crystal === entry.reward.crystal &&
            planet.resources.fuel - resources.fuel === entry.reward.fuel
          );
        },
      ),
    );
  });
});
