import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '../api/me';
import { focusPlanetQueryOptions } from '../api/planets';
import { readStoredRace } from '../lib/settings';
import { prepareFirstRender } from './first-render';
import { createQueryClient } from './providers';
import { requestUrl } from '../test/request-url';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function stubApi(answers: Record<string, () => Promise<Response>>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    calls.push(path);
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected call to ${path}`);
    return answer();
  });
  return calls;
}

describe('prepareFirstRender', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('fills the queries of the early GETs and stores the race before the first render', async () => {
    const calls = stubApi({
      '/me': () => Promise.resolve(json({ data: { id: 1, race: { id: 2, name: 'insectoid' } } })),
      '/me/planet': () => Promise.resolve(json({ data: { id: 7, name: 'Home' } })),
    });
    const queryClient = createQueryClient();
    let screenLoaded = false;
    await prepareFirstRender({
      queryClient,
      earlyPaths: ['/me', '/me/planet'],
      preloadScreen: () => {
        screenLoaded = true;
        return Promise.resolve();
      },
    });
    expect(calls.sort()).toEqual(['/me', '/me/planet']);
    expect(queryClient.getQueryData(meQueryOptions.queryKey)?.race.id).toBe(2);
    expect(queryClient.getQueryData(focusPlanetQueryOptions.queryKey)?.name).toBe('Home');
    expect(readStoredRace()).toBe('robot');
    expect(screenLoaded).toBe(true);
  });

  it('asks for nothing when the page sent nothing early (the login page)', async () => {
    const calls = stubApi({});
    const queryClient = createQueryClient();
    await prepareFirstRender({ queryClient, earlyPaths: [], preloadScreen: () => Promise.resolve() });
    expect(calls).toEqual([]);
    expect(queryClient.getQueryData(meQueryOptions.queryKey)).toBeUndefined();
  });

  it('gives up waiting after waitMs: the app renders and the call carries on', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({ '/me': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const queryClient = createQueryClient();
    const started = performance.now();
    await prepareFirstRender({
      queryClient,
      earlyPaths: ['/me'],
      preloadScreen: () => Promise.resolve(),
      waitMs: 50,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(queryClient.getQueryState(meQueryOptions.queryKey)?.fetchStatus).toBe('fetching');
    answer(json({ data: { id: 1, race: { id: 1, name: 'human' } } }));
    await vi.waitFor(() => expect(queryClient.getQueryData(meQueryOptions.queryKey)?.id).toBe(1));
  });

  it('does not wait for a screen whose chunk failed to load (the route shows its error)', async () => {
    stubApi({});
    await expect(
      prepareFirstRender({
        queryClient: createQueryClient(),
        earlyPaths: [],
        preloadScreen: () => Promise.reject(new Error('chunk')),
      }),
    ).resolves.toBeUndefined();
  });
});
