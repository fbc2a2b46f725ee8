import type { Email } from '@starhold/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { markPainted } from '../../lib/after-paint';
import { AppHeader } from './AppHeader';

const me = testMe({ username: 'ada', email: 'ada@example.org', email_not_read_count: 12 });

function email(id: number, read: boolean): Email {
  return {
    id,
    title: 'welcome',
    params: JSON.stringify({ username: 'ada' }),
    created_at: `2026-11-${String(10 + (id % 10)).padStart(2, '0')}T10:00:00Z`,
    read,
  };
}

let emailQueries: URLSearchParams[] = [];

beforeEach(() => {
  // The menus are built with the first frame (decision 202): the player clicks after it.
  markPainted();
  emailQueries = [];
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname === '/api/v1/me') return json({ data: me });
    if (url.pathname === '/api/v1/me/planets') return json({ data: [] });
    if (url.pathname === '/api/v1/me/emails') {
      emailQueries.push(url.searchParams);
      // The ten newest are read; only asking for the unread ones finds the two older unread.
      const unreadOnly = url.searchParams.get('unread') === 'true';
      const data = unreadOnly
        ? [email(21, false), email(22, false)]
        : Array.from({ length: 10 }, (_, i) => email(i + 1, true));
      return json({ data, meta: { offset: 0, limit: 10, total: unreadOnly ? 12 : 40, unread: 12 } });
    }
    return json({ data: null });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppHeader: the bell', () => {
  it("counts the player's unread emails from /me and lists the unread ones, not the newest", async () => {
    renderWithApp(<AppHeader />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(await screen.findByText('12')).toBeInTheDocument();
    await userEvent.click(bell);
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findAllByRole('menuitem', { name: /Bienvenue/ })).toHaveLength(2);
    expect(emailQueries.every((query) => query.get('unread') === 'true')).toBe(true);
  });
});
