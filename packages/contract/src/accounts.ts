import { z } from 'zod';
import { envelope, pageMetaSchema, paginationQuerySchema } from './common.js';

export const ACCOUNT_ORDER_BY = [
  'total_points',
  'economy_points',
  'science_points',
  'military_points',
  'username',
] as const;
export type AccountOrderBy = (typeof ACCOUNT_ORDER_BY)[number];

export const accountsQuerySchema = paginationQuerySchema.extend({
  order_by: z.enum(ACCOUNT_ORDER_BY).default('total_points'),
});
export type AccountsQuery = z.infer<typeof accountsQuerySchema>;

const raceRef = z.object({ id: z.number().int() });

const pointsShape = {
  total_points: z.number(),
  economy_points: z.number(),
  science_points: z.number(),
  military_points: z.number(),
};

/** One line of the ranking; `rank` is the place by total points (ties by account id). */
export const accountRankingRowSchema = z.object({
  id: z.number().int(),
  rank: z.number().int().min(1),
  username: z.string(),
  race: raceRef,
  ...pointsShape,
  is_me: z.boolean(),
});
export type AccountRankingRow = z.infer<typeof accountRankingRowSchema>;

export const accountsPageSchema = z.object({ data: z.array(accountRankingRowSchema), meta: pageMetaSchema });
export type AccountsPage = z.infer<typeof accountsPageSchema>;

export const publicPlanetSchema = z.object({
  name: z.string(),
  index: z.number().int().min(0),
  system: z.object({ id: z.number().int(), name: z.string() }),
});
export type PublicPlanet = z.infer<typeof publicPlanetSchema>;

export const publicProfileSchema = z.object({
  id: z.number().int(),
  rank: z.number().int().min(1),
  username: z.string(),
  race: raceRef,
  ...pointsShape,
  is_me: z.boolean(),
  planets: z.array(publicPlanetSchema),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicProfileResponseSchema = envelope(publicProfileSchema);
