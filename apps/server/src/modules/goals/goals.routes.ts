import {
  claimGoalResponseSchema,
  goalsResponseSchema,
  idleAlertsResponseSchema,
  ModuleIdParamsSchema,
  queueForecastBodySchema,
  queueForecastResponseSchema,
  queueForecastsResponseSchema,
} from '@starhold/contract';
import type { AppContext, AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import { economyDeps } from '../economy/index.js';
import { createGoalsService } from './goals.service.js';

/**
 * GET /me/goals, POST /me/goals/{id}/claim, GET /me/alerts (the bell's idle alerts),
 * GET /me/queue-forecast (waiting levels) and POST /me/queue-forecast (one level not queued yet).
 */
export function goalsRoutes(app: AppInstance, ctx: AppContext): void {
  const service = createGoalsService(economyDeps(ctx));
  const tags = ['goals'];

  app.get('/me/goals', { schema: { tags, response: { 200: goalsResponseSchema } } }, async (request) => ({
    data: await service.list(sessionOf(request).accountId, ctx.clock()),
  }));

  app.post(
    '/me/goals/:id/claim',
    { schema: { tags, params: ModuleIdParamsSchema, response: { 200: claimGoalResponseSchema } } },
    async (request) => ({
      data: await service.claim(sessionOf(request).accountId, ctx.clock(), request.params.id),
    }),
  );

  app.get(
    '/me/alerts',
    { schema: { tags, response: { 200: idleAlertsResponseSchema } } },
    async (request) => ({
      data: await service.alerts(sessionOf(request).accountId, ctx.clock()),
    }),
  );

  app.get(
    '/me/queue-forecast',
    { schema: { tags, response: { 200: queueForecastsResponseSchema } } },
    async (request) => ({
      data: await service.forecasts(sessionOf(request).accountId, ctx.clock()),
    }),
  );

  app.post(
    '/me/queue-forecast',
    { schema: { tags, body: queueForecastBodySchema, response: { 200: queueForecastResponseSchema } } },
    async (request) => ({
      data: await service.forecastQueueing(sessionOf(request).accountId, ctx.clock(), request.body),
    }),
  );
}
