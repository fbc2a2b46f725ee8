import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hangarCapacity, levelCost, RESOURCE_KEYS, unitCost } from '../src/formulas/index.js';
import { computePoints } from '../src/points.js';
import { settle } from '../src/settle.js';
import type { GameEvent, Resources } from '../src/types.js';
import { accountArb, configArb, run, timedStepsArb } from './arbitraries.js';

const RUNS = { numRuns: 1000 };
const worth = (cost: Resources): number => cost.metal + cost.crystal + cost.fuel;
const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function pointsFromEvents(events: readonly GameEvent[]): {
  economy: number;
  science: number;
  military: number;
} {
  const gained = { economy: 0, science: 0, military: 0 };
  for (const event of events) {
    if (event.kind === 'level_finished') {
      const value = worth(levelCost(event.typeId, event.moduleId, event.level)) / 1000;
      if (event.typeId === 5) gained.science += value;
      else gained.economy += value;
    }
    if (event.kind === 'units_delivered')
      gained.military += (event.count * worth(unitCost(event.typeId, event.moduleId))) / 1000;
  }
  return gained;
}

describe('invariants over random sequences of actions and clock jumps', () => {
  it('never makes a resource negative', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        run(account, steps, config, (_before, _step, _now, { state }) => {
          for (const planet of state.planets)
            for (const key of RESOURCE_KEYS) expect(planet.resources[key]).toBeGreaterThanOrEqual(0);
        });
      }),
      RUNS,
    );
  });

  it('never lets production raise a resource above the hangar capacity', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        run(account, steps, config, (before, step, _now, { state }) => {
          if (step.kind !== 'wait') return;
          state.planets.forEach((planet, index) => {
            const capacity = hangarCapacity(state, planet);
            for (const key of RESOURCE_KEYS) {
              const previous = before.planets[index]?.resources[key] ?? 0;
              expect(planet.resources[key]).toBeLessThanOrEqual(Math.max(previous, capacity) + 1e-6);
            }
          });
        });
      }),
      RUNS,
    );
  });

  it('keeps points equal to the costs of what is owned, changing only by what finished or was demolished', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        run(account, steps, config, (before, step, now, { state, outcome }) => {
          if ('reason' in outcome) return;
          const expected = computePoints(before);
          const gained = pointsFromEvents('events' in outcome ? outcome.events : []);
          expected.economy += gained.economy;
          expected.science += gained.science;
          expected.military += gained.military;
          if (step.kind === 'demolish') {
            const settled = settle(before, now, config).state;
            const planet = settled.planets[step.planet % settled.planets.length];
            const levels = step.typeId === 1 ? planet?.factories : planet?.buildings;
            expected.economy -=
              worth(levelCost(step.typeId, step.moduleId, levels?.[step.moduleId] ?? 0)) / 1000;
          }
          const actual = computePoints(state);
          expect(close(actual.economy, expected.economy)).toBe(true);
          expect(close(actual.science, expected.science)).toBe(true);
          expect(close(actual.military, expected.military)).toBe(true);
          expect(close(actual.total, actual.economy + actual.science + actual.military)).toBe(true);
        });
      }),
      RUNS,
    );
  });
});
