/** The one place the web app reads the wall clock; everything else receives a Clock. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
