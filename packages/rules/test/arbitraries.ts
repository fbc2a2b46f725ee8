import fc from 'fast-check';
import {
  cancelLevel,
  demolish,
  orderUnits,
  queueLevel,
  unlockCommandant,
  type ActionOutcome,
} from '../src/actions.js';
import { settle } from '../src/settle.js';
import type {
  AccountState,
  CommandantDuration,
  LevelItem,
  LevelTypeId,
  PlanetState,
  PlanetTypeKey,
  Refusal,
  RulesConfig,
  UnitTypeId,
} from '../src/types.js';
import { DAY, T0 } from './factories.js';

const level = (max: number): fc.Arbitrary<number> => fc.integer({ min: 0, max });
/** Poor planets make items drop; rich ones (above any hangar) let long queues and orders through. */
const stock = fc.oneof(
  fc.double({ min: 0, max: 40_000, noNaN: true, noDefaultInfinity: true }),
  fc.double({ min: 1e5, max: 1e7, noNaN: true, noDefaultInfinity: true }),
);

const planetArb = fc.record({
  type: fc.constantFrom<PlanetTypeKey>('default', 'gas', 'mineral', 'cryogenic', 'volcanic'),
  maxCapacity: fc.integer({ min: 8, max: 163 }),
  resources: fc.record({ metal: stock, crystal: stock, fuel: stock }),
  factories: fc.record({ 1: level(8), 2: level(6), 3: level(4) }),
  buildings: fc.record({
    1: level(4),
    2: fc.integer({ min: 1, max: 3 }),
    3: fc.integer({ min: 1, max: 3 }),
    4: level(2),
    5: fc.integer({ min: 1, max: 2 }),
  }),
});

/** An account in a plausible mid-game shape: every queue empty, levels and stocks random. */
export const accountArb: fc.Arbitrary<AccountState> = fc
  .record({
    race: fc.constantFrom<1 | 2>(1, 2),
    planets: fc.array(planetArb, { minLength: 1, maxLength: 2 }),
    research: fc.record({
      1: level(5),
      2: level(5),
      3: level(3),
      4: level(6),
      5: level(2),
      7: fc.integer({ min: 1, max: 3 }),
      8: level(2),
      15: fc.integer({ min: 1, max: 2 }),
    }),
    nmi: fc.integer({ min: 0, max: 3000 }),
  })
  .map(({ race, planets, research, nmi }) => ({
    accountId: 1,
    race,
    settledAt: T0,
    nmi,
    research,
    researchQueue: [],
    commandants: {},
    planets: planets.map((planet, index): PlanetState => ({
      ...planet,
      id: index + 1,
      ships: {},
      defenses: {},
      queues: { factories: [], buildings: [], ships: [], defenses: [] },
    })),
    nextItemId: 1,
  }));

export const configArb: fc.Arbitrary<RulesConfig> = fc
  .constantFrom(1, 1, 10, 100)
  .map((gameSpeed) => ({ gameSpeed }));

/** Time between two steps: often a few seconds (so queues fill up), else minutes to weeks. */
export const delayArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 5_000 }) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 120_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 600_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 * DAY }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 * DAY }) },
);

export type Step =
  | { kind: 'queue'; planet: number; typeId: LevelTypeId; moduleId: number }
  | { kind: 'order'; planet: number; typeId: UnitTypeId; moduleId: number; quantity: number }
  | { kind: 'cancel'; planet: number; typeId: LevelTypeId; pick: number | null }
  | { kind: 'demolish'; planet: number; typeId: 1 | 2; moduleId: number }
  | { kind: 'unlock'; commandantId: number; duration: CommandantDuration }
  | { kind: 'wait' };

const planetIndex = fc.integer({ min: 0, max: 1 });

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constant('queue' as const),
      planet: planetIndex,
      typeId: fc.constantFrom<LevelTypeId>(1, 1, 2, 5),
      moduleId: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 18 })),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      planet: planetIndex,
      typeId: fc.constantFrom<UnitTypeId>(3, 4),
      moduleId: fc.oneof(fc.constantFrom(1, 7, 11, 17), fc.integer({ min: 1, max: 21 })),
      quantity: fc.integer({ min: 0, max: 40 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      planet: planetIndex,
      typeId: fc.constantFrom<LevelTypeId>(1, 1, 2, 5),
      pick: fc.option(fc.nat(6)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('demolish' as const),
      planet: planetIndex,
      typeId: fc.constantFrom<1 | 2>(1, 2),
      moduleId: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unlock' as const),
      commandantId: fc.integer({ min: 1, max: 5 }),
      duration: fc.constantFrom<CommandantDuration>(1, 2, 3, 4),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const) }) },
);

export const timedStepsArb = fc.array(fc.tuple(delayArb, stepArb), { minLength: 2, maxLength: 20 });

export interface Applied {
  state: AccountState;
  /** The outcome of an action, or the settle result of a wait; a refusal leaves the state alone. */
  outcome: ActionOutcome | Refusal;
}

function planetIdOf(state: AccountState, index: number): number {
  return state.planets[index % state.planets.length]?.id ?? 1;
}

/**
 * Cancels aim at a queue that holds something when there is one (random queues are mostly
 * empty), else at the queue the step names; `pick` chooses an item, or the last one when null.
 */
function cancelTarget(
  state: AccountState,
  step: Extract<Step, { kind: 'cancel' }>,
): { planetId: number; typeId: LevelTypeId; itemId: number | undefined } {
  const queues: { planetId: number; typeId: LevelTypeId; items: LevelItem[] }[] = [
    ...state.planets.flatMap((planet) => [
      { planetId: planet.id, typeId: 1 as const, items: planet.queues.factories },
      { planetId: planet.id, typeId: 2 as const, items: planet.queues.buildings },
    ]),
    { planetId: planetIdOf(state, step.planet), typeId: 5 as const, items: state.researchQueue },
  ].filter((queue) => queue.items.length > 0);
  const chosen = queues[(step.pick ?? step.planet) % Math.max(1, queues.length)];
  if (chosen === undefined)
    return { planetId: planetIdOf(state, step.planet), typeId: step.typeId, itemId: step.pick ?? undefined };
  const itemId = step.pick === null ? undefined : chosen.items[step.pick % chosen.items.length]?.id;
  return { planetId: chosen.planetId, typeId: chosen.typeId, itemId };
}

export function applyStep(state: AccountState, step: Step, now: number, config: RulesConfig): Applied {
  const result = ((): { ok: true; value: ActionOutcome } | Refusal => {
    switch (step.kind) {
      case 'queue':
        return queueLevel(state, planetIdOf(state, step.planet), step.typeId, step.moduleId, now, config);
      case 'order':
        return orderUnits(
          state,
          planetIdOf(state, step.planet),
          step.typeId,
          step.moduleId,
          step.quantity,
          now,
          config,
        );
      case 'cancel': {
        const target = cancelTarget(state, step);
        return cancelLevel(state, target.planetId, target.typeId, target.itemId, now, config);
      }
      case 'demolish':
        return demolish(state, planetIdOf(state, step.planet), step.typeId, step.moduleId, now, config);
      case 'unlock':
        return unlockCommandant(state, step.commandantId, step.duration, now, config);
      case 'wait':
        return { ok: true, value: settle(state, now, config) };
    }
  })();
  return result.ok ? { state: result.value.state, outcome: result.value } : { state, outcome: result };
}

/** Runs the steps, calling `check` with the state before, the step and what it gave. */
export function run(
  initial: AccountState,
  steps: readonly [number, Step][],
  config: RulesConfig,
  check: (before: AccountState, step: Step, now: number, after: ReturnType<typeof applyStep>) => void,
): AccountState {
  let state = initial;
  let now = initial.settledAt;
  for (const [delay, step] of steps) {
    now += delay;
    const applied = applyStep(state, step, now, config);
    check(state, step, now, applied);
    state = applied.state;
  }
  return state;
}
