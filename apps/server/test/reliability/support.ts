/**
 * Shared pieces of the reliability battery. `npm test` runs it at a reduced size; `npm run
 * test:reliability` sets RELIABILITY_FULL=1 for the figures.
 */
import { errorBodySchema } from '@starhold/contract';
import { expect } from 'vitest';

export const FULL = process.env.RELIABILITY_FULL === '1';
export const BACKEND = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** The figure under RELIABILITY_FULL=1, a smaller one for `npm test`. */
export function scaled(full: number, quick: number): number {
  return FULL ? full : quick;
}

/** Figures are printed on one greppable line each; docs/reliability.md quotes them. */
export function printFigure(name: string, value: string): void {
  console.log(`[reliability] ${name} (${BACKEND}): ${value}`);
}

/** What must never reach a client: stack frames, file paths, SQL or driver messages. */
const LEAK =
  /(\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|SQLITE_|sqlite|postgres|syntax error at|violates|constraint)/i;

export function leaks(body: string): boolean {
  return LEAK.test(body);
}

/** Asserts one response is a client error in the contract's JSON format, and leaks nothing. */
export function expectContractError(
  status: number,
  contentType: string | undefined,
  body: string,
  context: string,
): void {
  expect(status, `${context}: ${body}`).toBeGreaterThanOrEqual(400);
  expect(status, `${context}: ${body}`).toBeLessThan(500);
  expect(contentType ?? '', context).toMatch(/^application\/json/);
  const parsed = errorBodySchema.safeParse(JSON.parse(body));
  expect(parsed.success, `${context}: ${body}`).toBe(true);
  expect(leaks(body), `${context}: ${body}`).toBe(false);
}

export function countStatuses(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
