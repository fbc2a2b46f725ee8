import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { DomainError } from '../errors.js';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isJson(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

function originAllowed(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CSRF defence for cookie sessions: a cross-site form can neither send `application/json` nor
 * forge the Origin header of a browser. Registered inside the API's scope, so it applies to every
 * mutation routed there, however the path was spelled (`/%61pi/...` is routed like `/api/...`).
 */
export function mutationGuard(allowedOrigins: readonly string[]) {
  return function guard(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (!MUTATIONS.has(request.method)) {
      done();
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.headers.host, allowedOrigins)) {
      done(new DomainError('FORBIDDEN', { message: 'Origin not allowed' }));
      return;
    }
    done(isJson(request.headers['content-type']) ? undefined : new DomainError('UNSUPPORTED_MEDIA_TYPE'));
  };
}
