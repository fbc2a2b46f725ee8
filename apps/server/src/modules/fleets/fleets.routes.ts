import {
  fleetIdParamsSchema,
  fleetListResponseSchema,
  fleetOrderBodySchema,
  fleetPreviewResponseSchema,
  fleetResponseSchema,
  reportResponseSchema,
} from '@starhold/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext, AppInstance } from '../../context.js';
import { DomainError } from '../../errors.js';
import { sessionOf } from '../../http/session.js';
import { economyDeps } from '../economy/index.js';
import { createFleetsService, FLEET_EVENT_RETRY_AFTER_S } from './fleets.service.js';

/** FLEET_EVENT_PENDING is transient: its 503 says when to try again (decision 175). */
async function retryAfter<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof DomainError && error.key === 'FLEET_EVENT_PENDING')
      void reply.header('retry-after', String(FLEET_EVENT_RETRY_AFTER_S));
    throw error;
  }
}

/** /me/fleets and /me/reports (API.md "Fleets, accounts and operators"). */
export function fleetsRoutes(app: AppInstance, ctx: AppContext): void {
  const service = createFleetsService(economyDeps(ctx));
  const tags = ['fleets'];
  const params = fleetIdParamsSchema;
  const body = fleetOrderBodySchema;

  app.post(
    '/me/fleets/preview',
    { schema: { tags, body, response: { 200: fleetPreviewResponseSchema } } },
    async (request) => ({
      data: await service.preview(sessionOf(request).accountId, ctx.clock(), request.body),
    }),
  );

  app.post(
    '/me/fleets',
    { schema: { tags, body, response: { 201: fleetResponseSchema } } },
    async (request, reply) => {
      const fleet = await retryAfter(
        reply,
        service.dispatch(sessionOf(request).accountId, ctx.clock(), request.body),
      );
      return reply.code(201).send({ data: fleet });
    },
  );

  app.get(
    '/me/fleets',
    { schema: { tags, response: { 200: fleetListResponseSchema } } },
    async (request) => ({
      data: await service.list(sessionOf(request).accountId, ctx.clock()),
    }),
  );

  app.get(
    '/me/fleets/:id',
    { schema: { tags, params, response: { 200: fleetResponseSchema } } },
    async (request) => ({
      data: await service.get(sessionOf(request).accountId, ctx.clock(), request.params.id),
    }),
  );

  app.post(
    '/me/fleets/:id/recall',
    { schema: { tags, params, response: { 200: fleetResponseSchema } } },
    async (request, reply) => ({
      data: await retryAfter(
        reply,
        service.recall(sessionOf(request).accountId, ctx.clock(), request.params.id),
      ),
    }),
  );

  app.get(
    '/me/reports/:id',
    { schema: { tags: ['reports'], params, response: { 200: reportResponseSchema } } },
    async (request) => ({ data: await service.report(sessionOf(request).accountId, request.params.id) }),
  );
}
