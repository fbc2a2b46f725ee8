import type { ErrorBody } from '@starhold/contract';
import type { ToastInput } from './toasts';

export const API_BASE_PATH = '/api/v1';
export const DEFAULT_TIMEOUT_MS = 5000;
export const AUTH_TIMEOUT_MS = 10000;

/** Client-side failures have no server code; 0 marks them in the toast text. */
export const CLIENT_ERROR_CODE = 0;

export type ErrorI18nKey = string;

/** A failed call: HTTP status (0 when no response), the catalogue key and the server code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly i18nKey: ErrorI18nKey;
  readonly fields: Record<string, string> | undefined;
  /** Seconds the answer's Retry-After header asks to wait (429, 503); undefined without one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    body: Pick<ErrorBody, 'message' | 'code' | 'fields'> & { i18n_comment: string },
    retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.i18nKey = body.i18n_comment;
    this.fields = body.fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A Retry-After header in seconds: delay-seconds as given, an HTTP date as the seconds left until
 * it (0 once past); undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month; Date.parse alone would take '-3' for a year.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The session could not be refreshed; the user is being sent to the login page. */
export class SessionEndedError extends ApiError {
  override readonly name = 'SessionEndedError';
}

export interface Envelope<T> {
  data: T;
  meta?: { offset: number; limit: number; total: number };
}

export interface Parser<T> {
  parse(value: unknown): T;
}

export interface RequestOptions<T = unknown> {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** No error toast: the caller shows the failure itself. */
  silent?: boolean;
  /** Validates the `data` of the answer (a zod schema from @starhold/contract fits). */
  schema?: Parser<T>;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  notify: (toast: ToastInput) => void;
  translate: (key: string) => string;
  /** Called when the session cannot be refreshed: the app sends the user to /login. */
  onUnauthenticated: () => void;
  basePath?: string;
  /**
   * The answer of a GET the page already sent for `path` (lib/early-requests.ts), or undefined.
   * Resolves to null when that answer cannot be used as it is: the client then sends the call.
   */
  takeEarly?: (path: string) => Promise<Response | null> | undefined;
  /** Takes refreshes in turn with the browser's other tabs (lib/refresh-coordinator.ts). */
  coordinateRefresh?: (refresh: () => Promise<boolean>, callSentAt: number) => Promise<boolean>;
  now?: () => number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const NO_REFRESH_PATHS = ['/auth/login', '/auth/register', '/auth/refresh'];

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.i18n_comment === 'string' && typeof candidate.code === 'number';
}

function buildUrl(basePath: string, path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${basePath}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ApiClientDeps) {
  const basePath = deps.basePath ?? API_BASE_PATH;
  let refreshing: Promise<boolean> | undefined;

  async function send(method: Method, path: string, options: RequestOptions<unknown>): Promise<Response> {
    const timeout = path.startsWith('/auth/') ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller);
    try {
      return await deps.fetch(buildUrl(basePath, path, options.query), {
        method,
        credentials: 'include',
        // The server requires JSON content on every mutating call, payload or not (API.md).
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body:
          options.body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (cause) {
      if (timedOut) {
        throw new ApiError(0, {
          message: 'Request timed out',
          code: CLIENT_ERROR_CODE,
          i18n_comment: 'TIMEOUT_ERROR',
        });
      }
      if (options.signal?.aborted) throw cause;
      throw new ApiError(0, {
        message: 'Network failure',
        code: CLIENT_ERROR_CODE,
        i18n_comment: 'NETWORK_ERROR',
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  async function errorFrom(response: Response, ErrorClass: typeof ApiError = ApiError): Promise<ApiError> {
    const body: unknown = await response.json().catch(() => undefined);
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), now());
    if (isErrorBody(body)) return new ErrorClass(response.status, body, retryAfter);
    return new ErrorClass(
      response.status,
      { message: response.statusText, code: response.status, i18n_comment: 'DEFAULT_ERROR' },
      retryAfter,
    );
  }

  const now = deps.now ?? (() => Date.now());

  /** One refresh shared by every call of this tab that met a 401 at the same time. */
  function refreshSession(callSentAt: number): Promise<boolean> {
    const refresh = () =>
      send('POST', '/auth/refresh', {})
        .then((response) => response.ok)
        .catch(() => false);
    refreshing ??= (deps.coordinateRefresh ? deps.coordinateRefresh(refresh, callSentAt) : refresh()).finally(
      () => {
        refreshing = undefined;
      },
    );
    return refreshing;
  }

  function toast(error: ApiError): void {
    deps.notify({
      type: 'error',
      title: deps.translate('common:error.title'),
      message: `${deps.translate(`errors:${error.i18nKey}`)} (code: ${error.code})`,
    });
  }

  async function request<T>(
    method: Method,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<Envelope<T>> {
    try {
      const sentAt = now();
      const early = method === 'GET' && options.query === undefined ? deps.takeEarly?.(path) : undefined;
      let response = (early ? await early : null) ?? (await send(method, path, options));
      if (response.status === 401 && !NO_REFRESH_PATHS.includes(path)) {
        if (!(await refreshSession(sentAt))) {
          deps.onUnauthenticated();
          // The redirect to the login page is the feedback; an error toast would only repeat it.
          throw await errorFrom(response, SessionEndedError);
        }
        response = await send(method, path, options);
        if (response.status === 401) {
          deps.onUnauthenticated();
          throw await errorFrom(response, SessionEndedError);
        }
      }
      if (!response.ok) throw await errorFrom(response);
      if (response.status === 204) return { data: undefined as T };
      const envelope = (await response.json()) as Envelope<unknown>;
      return {
        ...envelope,
        data: options.schema ? options.schema.parse(envelope.data) : (envelope.data as T),
      };
    } catch (error) {
      if (error instanceof ApiError && !(error instanceof SessionEndedError) && !options.silent) toast(error);
      throw error;
    }
  }

  return {
    request,
    get: async <T>(path: string, options?: RequestOptions<T>) =>
      (await request<T>('GET', path, options)).data,
    post: async <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
      (await request<T>('POST', path, { ...options, body })).data,
    put: async <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
      (await request<T>('PUT', path, { ...options, body })).data,
    del: async <T>(path: string, options?: RequestOptions<T>) =>
      (await request<T>('DELETE', path, options)).data,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
