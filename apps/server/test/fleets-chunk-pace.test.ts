import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_BUDGET_MS,
  ChunkPace,
  QUIET_CHUNK_BUDGET_MS,
  QUIET_YIELD_MS,
  QUIET_YIELDS,
} from '../src/modules/fleets/fleets.arrivals.js';

type Yield = [ms: number, readsUnderway: boolean];
const BUSY: Yield = [5, true];
const QUIET: Yield = [QUIET_YIELD_MS / 4, false];
const times = (count: number, item: Yield): Yield[] => Array.from({ length: count }, () => item);

/** Chunks that take 0.5 ms plus 0.25 ms an arrival, each followed by the given yield: the sizes chosen. */
function run(pace: ChunkPace, yields: readonly Yield[]): number[] {
  return yields.map(([ms, reads]) => pace.next(pace.size, 0.5 + pace.size * 0.25, ms, reads));
}

/** The SQLite arrival chunks' sizes (decisions 177 and 250). */
describe('ChunkPace', () => {
  it.each([
    // taken, elapsed ms, the next size while requests come in (a 2 ms budget), of at most 32
    [1, 0.5, 4],
    [1, 1.2, 1],
    [4, 2, 4],
    [10, 8, 2],
    [3, 0.1, 32],
    [0, 5, 1],
    [5, 0, 32],
  ])('%i arrivals in %f ms, requests coming in: %i next', (taken, elapsed, size) => {
    expect(new ChunkPace(32).next(taken, elapsed, ...BUSY)).toBe(size);
  });

  it(`keeps chunks of about ${CHUNK_BUDGET_MS} ms while requests come in`, () => {
    // 5 arrivals take 1.75 ms, 6 would take 2.
    expect(run(new ChunkPace(32), times(8, BUSY))).toEqual([2, 4, 5, 5, 5, 5, 5, 5]);
  });

  it(`takes ${QUIET_CHUNK_BUDGET_MS} ms chunks after ${QUIET_YIELDS} quiet yields in a row, not before`, () => {
    const pace = new ChunkPace(32);
    run(pace, times(8, BUSY));
    const sizes = run(pace, times(QUIET_YIELDS + 2, QUIET));
    expect(sizes.slice(0, QUIET_YIELDS - 1)).toEqual(Array(QUIET_YIELDS - 1).fill(5));
    // 29 arrivals take 7.75 ms.
    expect(sizes.slice(QUIET_YIELDS - 1)).toEqual([22, 29, 29]);
  });

  it('goes back to the short budget at the first yield that found requests, or a read on its way', () => {
    for (const busy of [
      [5, false],
      [QUIET[0], true],
    ] as Yield[]) {
      const pace = new ChunkPace(32);
      run(pace, times(QUIET_YIELDS + 4, QUIET));
      expect(pace.size).toBe(29);
      expect(run(pace, [busy])).toEqual([7]);
      // And counts its quiet yields from naught again (7 arrivals take 2.25 ms, 6 take 2).
      expect(run(pace, times(QUIET_YIELDS - 1, QUIET))).toEqual(Array(QUIET_YIELDS - 1).fill(6));
    }
  });

  it('never goes below one arrival nor above the largest, and at the last rate a chunk of more than one fits its budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0.001, max: 10, noNaN: true }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 20, noNaN: true }), fc.boolean()), { maxLength: 40 }),
        (largest, fixedMs, perArrivalMs, yields) => {
          const pace = new ChunkPace(largest);
          let quietInARow = 0;
          for (const [yieldMs, reads] of yields) {
            const taken = pace.size;
            const elapsed = fixedMs + taken * perArrivalMs;
            const size = pace.next(taken, elapsed, yieldMs, reads);
            quietInARow = yieldMs < QUIET_YIELD_MS && !reads ? quietInARow + 1 : 0;
            const budget = quietInARow >= QUIET_YIELDS ? QUIET_CHUNK_BUDGET_MS : CHUNK_BUDGET_MS;
            expect(size).toBeGreaterThanOrEqual(1);
            expect(size).toBeLessThanOrEqual(largest);
            if (size > 1) expect(size * (elapsed / taken)).toBeLessThanOrEqual(budget * (1 + 1e-9));
          }
        },
      ),
    );
  });
});
