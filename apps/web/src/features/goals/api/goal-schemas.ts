/** The goals' answers' schemas, in a chunk of their own, loaded by goals.ts on first use. */
export {
  claimGoalResponseSchema,
  goalsResponseSchema,
  idleAlertsResponseSchema,
  queueForecastSchema,
  queueForecastsResponseSchema,
} from '@starhold/contract';
