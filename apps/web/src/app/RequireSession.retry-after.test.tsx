import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../test/render';
import { requestUrl } from '../test/request-url';
import { RequireSession } from './RequireSession';

const me = testMe();

/** The /me answers in turn: a status and its Retry-After header (none when undefined). */
let answers: { status: number; retryAfter?: string }[] = [];
let meCalls = 0;

beforeEach(() => {
  meCalls = 0;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    if (path === '/me') meCalls += 1;
    const answer = path === '/me' ? (answers.shift() ?? { status: 200 }) : { status: 404 };
    const body =
      answer.status === 200
        ? { data: me }
        : { message: 'slow down', code: 1006, i18n_comment: 'TOO_MANY_REQUESTS' };
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (answer.retryAfter !== undefined) headers['Retry-After'] = answer.retryAfter;
    return Promise.resolve(new Response(JSON.stringify(body), { status: answer.status, headers }));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  answers = [];
});

async function advance(seconds: number) {
  await act(async () => {
    vi.advanceTimersByTime(seconds * 1000);
    await Promise.resolve();
  });
}

describe('RequireSession after a 429 on /me', () => {
  it("waits the answer's Retry-After, not the backoff, before trying again", async () => {
    answers = [{ status: 429, retryAfter: '23' }];
    renderWithApp(
      <RequireSession>
        <p>the game</p>
      </RequireSession>,
    );
    expect(await screen.findByTestId('session-busy')).toHaveTextContent('Nouvel essai dans 23 s');
    // The backoff's 5 s pass without a new call: the server asked for 23.
    await advance(5);
    expect(meCalls).toBe(1);
    expect(screen.getByTestId('session-busy')).toHaveTextContent('Nouvel essai dans 18 s');
    await advance(18);
    expect(await screen.findByText('the game')).toBeInTheDocument();
    expect(meCalls).toBe(2);
  });

  it('falls back to the backoff when the answer has no Retry-After', async () => {
    answers = [{ status: 429 }, { status: 429, retryAfter: '2' }];
    renderWithApp(
      <RequireSession>
        <p>the game</p>
      </RequireSession>,
    );
    expect(await screen.findByTestId('session-busy')).toHaveTextContent('Nouvel essai dans 5 s');
    await advance(5);
    // The second 429 carries Retry-After: 2, shorter than the next backoff's 10 s.
    expect(await screen.findByTestId('session-busy')).toHaveTextContent('Nouvel essai dans 2 s');
    await advance(2);
    expect(await screen.findByText('the game')).toBeInTheDocument();
    expect(meCalls).toBe(3);
  });
});
