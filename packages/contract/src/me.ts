import { z } from 'zod';
import { envelope } from './common.js';
import { raceSchema } from './lists.js';

export const meSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  race: raceSchema,
  focus_planet_index: z.number().int().min(0),
  email_not_read_count: z.number().int().min(0),
  nmi: z.number(),
  total_points: z.number(),
  economy_points: z.number(),
  science_points: z.number(),
  military_points: z.number(),
  /** The server's game speed (productions multiplied, durations divided by it): the web app's level effects (decision 240). */
  game_speed: z.number().positive(),
  /** Present (true) only for operators: the web app shows the admin console (decision 220). */
  operator: z.literal(true).optional(),
});
export type Me = z.infer<typeof meSchema>;

export const meResponseSchema = envelope(meSchema);
export type MeResponse = z.infer<typeof meResponseSchema>;
