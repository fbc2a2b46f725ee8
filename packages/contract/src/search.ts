import { z } from 'zod';
import { envelope } from './common.js';

/** Longest name a player can type in the header search: a username is at most 20 characters. */
export const PLAYER_SEARCH_MAX = 20;
export const PLAYER_SEARCH_LIMIT = 8;

/**
 * GET /search/players?q=: players whose username starts with `q` (case-insensitive), for the
 * header search. Systems and modules are searched in the browser (the systems list is cached,
 * the modules are the catalogue).
 */
export const playerSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1).max(PLAYER_SEARCH_MAX),
});
export type PlayerSearchQuery = z.infer<typeof playerSearchQuerySchema>;

export const playerSearchHitSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  race: z.object({ id: z.number().int() }),
});
export type PlayerSearchHit = z.infer<typeof playerSearchHitSchema>;

/** At most PLAYER_SEARCH_LIMIT hits, usernames in alphabetical order (case-insensitive). */
export const playerSearchResponseSchema = envelope(z.array(playerSearchHitSchema).max(PLAYER_SEARCH_LIMIT));
export type PlayerSearchResponse = z.infer<typeof playerSearchResponseSchema>;
