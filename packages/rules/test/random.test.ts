import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, firstDraw } from '../src/universe/random.js';

describe('firstDraw', () => {
  it("is the first number of the seed's stream, for any seed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (seed) => {
        expect(firstDraw(seed)).toBe(createRandom(seed).next());
      }),
      { numRuns: 2000 },
    );
  });

  it("is the first number of a pirate draw's stream (a fixed seed, a fixed number)", () => {
    const seed = 'fleet:1:100:1767225600000:pirates';
    expect(firstDraw(seed)).toBe(createRandom(seed).next());
    expect(firstDraw(seed)).not.toBe(createRandom(seed + 'x').next());
  });
});
