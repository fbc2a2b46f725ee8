import { z } from 'zod';
import { ERROR_KEYS, type ErrorKey } from './errors.js';

/** Every success body is `{ data }`; pages add `meta`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export const pageMetaSchema = z.object({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(100),
  total: z.number().int().min(0),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** ISO 8601 UTC with a `Z`, as every timestamp of the API. */
export const timestampSchema = z.iso.datetime();

/** Ids are PostgreSQL `integer` columns: a larger number must fail validation, not the query. */
export const MAX_ID = 2_147_483_647;

/**
 * A whole number as a path or query string carries it: strictly decimal digits without a sign, a
 * leading zero, spaces, a fraction or an exponent (`16`, never `0x10`, `1e1`, `+16`, `016` or
 * `16.0`, which number coercion would all read as some number), from `min` to `max` (at most
 * MAX_ID). Every numeric path and query parameter uses it.
 */
export function decimalStringSchema(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,9})$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** An id (1 to MAX_ID) in a path or query string. Every id parameter uses it. */
export const idStringSchema = decimalStringSchema(1, MAX_ID);

/** The largest page a list answers. */
export const PAGE_LIMIT_MAX = 100;

/** `offset` and `limit` of every list, as strict decimals (`limit=1e1` is refused, not read as 10). */
export const paginationQueryShape = {
  offset: decimalStringSchema(0, MAX_ID).default(0),
  limit: decimalStringSchema(1, PAGE_LIMIT_MAX).default(25),
};

export const paginationQuerySchema = z.object(paginationQueryShape);
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const idParamSchema = z.object({ id: idStringSchema });

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.number().int(),
  i18n_comment: z.enum(ERROR_KEYS as [ErrorKey, ...ErrorKey[]]),
  fields: z.record(z.string(), z.string()).optional(),
});

/** Answer of calls whose only outcome is success (logout, refresh). */
export const okSchema = envelope(z.object({ ok: z.literal(true) }));
export type OkResponse = z.infer<typeof okSchema>;

/**
 * Characters that reorder or hide text without showing themselves: bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069, U+061C), zero-width spaces, joiners and
 * marks (U+200B-U+200F), line and paragraph separators (U+2028, U+2029), the word joiner and
 * invisible operators (U+2060-U+2064), the byte order mark (U+FEFF). A name shown to other
 * players must not carry them: U+202E makes a name read backwards, U+200B makes two names look alike.
 */
export const HIDDEN_FORMATTING_CHARACTERS =
  /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Whether a player-visible name is free of characters that reorder or hide text. */
export function isVisibleText(text: string): boolean {
  return !HIDDEN_FORMATTING_CHARACTERS.test(text);
}
