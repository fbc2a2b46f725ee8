import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createRefreshCoordinator, REFRESHED_AT_KEY } from './refresh-coordinator';

/** One browser's Web Locks: callbacks for a name run one after the other. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request: ((name: string, callback: () => Promise<unknown>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    }) as unknown as LockManager['request'],
  };
}

function fakeStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json(401, { message: 'No session', code: 1003, i18n_comment: 'UNAUTHORIZED' });

describe('refreshes across tabs', () => {
  it('lets only the first of two tabs spend the refresh token; the other retries with the new session', async () => {
    const locks = fakeLocks();
    const storage = fakeStorage();
    let clock = 1_000;
    const now = () => clock;
    // The server side of one browser: a refresh token is good once; the access cookie follows it.
    let session = 1;
    let refreshToken = 'r1';
    const calls: string[] = [];
    const browserFetch = (tabCookie: () => string) =>
      ((url: string, init?: RequestInit) => {
        calls.push(`${init?.method} ${url}`);
        if (url.endsWith('/auth/refresh')) {
          if (tabCookie() !== refreshToken) return Promise.resolve(unauthorized());
          session += 1;
          refreshToken = `r${session}`;
          return Promise.resolve(json(200, { data: {} }));
        }
        return Promise.resolve(
          tabCookie() === refreshToken && session > 1 ? json(200, { data: { session } }) : unauthorized(),
        );
      }) as typeof fetch;
    // Both tabs read the same cookie jar.
    const cookie = () => refreshToken;
    const stale = { value: true };
    const tab = () =>
      createApiClient({
        fetch: browserFetch(() => (stale.value ? 'expired' : cookie())),
        notify: vi.fn(),
        translate: (key) => key,
        onUnauthenticated: vi.fn(),
        now,
        coordinateRefresh: createRefreshCoordinator({ locks, storage, now }),
      });
    const [a, b] = [tab(), tab()];
    // Both calls leave with the expired access token and meet a 401 together.
    const first = a.get('/me');
    const second = b.get('/me');
    stale.value = false;
    clock = 2_000;
    await expect(first).resolves.toEqual({ session: 2 });
    await expect(second).resolves.toEqual({ session: 2 });
    expect(calls.filter((call) => call.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(storage.getItem(REFRESHED_AT_KEY)).toBe('2000');
  });

  it('refreshes when the last refresh of any tab is older than the failed call', async () => {
    const storage = fakeStorage();
    storage.setItem(REFRESHED_AT_KEY, '500');
    const refresh = vi.fn(() => Promise.resolve(true));
    const coordinate = createRefreshCoordinator({ locks: fakeLocks(), storage, now: () => 3_000 });
    await expect(coordinate(refresh, 1_000)).resolves.toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(storage.getItem(REFRESHED_AT_KEY)).toBe('3000');
  });

  it('records nothing when the refresh fails, and works without Web Locks', async () => {
    const storage = fakeStorage();
    const coordinate = createRefreshCoordinator({ storage, now: () => 3_000 });
    await expect(coordinate(() => Promise.resolve(false), 1_000)).resolves.toBe(false);
    expect(storage.getItem(REFRESHED_AT_KEY)).toBeNull();
  });
});
