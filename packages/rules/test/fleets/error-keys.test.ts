import { ERROR_CATALOGUE } from '@starhold/contract';
import { describe, expect, it } from 'vitest';
import { FLEET_REFUSAL_ERROR_KEYS } from '../../src/fleets/plan.js';

describe('fleet refusals', () => {
  it('each map to a key of the error catalogue, with the status API.md gives that kind of refusal', () => {
    const statuses = Object.fromEntries(
      Object.entries(FLEET_REFUSAL_ERROR_KEYS).map(([reason, key]) => {
        expect(key in ERROR_CATALOGUE).toBe(true);
        return [reason, ERROR_CATALOGUE[key].status];
      }),
    );
    expect(statuses).toEqual({
      UNKNOWN_PLANET: 404,
      UNKNOWN_SYSTEM: 404,
      UNKNOWN_FLEET: 404,
      UNREACHABLE: 404,
      INVALID_FLEET: 400,
      NOT_ENOUGH_SHIPS: 409,
      CARGO_TOO_LARGE: 409,
      INSUFFICIENT_RESOURCES: 422,
      FLEET_SLOTS_FULL: 409,
      PROTECTED_SPACE: 409,
      INVALID_TARGET: 409,
      ORBIT_OCCUPIED: 409,
      PLANET_LIMIT: 409,
      NO_DEBRIS: 409,
      NOT_RECALLABLE: 409,
      FLEET_EVENT_PENDING: 503,
    });
    // Its own key (code 1110), as the contract gives it, never the generic SERVER_ERROR.
    expect(FLEET_REFUSAL_ERROR_KEYS.FLEET_EVENT_PENDING).toBe('FLEET_EVENT_PENDING');
    for (const key of Object.values(FLEET_REFUSAL_ERROR_KEYS)) {
      expect(ERROR_CATALOGUE[key].fr.length).toBeGreaterThan(0);
      expect(ERROR_CATALOGUE[key].en.length).toBeGreaterThan(0);
    }
  });
});
