import {
  routeParamsSchema,
  routeQuerySchema,
  routeResponseSchema,
  systemDetailResponseSchema,
  systemIdParamsSchema,
  systemsMapResponseSchema,
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
      const listed = await systems.listBody(sessionOf(request).accountId, encoding);
      return sendCached(request.headers['if-none-match'], reply, listed, encoding);
    },
  );

  // Registered before /systems/:id: a static segment wins over a parameter in Fastify's router.
  app.get(
    '/systems/map',
    {
      // The star map's view of the list, in columns (decision 185): sent as bytes built once per
      // process with the caller's `own` column appended.
      schema: { tags: ['systems'], response: { 200: systemsMapResponseSchema } },
    },
    async (request, reply) => {
      const encoding = acceptsGzip(request.headers['accept-encoding']) ? 'gzip' : 'identity';
      const listed = await systems.mapBody(sessionOf(request).accountId, encoding);
      return sendCached(request.headers['if-none-match'], reply, listed, encoding);
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

/**
 * Private: has_own_planet (or `own`) is the caller's. Revalidated on every visit, and answered with
 * 304 when unchanged, so the browser keeps its copy instead of downloading it again. The typed
 * reply only takes the schema's object; bytes and an empty 304 go through the untyped one.
 */
function sendCached(
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
  listed: { pieces: readonly Buffer[]; etag: string },
  encoding: 'gzip' | 'identity',
): FastifyReply | undefined {
  const { etag } = listed;
  reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return reply.code(304).send();
  if (encoding === 'gzip') reply.header('content-encoding', 'gzip');
  reply.type('application/json; charset=utf-8');
  const { pieces } = listed;
  if (pieces.length === 1) return reply.send(pieces[0]);
  return sendPieces(reply, pieces);
}

/**
 * A body made of several pieces of the process's shared bytes, written to the socket as they are
 * (one writev) instead of concatenated into a new buffer per request (decision 164): the reply is
 * hijacked after the hooks that set headers have run, its headers are written as Fastify would,
 * and the onResponse hooks (metrics, logs) still run when the response finishes.
 */
function sendPieces(reply: FastifyReply, pieces: readonly Buffer[]): undefined {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  reply.header('content-length', length);
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) res.setHeader(name, value);
  res.writeHead(reply.statusCode);
  if (reply.request.method === 'HEAD') {
    res.end();
    return undefined;
  }
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
  return undefined;
}

/** If-None-Match against one strong ETag: `*`, or a listed tag equal to it (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
