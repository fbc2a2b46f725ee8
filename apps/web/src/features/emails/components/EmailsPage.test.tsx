import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Email } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../../test/render';
import { EmailsPage } from './EmailsPage';
import { requestUrl } from '../../../test/request-url';

const emails: Email[] = [
  {
    id: 3,
    title: 'research_finished',
    params: JSON.stringify({ research: { id: 1, key: 'energy_technology' }, level: 2, planet: 'Terra' }),
    created_at: '2026-11-23T10:00:00.000Z',
    read: false,
  },
  {
    id: 1,
    title: 'welcome',
    params: JSON.stringify({ username: 'Nova' }),
    created_at: '2026-11-20T10:00:00.000Z',
    read: true,
  },
];

const me = testMe({ id: 9, email_not_read_count: 1, nmi: 100 });

let calls: { method: string; path: string }[];
let inbox: Email[];
let inboxFails: boolean;

beforeEach(() => {
  calls = [];
  inbox = [...emails];
  inboxFails = false;
  const respond = (input: RequestInfo | URL, init?: RequestInit): Response => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/v1/me') return json({ data: me });
    if (url.pathname === '/api/v1/me/emails' && inboxFails) {
      return new Response(JSON.stringify({ message: 'boom', code: 1001, i18n_comment: 'SERVER_ERROR' }), {
        status: 500,
      });
    }
    if (url.pathname === '/api/v1/me/emails')
      return json({
        data: inbox,
        meta: { offset: 0, limit: 50, total: inbox.length, unread: inbox.filter((e) => !e.read).length },
      });
    const id = Number(url.pathname.split('/').at(-1));
    const email = emails.find((e) => e.id === id);
    if (email) return json({ data: method === 'PUT' ? { ...email, read: true } : email });
    return new Response(JSON.stringify({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }), {
      status: 404,
    });
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(respond(input, init)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmailsPage', () => {
  it('lists translated titles with an unread badge and the count, and shows the no-selection state', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails' });
    const list = await screen.findByRole('list', { name: 'Boîte de réception' });
    expect(await within(list).findByText('Bienvenue dans la flotte, Nova')).toBeInTheDocument();
    expect(within(list).getAllByText('Non lu')).toHaveLength(1);
    expect(screen.getByText('2 messages')).toBeInTheDocument();
    expect(screen.getByText('Aucun message sélectionné')).toBeInTheDocument();
  });

  it('filters the inbox on the translated title', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails' });
    const list = await screen.findByRole('list', { name: 'Boîte de réception' });
    await within(list).findByText('Bienvenue dans la flotte, Nova');
    await userEvent.type(screen.getByLabelText('Filtrer par titre'), 'bienvenue');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(screen.getByLabelText('Filtrer par titre'));
    await userEvent.type(screen.getByLabelText('Filtrer par titre'), 'xyz');
    expect(screen.getByText('Aucun message ne correspond à « xyz ».')).toBeInTheDocument();
  });

  it('opens the email of ?id= as sent by the NPC and marks it read', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=3' });
    const article = await screen.findByRole('article');
    expect(within(article).getByText('Amirale Elena Vega')).toBeInTheDocument();
    expect(within(article).getByText(/atteint désormais le niveau 2/)).toBeInTheDocument();
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: '/api/v1/me/emails/3' }));
  });

  it('does not mark an email read again when it is already read', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=1' });
    await screen.findByRole('article');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the empty state when there are no emails', async () => {
    inbox = [];
    renderWithApp(<EmailsPage />, { route: '/emails' });
    expect(await screen.findByText('Aucun message')).toBeInTheDocument();
  });

  it('says the inbox could not be loaded, rather than that it is empty, when its call fails, and retries on demand', async () => {
    inboxFails = true;
    renderWithApp(<EmailsPage />, { route: '/emails' });
    expect(await screen.findByText('Boîte de réception indisponible')).toBeInTheDocument();
    expect(screen.queryByText('Aucun message')).not.toBeInTheDocument();
    inboxFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Bienvenue dans la flotte, Nova')).toBeInTheDocument();
  });
});
