import { describe, expect, it } from 'vitest';
import { computePoints } from '../src/points.js';
import { createAccount, createPlanet } from './factories.js';

describe('computePoints', () => {
  it('is zero for a new account', () => {
    expect(computePoints(createAccount())).toEqual({ economy: 0, science: 0, military: 0, total: 0 });
  });

  it('sums the costs of every level, research and owned unit, divided by 1000', () => {
    const account = createAccount({
      research: { 1: 2 },
      planets: [
        createPlanet({ id: 1, factories: { 1: 2 }, buildings: { 1: 1 }, ships: { 1: 2 } }),
        createPlanet({ id: 2, defenses: { 1: 3 } }),
      ],
    });
    const points = computePoints(account);
    expect(points.economy).toBeCloseTo((75 + 112 + 720) / 1000, 12);
    expect(points.science).toBeCloseTo((300 + 600) / 1000, 12);
    expect(points.military).toBeCloseTo((2 * 4000 + 3 * 2000) / 1000, 12);
    expect(points.total).toBeCloseTo(points.economy + points.science + points.military, 12);
  });

  it('ignores ids that are not in the catalogue', () => {
    expect(
      computePoints(createAccount({ planets: [createPlanet({ factories: { 9: 4 }, ships: { 99: 1 } })] }))
        .total,
    ).toBe(0);
  });
});
