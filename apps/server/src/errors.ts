import { ERROR_CATALOGUE, type ErrorBody, type ErrorKey } from '@starhold/contract';
import type { Refusal, RefusalReason, Result } from '@starhold/rules';

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

/** The API error of each refusal of the rules engine. */
const REFUSAL_KEYS: Record<RefusalReason, ErrorKey> = {
  UNKNOWN_MODULE: 'NOT_FOUND',
  UNKNOWN_PLANET: 'NOT_FOUND',
  INVALID_QUANTITY: 'VALIDATION_ERROR',
  INVALID_DURATION: 'VALIDATION_ERROR',
  QUEUE_FULL: 'QUEUE_FULL',
  REQUIREMENTS_NOT_MET: 'REQUIREMENTS_NOT_MET',
  CAPACITY_FULL: 'CAPACITY_FULL',
  LEVEL_ZERO: 'LEVEL_ZERO',
  PENDING_LEVELS: 'PENDING_LEVELS',
  NOTHING_TO_CANCEL: 'NOTHING_TO_CANCEL',
  NOT_CANCELLABLE: 'NOT_CANCELLABLE',
  INSUFFICIENT_RESOURCES: 'INSUFFICIENT_RESOURCES',
  INSUFFICIENT_NMI: 'INSUFFICIENT_NMI',
};

export function refusalError(refusal: Refusal): DomainError {
  return new DomainError(REFUSAL_KEYS[refusal.reason], { message: refusal.message });
}

/** The value of an action, or the API error of its refusal (thrown, so the transaction rolls back). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw refusalError(result);
  return result.value;
}
