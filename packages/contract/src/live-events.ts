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
  // Fleets (FLEETS.md section 8): both sides are told as events happen; the tab refetches the
  // fleets, the planet and the emails, and the email links the report.
  /** An attack or spy fleet of another player left for one of the player's planets. */
  z.object({
    kind: z.literal('hostile_fleet_departed'),
    fleet_id: z.number(),
    mission: z.number(),
    system_id: z.number(),
    orbit: z.number(),
    arrives_at: z.string(),
  }),
  /**
   * A fleet reached its target without a fight: `notice` is the email's key
   * (`transport_delivered`, to the sender and the recipient, `spy_report`, `debris_collected`,
   * `colonization_failed`).
   */
  z.object({
    kind: z.literal('fleet_arrived'),
    fleet_id: z.number(),
    owner_id: z.number(),
    notice: z.string(),
  }),
  z.object({ kind: z.literal('fleet_returned'), fleet_id: z.number(), planet_id: z.number() }),
  /** An attack fought at a planet (both sides), or nomad pirates who ambushed the player's fleet. */
  z.object({
    kind: z.literal('fleet_combat'),
    fleet_id: z.number(),
    owner_id: z.number(),
    /** Whether the player is the defender (the planet attacked, or the ambushed fleet). */
    defending: z.boolean(),
    pirates: z.boolean(),
    winner: z.enum(['attacker', 'defender', 'draw']),
  }),
  z.object({
    kind: z.literal('fleet_spied_on'),
    fleet_id: z.number(),
    planet_id: z.number(),
    detected: z.boolean(),
  }),
  z.object({ kind: z.literal('colony_founded'), fleet_id: z.number(), planet_id: z.number() }),
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventKind = LiveEvent['kind'];
