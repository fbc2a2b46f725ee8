import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  formatBuildTime,
  formatCountdown,
  grownValue,
  waitEstimate,
  waitEstimateText,
} from './economy-format';

describe('formatBuildTime', () => {
  it.each([
    [0, '0s'],
    [45, '45s'],
    [60, '1m 0s'],
    [125, '2m 5s'],
    [3600, '1h 0m'],
    [3725, '1h 2m'],
    [86400, '1j 0h'],
    [90061, '1j 1h'],
  ])('shows %i seconds as %s', (seconds, text) => {
    expect(formatBuildTime(seconds)).toBe(text);
  });

  it('rounds a fractional second up so a short build never reads 0s', () => {
    expect(formatBuildTime(0.4)).toBe('1s');
  });
});

describe('formatCountdown', () => {
  it('shows hours, minutes and seconds on two digits, with days in j', () => {
    expect(formatCountdown(3723)).toBe('01:02:03');
    expect(formatCountdown(90061)).toBe('1j 01:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });
});

describe('waitEstimate', () => {
  const stocks = [
    { resourceId: 1, value: 100, perHour: 60 },
    { resourceId: 2, value: 50, perHour: 30 },
    { resourceId: 3, value: 0, perHour: 0 },
  ];

  it('is ready when every cost is covered', () => {
    expect(waitEstimate([{ resourceId: 1, amount: 100 }], stocks)).toEqual({ kind: 'ready' });
  });

  it('waits for the slowest missing resource at its production per hour', () => {
    const estimate = waitEstimate(
      [
        { resourceId: 1, amount: 160 },
        { resourceId: 2, amount: 110 },
      ],
      stocks,
    );
    expect(estimate).toEqual({ kind: 'wait', seconds: 7200 });
    expect(waitEstimateText(estimate, 'maintenant')).toBe('2h 0m');
  });

  it("adds '(+24h)' when the missing amount takes more than a day to produce", () => {
    const estimate = waitEstimate([{ resourceId: 1, amount: 100 + 60 * 30 }], stocks);
    expect(estimate.kind).toBe('beyond-day');
    expect(waitEstimateText(estimate, 'now')).toBe('1j 6h (+24h)');
  });

  it("shows '(~)' when a missing resource has no production", () => {
    const estimate = waitEstimate([{ resourceId: 3, amount: 10 }], stocks);
    expect(waitEstimateText(estimate, 'now')).toBe('(~)');
  });

  it('treats a resource absent from the planet as missing with no production', () => {
    expect(waitEstimate([{ resourceId: 9, amount: 1 }], stocks)).toEqual({ kind: 'no-production' });
  });
});

describe('clampPercent', () => {
  it('keeps the progress between 0 and 100 percent', () => {
    expect(clampPercent(50, 200)).toBe(25);
    expect(clampPercent(300, 200)).toBe(100);
    expect(clampPercent(-10, 200)).toBe(0);
    expect(clampPercent(10, 0)).toBe(0);
  });
});

describe('grownValue', () => {
  it('grows by production per second times the elapsed seconds, capped at the maximum', () => {
    expect(grownValue(100, 2, 1000, 5)).toBe(110);
    expect(grownValue(995, 2, 1000, 5)).toBe(1000);
  });

  it('leaves a value already above the maximum where it is', () => {
    expect(grownValue(1200, 2, 1000, 5)).toBe(1200);
  });
});
