import { z } from 'zod';

/**
 * What GET /me/events pushes to a browser tab: small on purpose (kind and ids), the tab refetches
 * the details. Written once here for the server that sends and the web app that listens.
 */
export const liveEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('construction_finished'),
    planet_id: z.number(),
    type_id: z.number(),
    module_id: z.number(),
    level: z.number(),
  }),
  z.object({
    kind: z.literal('research_finished'),
    planet_id: z.number(),
    module_id: z.number(),
    level: z.number(),
  }),
  z.object({
    kind: z.literal('construction_dropped'),
    planet_id: z.number(),
    type_id: z.number(),
    module_id: z.number(),
    level: z.number(),
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('units_delivered'),
    planet_id: z.number(),
    type_id: z.number(),
    module_id: z.number(),
    count: z.number(),
  }),
  z.object({ kind: z.literal('commandant_expired'), commandant_id: z.number() }),
  z.object({ kind: z.literal('email_received'), count: z.number() }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventKind = LiveEvent['kind'];
