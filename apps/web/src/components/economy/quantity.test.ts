import { describe, expect, it } from 'vitest';
import { normalizeQuantity } from './quantity';

describe('normalizeQuantity', () => {
  it.each([
    ['5', 5],
    ['abc', 1],
    ['', 1],
    ['0', 1],
    ['-3', 1],
    ['2.7', 2],
    [12, 12],
    [0, 1],
  ] as const)('turns %j into %i', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });
});
