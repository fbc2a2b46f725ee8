import {
  routeParamsSchema,
  routeQuerySchema,
  routeResponseSchema,
  systemDetailResponseSchema,
  systemIdParamsSchema,
  systemsResponseSchema,
} from '@starhold/contract';
import type { AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import type { SystemsService } from './systems.service.js';

export function systemsRoutes(app: AppInstance, systems: SystemsService): void {
  app.get(
    '/systems',
    {
      schema: { tags: ['systems'], response: { 200: systemsResponseSchema } },
      // The list was checked against systemListItemSchema once, when the universe was cached, and
      // only the boolean has_own_planet varies: re-encoding 1,000 items through zod cost ~11 ms a call.
      serializerCompiler: () => (payload) => JSON.stringify(payload),
    },
    async (request) => ({ data: await systems.list(sessionOf(request).accountId) }),
  );

  app.get(
    '/systems/:id',
    { schema: { tags: ['systems'], params: systemIdParamsSchema, response: { 200: systemDetailResponseSchema } } },
    async (request) => ({ data: await systems.detail(sessionOf(request).accountId, request.params.id) }),
  );

  app.get(
    '/systems/:from/:to',
    {
      schema: {
        tags: ['systems'],
        params: routeParamsSchema,
        querystring: routeQuerySchema,
        response: { 200: routeResponseSchema },
      },
    },
    async (request) => ({ data: await systems.route(request.params.from, request.params.to, request.query.prefer) }),
  );
}
