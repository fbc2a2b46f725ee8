import {
  PLAYER_SEARCH_LIMIT,
  playerSearchQuerySchema,
  playerSearchResponseSchema,
  type PlayerSearchHit,
} from '@starhold/contract';
import { sql } from 'kysely';
import type { AppContext, AppInstance } from '../../context.js';

/** `%`, `_` and the escape character itself match literally in the LIKE pattern. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The header search's players (issue 26): usernames starting with `q`, case-insensitive,
 * suspended accounts left out as in the leaderboard (decision 100). Systems and modules are found
 * in the browser.
 */
export function searchRoutes(app: AppInstance, ctx: AppContext): void {
  app.get(
    '/search/players',
    {
      schema: {
        tags: ['search'],
        querystring: playerSearchQuerySchema,
        response: { 200: playerSearchResponseSchema },
      },
    },
    async (request): Promise<{ data: PlayerSearchHit[] }> => {
      const rows = await ctx.db
        .selectFrom('accounts')
        .select(['id', 'username', 'race_id'])
        .where('suspended_at', 'is', null)
        .where(sql<boolean>`username_lower like ${likePrefix(request.query.q.toLowerCase())} escape '\\'`)
        .orderBy('username_lower')
        .orderBy('id')
        .limit(PLAYER_SEARCH_LIMIT)
        .execute();
      return { data: rows.map((row) => ({ id: row.id, username: row.username, race: { id: row.race_id } })) };
    },
  );
}
