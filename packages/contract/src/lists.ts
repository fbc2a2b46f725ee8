import { z } from 'zod';
import { envelope } from './common.js';

export const PLAYABLE_RACES = [
  { id: 1, name: 'human' },
  { id: 2, name: 'insectoid' },
] as const;

export const raceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Race = z.infer<typeof raceSchema>;

export const racesResponseSchema = envelope(z.array(raceSchema));
export type RacesResponse = z.infer<typeof racesResponseSchema>;

/** Stable keys of every race id, including the non-playable NPC race 3. */
export const RACE_NAMES: Record<number, string> = { 1: 'human', 2: 'insectoid', 3: 'nomad' };
