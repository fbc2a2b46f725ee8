/**
 * The first-hour goal chain (issue 26, decision 198): from registration to the first ship, then a
 * research laboratory at level 3, the first spy mission and the first colony. A goal's progress is
 * derived from the account's state (and, for espionage, from the facts the server counts), never
 * stored; only the claim of its reward is.
 */
import type { AccountState, Resources } from '../types.js';

export type GoalCondition =
  | { kind: 'factory'; id: number; level: number }
  | { kind: 'building'; id: number; level: number }
  | { kind: 'research'; id: number; level: number }
  /** At least one ship owned, on a planet or in flight. */
  | { kind: 'ship' }
  /** At least one spy report of the account's own probes. */
  | { kind: 'spy_report' }
  /** At least one planet besides the home planet. */
  | { kind: 'colony' };

/** The screen that does what the goal asks (the web app maps it to its route). */
export type GoalScreen = 'factories' | 'buildings' | 'research' | 'ships' | 'systems';

export interface GoalReward extends Resources {
  nmi: number;
}

export interface GoalDef {
  /** Stable: claims are stored by id. */
  id: number;
  /** Stable key the clients translate. */
  key: string;
  condition: GoalCondition;
  reward: GoalReward;
  link: { screen: GoalScreen; moduleId: number | null };
}

/** What the server counts outside the account's state. */
export interface GoalFacts {
  /** Spy reports of the account's own missions. */
  spyReports: number;
}

const reward = (metal: number, crystal: number, fuel: number, nmi = 0): GoalReward => ({
  metal,
  crystal,
  fuel,
  nmi,
});
const factory = (id: number, level: number): GoalCondition => ({ kind: 'factory', id, level });
const building = (id: number, level: number): GoalCondition => ({ kind: 'building', id, level });
const research = (id: number, level: number): GoalCondition => ({ kind: 'research', id, level });

/**
 * Chain order. Each reward is about the price of the next step, and the fuel synthesizer's pays
 * the fuel the command center needs (fuel is 0 and +0/h at registration).
 */
export const GOALS: readonly GoalDef[] = [
  {
    id: 1,
    key: 'metal_mine_1',
    condition: factory(1, 1),
    reward: reward(60, 30, 0),
    link: { screen: 'factories', moduleId: 1 },
  },
  {
    id: 2,
    key: 'crystal_mine_1',
    condition: factory(2, 1),
    reward: reward(60, 40, 0),
    link: { screen: 'factories', moduleId: 2 },
  },
  {
    id: 3,
    key: 'fuel_synthesizer_1',
    condition: factory(3, 1),
    reward: reward(150, 50, 200),
    link: { screen: 'factories', moduleId: 3 },
  },
  {
    id: 4,
    key: 'metal_mine_3',
    condition: factory(1, 3),
    reward: reward(150, 50, 0),
    link: { screen: 'factories', moduleId: 1 },
  },
  {
    id: 5,
    key: 'crystal_mine_3',
    condition: factory(2, 3),
    reward: reward(100, 80, 0),
    link: { screen: 'factories', moduleId: 2 },
  },
  {
    id: 6,
    key: 'fuel_synthesizer_2',
    condition: factory(3, 2),
    reward: reward(250, 150, 100),
    link: { screen: 'factories', moduleId: 3 },
  },
  {
    id: 7,
    key: 'command_center_1',
    condition: building(1, 1),
    reward: reward(200, 400, 200),
    link: { screen: 'buildings', moduleId: 1 },
  },
  {
    id: 8,
    key: 'research_lab_1',
    condition: building(3, 1),
    reward: reward(400, 100, 600),
    link: { screen: 'buildings', moduleId: 3 },
  },
  {
    id: 9,
    key: 'combustion_drive_1',
    condition: research(7, 1),
    reward: reward(800, 240, 400),
    link: { screen: 'research', moduleId: 7 },
  },
  {
    id: 10,
    key: 'command_center_2',
    condition: building(1, 2),
    reward: reward(400, 200, 100),
    link: { screen: 'buildings', moduleId: 1 },
  },
  {
    id: 11,
    key: 'shipyard_1',
    condition: building(2, 1),
    reward: reward(1500, 500, 0),
    link: { screen: 'buildings', moduleId: 2 },
  },
  {
    id: 12,
    key: 'first_ship',
    condition: { kind: 'ship' },
    reward: reward(2000, 2000, 500),
    link: { screen: 'ships', moduleId: null },
  },
  {
    id: 13,
    key: 'research_lab_3',
    condition: building(3, 3),
    reward: reward(1000, 2000, 1000, 10),
    link: { screen: 'buildings', moduleId: 3 },
  },
  {
    id: 14,
    key: 'first_spy_mission',
    condition: { kind: 'spy_report' },
    reward: reward(2000, 2000, 1000, 25),
    link: { screen: 'systems', moduleId: null },
  },
  {
    id: 15,
    key: 'first_colony',
    condition: { kind: 'colony' },
    reward: reward(5000, 5000, 2000, 50),
    link: { screen: 'systems', moduleId: null },
  },
];

export function findGoal(goalId: number): GoalDef | undefined {
  return GOALS.find((goal) => goal.id === goalId);
}

export interface GoalProgress {
  current: number;
  target: number;
  done: boolean;
}

const highest = (values: readonly number[]): number => values.reduce((max, value) => Math.max(max, value), 0);

function shipsOwned(state: AccountState): number {
  let count = 0;
  for (const planet of state.planets) for (const owned of Object.values(planet.ships)) count += owned;
  for (const fleet of state.fleets ?? []) for (const owned of Object.values(fleet.ships)) count += owned;
  return count;
}

/** How far the account is on one goal: factory and building levels count on any of its planets. */
export function goalProgress(goal: GoalDef, state: AccountState, facts: GoalFacts): GoalProgress {
  const condition = goal.condition;
  let current: number;
  let target = 1;
  switch (condition.kind) {
    case 'factory':
      current = highest(state.planets.map((planet) => planet.factories[condition.id] ?? 0));
      target = condition.level;
      break;
    case 'building':
      current = highest(state.planets.map((planet) => planet.buildings[condition.id] ?? 0));
      target = condition.level;
      break;
    case 'research':
      current = state.research[condition.id] ?? 0;
      target = condition.level;
      break;
    case 'ship':
      current = shipsOwned(state);
      break;
    case 'spy_report':
      current = facts.spyReports;
      break;
    case 'colony':
      current = state.planets.length - 1;
      break;
  }
  return { current: Math.min(current, target), target, done: current >= target };
}

/**
 * claimed: its reward was taken; claimable: done, reward waiting; in_progress: the chain's next
 * step (the first goal neither done nor claimed); locked: a later step.
 */
export type GoalStateKey = 'claimed' | 'claimable' | 'in_progress' | 'locked';

export interface GoalStatus {
  goal: GoalDef;
  progress: GoalProgress;
  state: GoalStateKey;
}

/**
 * Every goal in chain order with its state. A goal done ahead of the chain (a player who knows
 * the genre) is claimable at once: the chain guides, it does not hold rewards back.
 */
export function evaluateGoals(
  state: AccountState,
  facts: GoalFacts,
  claimed: ReadonlySet<number>,
): GoalStatus[] {
  let nextFound = false;
  return GOALS.map((goal) => {
    const progress = goalProgress(goal, state, facts);
    let key: GoalStateKey;
    if (claimed.has(goal.id)) key = 'claimed';
    else if (progress.done) key = 'claimable';
    else if (!nextFound) {
      key = 'in_progress';
      nextFound = true;
    } else key = 'locked';
    return { goal, progress, state: key };
  });
}

/** The step to show first: a reward waiting, else the goal in progress; null when all are claimed. */
export function nextGoal(statuses: readonly GoalStatus[]): GoalStatus | null {
  return (
    statuses.find((status) => status.state === 'claimable') ??
    statuses.find((status) => status.state === 'in_progress') ??
    null
  );
}

export type ClaimRefusalReason = 'UNKNOWN_GOAL' | 'GOAL_NOT_DONE' | 'GOAL_ALREADY_CLAIMED';

export type ClaimResult =
  | { ok: true; value: { state: AccountState; goal: GoalDef } }
  | { ok: false; reason: ClaimRefusalReason; message: string };

/**
 * Credits a done goal's reward: resources to the planet `planetIndex` (above the hangar capacity
 * they are kept, like refunds, and do not grow), NMI to the account. `state` must be settled.
 */
export function claimGoal(
  state: AccountState,
  goalId: number,
  facts: GoalFacts,
  claimed: ReadonlySet<number>,
  planetIndex: number,
): ClaimResult {
  const goal = findGoal(goalId);
  if (goal === undefined) return { ok: false, reason: 'UNKNOWN_GOAL', message: `unknown goal ${goalId}` };
  if (claimed.has(goalId))
    return { ok: false, reason: 'GOAL_ALREADY_CLAIMED', message: `goal ${goal.key} already claimed` };
  if (!goalProgress(goal, state, facts).done)
    return { ok: false, reason: 'GOAL_NOT_DONE', message: `goal ${goal.key} is not done` };
  const index = state.planets[planetIndex] === undefined ? 0 : planetIndex;
  const planets = state.planets.map((planet, at) =>
    at === index
      ? {
          ...planet,
          resources: {
            metal: planet.resources.metal + goal.reward.metal,
            crystal: planet.resources.crystal + goal.reward.crystal,
            fuel: planet.resources.fuel + goal.reward.fuel,
          },
        }
      : planet,
  );
  return { ok: true, value: { state: { ...state, planets, nmi: state.nmi + goal.reward.nmi }, goal } };
}
