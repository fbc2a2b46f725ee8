import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, parseRetryAfter } from './api-client';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function client(response: Response) {
  return createApiClient({
    fetch: () => Promise.resolve(response),
    notify: () => undefined,
    translate: (key) => key,
    onUnauthenticated: () => undefined,
    now: () => NOW,
  });
}

function tooMany(headers: Record<string, string>): Response {
  return new Response(
    JSON.stringify({ message: 'slow down', code: 1006, i18n_comment: 'TOO_MANY_REQUESTS' }),
    {
      status: 429,
      headers: { 'Content-Type': 'application/json', ...headers },
    },
  );
}

describe('Retry-After on a failed answer', () => {
  it.each([
    { header: '12', expected: 12 },
    { header: ' 0 ', expected: 0 },
    { header: new Date(NOW + 30_500).toUTCString(), expected: 30 },
    { header: new Date(NOW - 60_000).toUTCString(), expected: 0 },
    { header: 'soon', expected: undefined },
    { header: '-3', expected: undefined },
  ])('reads "$header" as $expected seconds', ({ header, expected }) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });

  it('is undefined without the header', () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('is exposed on the ApiError of a 429, and absent when the answer has none', async () => {
    const withHeader = await client(tooMany({ 'Retry-After': '17' }))
      .get('/me', { silent: true })
      .catch((error: unknown) => error);
    expect(withHeader).toBeInstanceOf(ApiError);
    expect((withHeader as ApiError).status).toBe(429);
    expect((withHeader as ApiError).retryAfterSeconds).toBe(17);
    const without = await client(tooMany({}))
      .get('/me', { silent: true })
      .catch((error: unknown) => error);
    expect((without as ApiError).retryAfterSeconds).toBeUndefined();
  });

  it('is read from an answer with no error body too', async () => {
    const error = await client(new Response('busy', { status: 503, headers: { 'Retry-After': '4' } }))
      .get('/me', { silent: true })
      .catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).retryAfterSeconds).toBe(4);
  });
});
