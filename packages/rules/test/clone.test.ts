import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneAccount } from '../src/clone.js';
import { settle } from '../src/settle.js';
import { accountArb, configArb, run, timedStepsArb } from './arbitraries.js';
import { createAccount, T0 } from './factories.js';

/** Every object and array reachable from a value. */
function containers(value: unknown, found: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    found.push(value);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

describe('cloneAccount', () => {
  it('copies an account exactly as structuredClone does, sharing no object or array with it', () => {
    fc.assert(
      fc.property(accountArb, configArb, timedStepsArb, (start, config, steps) => {
        // Run the account through actions and settling, so queues, payments and commandants are filled.
        const state = run(start, steps, config, () => {});
        const copy = cloneAccount(state);
        expect(copy).toEqual(structuredClone(state));
        const original = new Set(containers(state));
        for (const object of containers(copy)) expect(original.has(object)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('lets settling leave a frozen state untouched', () => {
    const state = createAccount();
    const frozen = JSON.parse(JSON.stringify(state)) as typeof state;
    const deepFreeze = (value: unknown): void => {
      if (typeof value === 'object' && value !== null) {
        Object.freeze(value);
        Object.values(value).forEach(deepFreeze);
      }
    };
    deepFreeze(frozen);
    expect(() => settle(frozen, T0 + 3_600_000, { gameSpeed: 1 })).not.toThrow();
    expect(frozen).toEqual(state);
  });
});
