import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * forge the Origin header of a browser. Applies to every mutation of the API.
 */
export function mutationGuard(allowedOrigins: readonly string[]) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!MUTATIONS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.headers.host, allowedOrigins)) {
      throw new DomainError('FORBIDDEN', { message: 'Origin not allowed' });
    }
    if (!isJson(request.headers['content-type'])) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
  };
}
