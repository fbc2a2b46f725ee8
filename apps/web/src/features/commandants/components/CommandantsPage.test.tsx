import type { CommandantAvailability } from '@starhold/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { requestUrl } from '../../../test/request-url';
import { CommandantsPage } from './CommandantsPage';

const NOW = Date.parse('2026-11-24T10:00:00Z');

function availability(id: number, name: string, until: string | null): CommandantAvailability {
  return {
    commandant: { id, name, nmi_daily: 10, nmi_weekly: 50, nmi_monthly: 150, nmi_yearly: 1200 },
    available: until !== null && Date.parse(until) > NOW,
    available_until: until,
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    const body =
      path === '/me/commandants'
        ? {
            data: [
              availability(1, 'geologist', null),
              availability(2, 'architect', '2026-11-20T10:00:00Z'),
              availability(3, 'admiral', '2026-11-25T10:00:00Z'),
            ],
          }
        : { message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: path === '/me/commandants' ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CommandantsPage', () => {
  it('never says expired for a commandant never recruited', async () => {
    renderWithApp(<CommandantsPage clock={{ now: () => NOW }} />);
    const never = await screen.findByTestId('commandant-1');
    expect(within(never).getByText('Jamais recruté')).toBeInTheDocument();
    expect(within(never).getByText('Recrutable')).toBeInTheDocument();
    expect(within(never).queryByText('Expiré')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('commandant-2')).getByText('Expiré')).toBeInTheDocument();
    expect(within(screen.getByTestId('commandant-3')).getByText('Actif')).toBeInTheDocument();
  });
});
