import {
  routeParamsSchema,
  routeQuerySchema,
  routeResponseSchema,
  systemDetailResponseSchema,
  systemIdParamsSchema,
  systemsResponseSchema,
} from '@starhold/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../context.js';
import { sessionOf } from '../../http/session.js';
import type { SystemsService } from './systems.service.js';

export function systemsRoutes(app: AppInstance, systems: SystemsService): void {
  app.get(
    '/systems',
    {
      // The schema documents the body; the route sends bytes serialised once per process (the list
      // was checked against the contract when cached), so no serializer runs per call.
      schema: { tags: ['systems'], response: { 200: systemsResponseSchema } },
    },
    async (request, reply) => {
      const { body, etag } = await systems.listBody(sessionOf(request).accountId);
      // Private: has_own_planet is the caller's. Revalidated on every visit, and answered with 304
      // when unchanged, so the browser keeps its 158 KB copy instead of downloading it again.
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      // The typed reply only takes the schema's object; bytes and an empty 304 go through the untyped one.
      const untyped: FastifyReply = reply;
      if (request.headers['if-none-match'] === etag) return untyped.code(304).send();
      return untyped.type('application/json; charset=utf-8').send(body);
    },
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
