import { ERROR_CATALOGUE, FIELD_ERRORS, type ErrorKey } from '@starhold/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, errorBody } from '../errors.js';

const FIELD_KEYS = new Set<string>(Object.values(FIELD_ERRORS));

/** Framework errors that are the client's fault, by Fastify error code. */
const FASTIFY_CODES: Record<string, ErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION_ERROR',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION_ERROR',
};

const BY_STATUS: Record<number, ErrorKey> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

function validationFields(error: {
  validation: { instancePath: string; message?: string }[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (name === '' || name in fields) continue;
    fields[name] = issue.message && FIELD_KEYS.has(issue.message) ? issue.message : 'INVALID';
  }
  return fields;
}

/** The single translation of every error into the contract's body; 5xx bodies say nothing more. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    return reply.code(error.status).send(errorBody(error.key, error.message, error.fields));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = validationFields(error);
    return reply
      .code(400)
      .send(errorBody('VALIDATION_ERROR', undefined, Object.keys(fields).length > 0 ? fields : undefined));
  }
  const byCode = error.code ? FASTIFY_CODES[error.code] : undefined;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  const key = byCode ?? (error instanceof SyntaxError ? 'VALIDATION_ERROR' : BY_STATUS[status]);
  if (key && status < 500) {
    return reply.code(ERROR_CATALOGUE[key].status).send(errorBody(key));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody('SERVER_ERROR'));
}
