import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import type { AuthContext } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook of the protected scope; null elsewhere. */
    auth: AuthContext | null;
  }
}

/** The caller's session inside a protected route. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHORIZED');
  return request.auth;
}
