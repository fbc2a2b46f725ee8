import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, DEFAULT_TIMEOUT_MS, type ApiClientDeps } from './api-client';
import type { ToastInput } from './toasts';
import { requestUrl } from '../test/request-url';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthorized = () => json(401, { message: 'No session', code: 1003, i18n_comment: 'UNAUTHORIZED' });

const TEXTS: Record<string, string> = {
  'common:error.title': 'Erreur',
  'errors:UNAUTHORIZED': "Erreur d'authentification",
  'errors:NOT_FOUND': 'Ressource introuvable',
  'errors:CONNECTION_ERROR': 'Email ou mot de passe inconnu',
  'errors:TIMEOUT_ERROR': 'La requête a pris trop de temps',
  'errors:NETWORK_ERROR': 'Erreur de connexion au serveur',
  'errors:DEFAULT_ERROR': 'Un problème est survenu',
};

function setup(responses: Array<Response | ((init: RequestInit | undefined) => Promise<Response>)>) {
  const toasts: ToastInput[] = [];
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const onUnauthenticated = vi.fn();
  const fetchMock = vi.fn((url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: requestUrl(url), init });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected call to ${requestUrl(url)}`);
    return typeof next === 'function' ? next(init) : Promise.resolve(next);
  });
  const deps: ApiClientDeps = {
    fetch: fetchMock,
    notify: (toast) => toasts.push(toast),
    translate: (key) => TEXTS[key] ?? key,
    onUnauthenticated,
  };
  return { client: createApiClient(deps), toasts, calls, onUnauthenticated };
}

describe('api client', () => {
  it('sends credentials and JSON headers under /api/v1 and unwraps the data envelope', async () => {
    const { client, calls } = setup([json(200, { data: { id: 7 } })]);
    await expect(client.get('/me', { query: { offset: 0, limit: 10 } })).resolves.toEqual({ id: 7 });
    expect(calls[0]?.url).toBe('/api/v1/me?offset=0&limit=10');
    expect(calls[0]?.init?.credentials).toBe('include');
    expect(calls[0]?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends an empty JSON object on a POST without payload', async () => {
    const { client, calls } = setup([json(200, { data: { ok: true } })]);
    await client.post('/auth/logout');
    expect(calls[0]?.init?.body).toBe('{}');
  });

  it('refreshes the session once on a 401 and retries the original call', async () => {
    const { client, calls, toasts } = setup([
      unauthorized(),
      json(200, { data: { ok: true } }),
      json(200, { data: { id: 1 } }),
    ]);
    await expect(client.get('/me')).resolves.toEqual({ id: 1 });
    expect(calls.map((call) => `${call.init?.method} ${call.url}`)).toEqual([
      'GET /api/v1/me',
      'POST /api/v1/auth/refresh',
      'GET /api/v1/me',
    ]);
    expect(toasts).toEqual([]);
  });

  it('sends the user to login without a toast when the refresh also answers 401', async () => {
    const { client, calls, toasts, onUnauthenticated } = setup([unauthorized(), unauthorized()]);
    await expect(client.get('/me/planets')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  it('shares one refresh between calls that meet a 401 together', async () => {
    const { client, calls } = setup([
      unauthorized(),
      unauthorized(),
      json(200, { data: { ok: true } }),
      json(200, { data: 'a' }),
      json(200, { data: 'b' }),
    ]);
    await Promise.all([client.get('/me'), client.get('/me/planets')]);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('does not refresh on a failed login and toasts the login error', async () => {
    const { client, calls, toasts, onUnauthenticated } = setup([
      json(401, { message: 'Bad credentials', code: 1005, i18n_comment: 'CONNECTION_ERROR' }),
    ]);
    await expect(client.post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      code: 1005,
    });
    expect(calls).toHaveLength(1);
    expect(onUnauthenticated).not.toHaveBeenCalled();
    expect(toasts).toEqual([
      { type: 'error', title: 'Erreur', message: 'Email ou mot de passe inconnu (code: 1005)' },
    ]);
  });

  it("toasts 'Erreur' with the translated message and the server code", async () => {
    const { client, toasts } = setup([
      json(404, { message: 'Unknown planet', code: 1007, i18n_comment: 'NOT_FOUND' }),
    ]);
    await expect(client.get('/me/planet')).rejects.toMatchObject({ status: 404, i18nKey: 'NOT_FOUND' });
    expect(toasts).toEqual([
      { type: 'error', title: 'Erreur', message: 'Ressource introuvable (code: 1007)' },
    ]);
  });

  it('falls back to DEFAULT_ERROR with the HTTP status when the body is not an error body', async () => {
    const { client, toasts } = setup([new Response('<html>', { status: 502 })]);
    await expect(client.get('/me')).rejects.toMatchObject({ i18nKey: 'DEFAULT_ERROR', code: 502 });
    expect(toasts[0]?.message).toBe('Un problème est survenu (code: 502)');
  });

  it('lets a caller opt out of the toast', async () => {
    const { client, toasts } = setup([json(404, { message: 'x', code: 1007, i18n_comment: 'NOT_FOUND' })]);
    await expect(client.get('/me/emails', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it('reports NETWORK_ERROR when the server cannot be reached', async () => {
    const { client, toasts } = setup([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(client.get('/me')).rejects.toMatchObject({ i18nKey: 'NETWORK_ERROR' });
    expect(toasts[0]?.message).toBe('Erreur de connexion au serveur (code: 0)');
  });

  it('parses the data with a schema when one is given', async () => {
    const { client } = setup([json(200, { data: { id: '3' } })]);
    const schema = { parse: (value: unknown) => ({ id: Number((value as { id: string }).id) }) };
    await expect(client.get('/me', { schema })).resolves.toEqual({ id: 3 });
  });

  describe('time-outs', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const hang = (init: RequestInit | undefined) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });

    it('gives up after 5000 ms with a TIMEOUT_ERROR toast', async () => {
      const { client, toasts } = setup([hang]);
      const pending = client.get('/me/planets');
      const outcome = expect(pending).rejects.toMatchObject({ i18nKey: 'TIMEOUT_ERROR' });
      await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
      expect(toasts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(toasts).toEqual([
        { type: 'error', title: 'Erreur', message: 'La requête a pris trop de temps (code: 0)' },
      ]);
    });

    it('waits 10000 ms on authentication calls', async () => {
      const { client, toasts } = setup([hang]);
      const pending = client.post('/auth/login', { email: 'a@b.c', password: 'Secret123' });
      const outcome = expect(pending).rejects.toMatchObject({ i18nKey: 'TIMEOUT_ERROR' });
      await vi.advanceTimersByTimeAsync(9999);
      expect(toasts).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
    });
  });
});
