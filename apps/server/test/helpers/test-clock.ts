/** A settable clock for tests: `clock()` reads it, `advance` and `set` move it. */
export interface TestClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export const TEST_EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

export function createTestClock(start: number = TEST_EPOCH): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}
