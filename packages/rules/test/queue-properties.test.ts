import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancelLevel } from '../src/actions.js';
import { levelCost, RESOURCE_KEYS } from '../src/formulas/index.js';
import { settle } from '../src/settle.js';
import type { AccountState, LevelItem } from '../src/types.js';
import { accountArb, configArb, run, timedStepsArb } from './arbitraries.js';

const RUNS = { numRuns: 1000 };
const close = (a: number, b: number): boolean =>
  Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function allLevelItems(state: AccountState): LevelItem[] {
  return [
    ...state.researchQueue,
    ...state.planets.flatMap((planet) => [...planet.queues.factories, ...planet.queues.buildings]),
  ];
}

describe('queue invariants over random sequences of actions and clock jumps', () => {
  it('refunds exactly what a cancelled item paid, to the planet that paid it, and only once', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        run(account, steps, config, (before, step, now, { state, outcome }) => {
          if (
            step.kind !== 'cancel' ||
            !('refund' in outcome) ||
            outcome.item === undefined ||
            !('targetLevel' in outcome.item)
          )
            return;
          const removed = outcome.item;
          const settled = settle(before, now, config);
          const original = allLevelItems(settled.state).find((item) => item.id === removed.id);
          expect(outcome.refund).toEqual(
            original?.state === 2 ? original.paid : { metal: 0, crystal: 0, fuel: 0 },
          );
          const payerIndex = state.planets.findIndex((planet) => planet.id === removed.planetId);
          const startedHere = outcome.events
            .slice(settled.events.length)
            .filter((event) => event.kind === 'item_started' && event.planetId === removed.planetId)
            .map(
              (event) =>
                allLevelItems(state).find((item) => 'itemId' in event && item.id === event.itemId)?.paid ?? {
                  metal: 0,
                  crystal: 0,
                  fuel: 0,
                },
            );
          for (const key of RESOURCE_KEYS) {
            const spent = startedHere.reduce((sum, paid) => sum + paid[key], 0);
            const expected =
              (settled.state.planets[payerIndex]?.resources[key] ?? 0) + (outcome.refund?.[key] ?? 0) - spent;
            expect(close(state.planets[payerIndex]?.resources[key] ?? -1, Math.max(0, expected))).toBe(true);
          }
          const again = cancelLevel(state, removed.planetId, removed.typeId, removed.id, now, config);
          expect(again).toMatchObject({ ok: false, reason: 'NOTHING_TO_CANCEL' });
        });
      }),
      RUNS,
    );
  });

  it('keeps every item in progress paid at the cost of its target level and finishing after settledAt', () => {
    fc.assert(
      fc.property(accountArb, timedStepsArb, configArb, (account, steps, config) => {
        run(account, steps, config, (_before, _step, _now, { state }) => {
          for (const item of allLevelItems(state)) {
            if (item.state === 2) {
              expect(item.paid).toEqual(levelCost(item.typeId, item.moduleId, item.targetLevel));
              expect(item.finishAt ?? 0).toBeGreaterThan(state.settledAt);
            } else expect(item.paid).toBeNull();
          }
        });
      }),
      RUNS,
    );
  });
});
