import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { createI18n } from '../../../lib/i18n';
import { PlayerPage } from './PlayerPage';

beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(entries: InitialEntry[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers i18n={createI18n({ language: 'fr' })} queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {children}
      </MemoryRouter>
    </Providers>
  );
  return render(
    <Routes>
      <Route path="/accounts/:id" element={<PlayerPage />} />
      <Route path="/accounts" element={<p>the leaderboard</p>} />
      <Route path="/systems/:id" element={<p>the system</p>} />
    </Routes>,
    { wrapper },
  );
}

describe('PlayerPage back link', () => {
  it('goes back to the leaderboard when opened from it', async () => {
    renderAt(['/accounts', { pathname: '/accounts/5', state: { from: 'leaderboard' } }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Retour au classement' }));
    expect(await screen.findByText('the leaderboard')).toBeInTheDocument();
  });

  it('says only "Retour" when opened from a system, and goes back there', async () => {
    renderAt(['/systems/3', '/accounts/5']);
    expect(screen.queryByText('Retour au classement')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Retour' }));
    expect(await screen.findByText('the system')).toBeInTheDocument();
  });

  it('offers the leaderboard to a profile opened directly', async () => {
    renderAt(['/accounts/5']);
    expect(await screen.findByRole('link', { name: 'Voir le classement' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });
});
