import { expect } from 'vitest';

/*
 * Vitest's asymmetric matchers are typed `any`; these give them the type `unknown`, so that the
 * expected objects of the suites stay checked by the no-unsafe-* rules.
 */
export const anyNumber: unknown = expect.any(Number);
export const anyString: unknown = expect.any(String);
export const anyBoolean: unknown = expect.any(Boolean);
export const anyArray: unknown = expect.any(Array);
export const anyObject: unknown = expect.any(Object);
export const stringContaining = (text: string): unknown => expect.stringContaining(text);
export const stringMatching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
export const objectContaining = (object: Record<string, unknown>): unknown => expect.objectContaining(object);

/** The error body of the contract (errorBodySchema), as the suites read it. */
export interface ErrorBody {
  message: string;
  code: number;
  i18n_comment: string;
  fields?: Record<string, string>;
}
