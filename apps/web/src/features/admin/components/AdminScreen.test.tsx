import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { renderWithApp, testMe } from '../../../test/render';
import { Sidebar } from '../../../app/shell/Sidebar';
import { AdminScreen } from './AdminScreen';

const me = testMe({ id: 3, username: 'ada', nmi: 100 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin console in the web app', () => {
  it('refuses a player, in French and in English', async () => {
    // The session check refetches /me: it answers the player (no operator field).
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: me }))),
    );
    for (const [language, text] of [
      ['fr', 'Cette console est réservée aux opérateurs du jeu.'],
      ['en', 'This console is for game operators only.'],
    ] as const) {
      const { queryClient, unmount } = renderWithApp(<AdminScreen />, { language, route: '/admin' });
      act(() => {
        queryClient.setQueryData(queryKeys.me, me);
      });
      expect(await screen.findByTestId('admin-forbidden')).toHaveTextContent(text);
      unmount();
    }
  });

  it('shows the sidebar entry to operators only', async () => {
    const { queryClient } = renderWithApp(<Sidebar collapsed={false} onNavigate={() => undefined} />);
    act(() => {
      queryClient.setQueryData(queryKeys.me, me);
    });
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    act(() => {
      queryClient.setQueryData(queryKeys.me, { ...me, operator: true });
    });
    expect(await screen.findByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });
});
