import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESOURCE_KEYS } from '../src/formulas/index.js';
import { nextEventAt, settle, settleForReading } from '../src/settle.js';
import type { AccountState, GameEvent } from '../src/types.js';
import { accountArb, configArb, delayArb, run, timedStepsArb } from './arbitraries.js';

const RUNS = { numRuns: 1000 };
const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function withoutResources(state: AccountState): AccountState {
  const copy = structuredClone(state);
  for (const planet of copy.planets) planet.resources = { metal: 0, crystal: 0, fuel: 0 };
  return copy;
}

describe('settling is additive in time', () => {
  it('gives the same state settling to t1 then t2 as settling straight to t2', () => {
    fc.assert(
      fc.property(
        accountArb,
        timedStepsArb,
        configArb,
        delayArb,
        delayArb,
        (account, steps, config, d1, d2) => {
          const lived = run(account, steps, config, () => undefined);
          const t1 = lived.settledAt + d1;
          const t2 = t1 + d2;
          const first = settle(lived, t1, config);
          const twoSteps = settle(first.state, t2, config);
          const oneStep = settle(lived, t2, config);
          expect(withoutResources(twoSteps.state)).toEqual(withoutResources(oneStep.state));
          twoSteps.state.planets.forEach((planet, index) => {
            for (const key of RESOURCE_KEYS)
              expect(close(planet.resources[key], oneStep.state.planets[index]?.resources[key] ?? -1)).toBe(
                true,
              );
          });
          const levelEvents = (events: GameEvent[]): GameEvent[] =>
            events.filter((event) => event.kind !== 'units_delivered');
          expect([...levelEvents(first.events), ...levelEvents(twoSteps.events)]).toEqual(
            levelEvents(oneStep.events),
          );
        },
      ),
      RUNS,
    );
  });

  it('reports nothing before nextEventAt and something at it', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        const lived = run(account, steps, config, () => undefined);
        const next = nextEventAt(lived);
        if (next === null) {
          expect(settle(lived, lived.settledAt + 400 * 86_400_000, config).events).toEqual([]);
          return;
        }
        expect(next).toBeGreaterThan(lived.settledAt);
        if (next - 1 > lived.settledAt) expect(settle(lived, next - 1, config).events).toEqual([]);
        expect(settle(lived, next, config).events.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});

/** Frozen through and through, as the server keeps its states. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}

describe('settling for a read', () => {
  it('gives what settle gives, without changing the state, and shares what did not move', () => {
    let light = 0;
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, delayArb, (account, steps, config, delay) => {
        const lived = frozen(run(account, steps, config, () => undefined));
        const read = settleForReading(lived, lived.settledAt + delay, config);
        const full = settle(lived, lived.settledAt + delay, config);
        expect(read).toEqual(full);
        if (read.state !== lived && read.state.planets[0]?.queues === lived.planets[0]?.queues) light += 1;
      }),
      RUNS,
    );
    // Most random accounts have something queued; enough of the delays fall before it.
    expect(light).toBeGreaterThan(50);
  });
});
