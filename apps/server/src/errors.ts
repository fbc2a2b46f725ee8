import { ERROR_CATALOGUE, type ErrorBody, type ErrorKey } from '@starhold/contract';

/**
 * The one error type that services throw: the error handler turns it into the contract's body
 * with the catalogue's status and code.
 */
export class DomainError extends Error {
  readonly key: ErrorKey;
  readonly fields: Record<string, string> | undefined;

  constructor(key: ErrorKey, options: { message?: string; fields?: Record<string, string> } = {}) {
    super(options.message ?? ERROR_CATALOGUE[key].en);
    this.name = 'DomainError';
    this.key = key;
    this.fields = options.fields;
  }

  get status(): number {
    return ERROR_CATALOGUE[this.key].status;
  }
}

export function errorBody(key: ErrorKey, message?: string, fields?: Record<string, string>): ErrorBody {
  const entry = ERROR_CATALOGUE[key];
  return {
    message: message ?? entry.en,
    code: entry.code,
    i18n_comment: key,
    ...(fields ? { fields } : {}),
  };
}
