/** Scale, printing and seeded randomness shared by the process-level battery. */

/** RELIABILITY_FULL=1 runs every figure at the full size (longer than CI's budget). */
export const FULL = process.env.RELIABILITY_FULL === '1';

/** Figures are printed on one greppable line each; docs/reliability.md quotes them. */
export function printFigure(name: string, value: string): void {
  console.log(`[reliability] ${name}: ${value}`);
}

/** A small seeded generator (mulberry32): the same seed replays the same load. */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
