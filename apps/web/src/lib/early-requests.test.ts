import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDeps } from './api-client';
import { createEarlyTaker, EARLY_MAX_AGE_MS, type EarlyRequests } from './early-requests';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(early: EarlyRequests, responses: Response[], now = () => 1_000) {
  const calls: string[] = [];
  const onUnauthenticated = vi.fn();
  const deps: ApiClientDeps = {
    fetch: ((url: string, init?: RequestInit) => {
      calls.push(`${init?.method} ${url}`);
      const next = responses.shift();
      if (!next) throw new Error(`unexpected call to ${url}`);
      return Promise.resolve(next);
    }) as typeof fetch,
    notify: () => {},
    translate: (key) => key,
    onUnauthenticated,
    takeEarly: createEarlyTaker(() => early, now, 5_000),
  };
  return { api: createApiClient(deps), calls, onUnauthenticated };
}

describe('early requests', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('answers the first GET of a path with the answer the page already had, once', async () => {
    const early = { at: 900, requests: { '/me': Promise.resolve(json(200, { data: { id: 1 } })) } };
    const { api, calls } = client(early, [json(200, { data: { id: 2 } })]);
    await expect(api.get('/me')).resolves.toEqual({ id: 1 });
    expect(calls).toEqual([]);
    await expect(api.get('/me')).resolves.toEqual({ id: 2 });
    expect(calls).toEqual(['GET /api/v1/me']);
  });

  it('sends the call itself when the early answer is a 401, so the session gets refreshed', async () => {
    const early = {
      at: 900,
      requests: {
        '/me': Promise.resolve(json(401, { message: 'x', code: 1003, i18n_comment: 'UNAUTHORIZED' })),
      },
    };
    const { api, calls, onUnauthenticated } = client(early, [
      json(401, { message: 'x', code: 1003, i18n_comment: 'UNAUTHORIZED' }),
      json(200, { data: {} }),
      json(200, { data: { id: 3 } }),
    ]);
    await expect(api.get('/me')).resolves.toEqual({ id: 3 });
    expect(calls).toEqual(['GET /api/v1/me', 'POST /api/v1/auth/refresh', 'GET /api/v1/me']);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('passes an early error other than 401 on like any answer', async () => {
    const early = {
      at: 900,
      requests: {
        '/me/planet': Promise.resolve(json(404, { message: 'x', code: 1004, i18n_comment: 'NOT_FOUND' })),
      },
    };
    const { api, calls } = client(early, []);
    await expect(api.get('/me/planet', { silent: true })).rejects.toMatchObject({ status: 404 });
    expect(calls).toEqual([]);
  });

  it('sends the call itself when the early request failed, or is too old', async () => {
    const failed = { at: 900, requests: { '/me': Promise.resolve(null) } };
    const first = client(failed, [json(200, { data: { id: 4 } })]);
    await expect(first.api.get('/me')).resolves.toEqual({ id: 4 });
    expect(first.calls).toEqual(['GET /api/v1/me']);

    const old = { at: 0, requests: { '/me': Promise.resolve(json(200, { data: { id: 1 } })) } };
    const second = client(old, [json(200, { data: { id: 5 } })], () => EARLY_MAX_AGE_MS + 1);
    await expect(second.api.get('/me')).resolves.toEqual({ id: 5 });
  });

  it('does not wait for an early request longer than a normal call would', async () => {
    const hanging = { at: 900, requests: { '/me': new Promise<Response | null>(() => {}) } };
    const { api, calls } = client(hanging, [json(200, { data: { id: 6 } })]);
    const answer = api.get('/me');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(answer).resolves.toEqual({ id: 6 });
    expect(calls).toEqual(['GET /api/v1/me']);
  });

  it('is never used for other paths, queries or methods', async () => {
    const early = { at: 900, requests: { '/me': Promise.resolve(json(200, { data: { id: 1 } })) } };
    const { api, calls } = client(early, [json(200, { data: [] }), json(200, { data: { id: 7 } })]);
    await api.get('/me', { query: { limit: 1 } });
    await api.put('/me', {});
    expect(calls).toEqual(['GET /api/v1/me?limit=1', 'PUT /api/v1/me']);
  });
});
