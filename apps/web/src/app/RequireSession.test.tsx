import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { renderWithApp, testMe } from '../test/render';
import { requestUrl } from '../test/request-url';
import { busyRetryDelay, RequireSession } from './RequireSession';

const me = testMe();

let answers: number[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    const status = path === '/me' ? (answers.shift() ?? 200) : 404;
    const body =
      status === 200 ? { data: me } : { message: 'slow down', code: 1006, i18n_comment: 'TOO_MANY_REQUESTS' };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RequireSession', () => {
  it('waits and tries again by itself after a 429, instead of the session error', async () => {
    answers = [429];
    renderWithApp(
      <RequireSession>
        <p>the game</p>
      </RequireSession>,
    );
    expect(await screen.findByTestId('session-busy')).toHaveTextContent('Nouvel essai dans 5 s');
    expect(screen.queryByText(/Impossible de vérifier votre session/)).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(busyRetryDelay(0) * 1000);
      await Promise.resolve();
    });
    expect(await screen.findByText('the game')).toBeInTheDocument();
  });

  it('keeps the game on screen when a refetch of a known player meets a 429', async () => {
    answers = [200, 429];
    const { queryClient } = renderWithApp(
      <RequireSession>
        <p>the game</p>
      </RequireSession>,
    );
    expect(await screen.findByText('the game')).toBeInTheDocument();
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.me, exact: true }));
    expect(queryClient.getQueryState(queryKeys.me)?.status).toBe('error');
    expect(screen.getByText('the game')).toBeInTheDocument();
  });

  it('backs off from 5 seconds to at most a minute', () => {
    expect([0, 1, 2, 3, 4].map(busyRetryDelay)).toEqual([5, 10, 20, 40, 60]);
  });
});
