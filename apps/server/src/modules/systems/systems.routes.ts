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
import { acceptsGzip } from '../../http/switchable-gzip.js';
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
      // Browsers take gzip: 30 KB instead of 151 KB, compressed once per process (decision 126).
      const encoding = acceptsGzip(request.headers['accept-encoding']) ? 'gzip' : 'identity';
      const { body, etag } = await systems.listBody(sessionOf(request).accountId, encoding);
      // Private: has_own_planet is the caller's. Revalidated on every visit, and answered with 304
      // when unchanged, so the browser keeps its copy instead of downloading it again.
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('vary', 'accept-encoding');
      // The typed reply only takes the schema's object; bytes and an empty 304 go through the untyped one.
      const untyped: FastifyReply = reply;
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return untyped.code(304).send();
      if (encoding === 'gzip') untyped.header('content-encoding', 'gzip');
      return untyped.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/systems/:id',
    {
      schema: {
        tags: ['systems'],
        params: systemIdParamsSchema,
        response: { 200: systemDetailResponseSchema },
      },
    },
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
    async (request) => ({
      data: await systems.route(request.params.from, request.params.to, request.query.prefer),
    }),
  );
}

/** If-None-Match against one strong ETag: `*`, or a listed tag equal to it (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
