import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneAccount, writableFleet } from '../src/clone.js';
import { dispatchFleet } from '../src/fleets/actions.js';
import { settle } from '../src/settle.js';
import { accountArb, configArb, run, timedStepsArb } from './arbitraries.js';
import { createAccount, SPEED1, T0 } from './factories.js';
import { fleetOwner, HOME, order, world } from './fleets/world.js';

/** Every object and array reachable from a value. */
function containers(value: unknown, found: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    found.push(value);
    for (const child of Object.values(value)) containers(child, found);
  }
  return found;
}

describe('cloneAccount', () => {
  it('copies an account exactly as structuredClone does, sharing no object or array with it (fleets aside)', () => {
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

  it("shares the fleets until one is written, then writes the copy's own (decision 215)", () => {
    const sent = dispatchFleet(
      fleetOwner(),
      order({
        target: { systemId: 2, orbit: 1 },
        ships: { 7: 2 },
        cargo: { metal: 10, crystal: 0, fuel: 0 },
      }),
      world(HOME, { planet: { accountId: 1, planetId: 2 }, debris: null }),
      T0,
      SPEED1,
    );
    if (!sent.ok) throw new Error(sent.message);
    const state = sent.value.state;
    const [fleet] = state.fleets ?? [];
    if (fleet === undefined) throw new Error('no fleet');
    const before = structuredClone(state);
    const copy = cloneAccount(state);
    expect(copy.fleets).not.toBe(state.fleets);
    expect(copy.fleets?.[0]).toBe(fleet);

    const own = writableFleet(copy, fleet.id);
    expect(own).not.toBe(fleet);
    expect(own).toEqual(fleet);
    expect(copy.fleets?.[0]).toBe(own);
    expect(writableFleet(copy, fleet.id)).toBe(own);
    if (own === undefined) throw new Error('no copy');
    // Ship counts are shared (a fight gives the fleet new ones, nothing changes them in place).
    expect(own.ships).toBe(fleet.ships);
    own.cargo.metal = 0;
    own.ships = { ...own.ships, 7: 1 };
    own.passes.length = 0;
    expect(state).toEqual(before);

    expect(writableFleet(copy, 999)).toBeUndefined();
    // A state no cloneAccount made (as the server loads it) has no fleet to write.
    expect(() => writableFleet(structuredClone(state), fleet.id)).toThrow(/not a copy/);
  });
});
