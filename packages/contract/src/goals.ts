import { z } from 'zod';
import { envelope, timestampSchema } from './common.js';

/**
 * The first-hour goals (issue 26), the idle alerts of the header's bell and the forecast of
 * waiting queue levels. Goals answer in chain order (API.md "Goals"); a goal's key and screen are
 * stable keys the client translates and routes.
 */

export const GOAL_STATES = ['claimed', 'claimable', 'in_progress', 'locked'] as const;
export const GOAL_SCREENS = ['factories', 'buildings', 'research', 'ships', 'systems'] as const;

const amount = z.number().min(0);

export const goalRewardSchema = z.object({ metal: amount, crystal: amount, fuel: amount, nmi: amount });
export type GoalReward = z.infer<typeof goalRewardSchema>;

export const goalSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** claimed; claimable (done, reward waiting); in_progress (the chain's next step); locked (later). */
  state: z.enum(GOAL_STATES),
  done: z.boolean(),
  claimed: z.boolean(),
  /** The one goal the dashboard puts forward: a reward waiting first, else the goal in progress. */
  next: z.boolean(),
  progress: z.object({ current: z.number().int().min(0), target: z.number().int().min(1) }),
  reward: goalRewardSchema,
  /** The screen that does it, and the module to open there when there is one. */
  link: z.object({ screen: z.enum(GOAL_SCREENS), module_id: z.number().int().nullable() }),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalsResponseSchema = envelope(z.array(goalSchema));
export const claimGoalResponseSchema = envelope(goalSchema);

/** One alert of the bell; planets are named by id, index (to switch to it) and name. */
const alertPlanet = {
  planet_id: z.number().int(),
  planet_index: z.number().int().min(0),
  planet_name: z.string(),
};

export const idleAlertSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('storage_full'),
    ...alertPlanet,
    resource_id: z.number().int().min(1).max(3),
    /** When the hangar is full (already past when it is). */
    full_at: timestampSchema,
  }),
  z.object({ kind: z.literal('queue_empty'), ...alertPlanet }),
  z.object({ kind: z.literal('research_idle') }),
]);
export type IdleAlert = z.infer<typeof idleAlertSchema>;

export const idleAlertsResponseSchema = envelope(z.array(idleAlertSchema));

export const shortfallSchema = z.object({ metal: amount, crystal: amount, fuel: amount });

export const queueForecastSchema = z.object({
  /** The waiting item; null for an item not queued yet (the forecast of POST). */
  item_id: z.number().int().nullable(),
  planet_id: z.number().int(),
  type_id: z.number().int().min(1).max(5),
  module_id: z.number().int(),
  target_level: z.number().int(),
  /** When it starts; null when it would be dropped or its turn is beyond the forecast. */
  starts_at: timestampSchema.nullable(),
  drop_reason: z.enum(['INSUFFICIENT_RESOURCES', 'REQUIREMENTS_NOT_MET', 'CAPACITY_FULL']).nullable(),
  drops_at: timestampSchema.nullable(),
  /** What the planet would lack at its turn; null unless it lacks resources. */
  shortfall: shortfallSchema.nullable(),
});
export type QueueForecast = z.infer<typeof queueForecastSchema>;

export const queueForecastsResponseSchema = envelope(z.array(queueForecastSchema));

/** What queuing one more level of a factory (1), building (2) or research (5) on the focus planet would lead to. */
export const queueForecastBodySchema = z.strictObject({
  type_id: z.union([z.literal(1), z.literal(2), z.literal(5)]),
  module_id: z.number().int().min(1).max(1000),
});
export type QueueForecastBody = z.infer<typeof queueForecastBodySchema>;

export const queueForecastResponseSchema = envelope(queueForecastSchema);
