import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toasts';
import { columnsOf, fakeFetch, listItem, renderScreen } from '../test-utils';
import { SEARCH_DEBOUNCE_MS, SystemsMapPage } from './SystemsMapPage';

const systems = [
  listItem(1, 'Altaïr', { connections: [2] }),
  listItem(2, 'Bételgeuse', { connections: [1, 3], security: { id: 2, name: 'low' } }),
  listItem(3, 'Castor', { connections: [2], security: { id: 3, name: 'null' } }),
];
const route = [
  { id: 1, name: 'Altaïr', security: { id: 1, name: 'high' } },
  { id: 2, name: 'Bételgeuse', security: { id: 2, name: 'low' } },
  { id: 3, name: 'Castor', security: { id: 3, name: 'null' } },
];

beforeEach(() => {
  // jsdom has no canvas: the map draws nothing and keeps its data attributes.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      '/api/v1/systems/map': { body: { data: columnsOf(systems) } },
      '/api/v1/me/fleets': { body: { data: { own: [], hostile: [] } } },
      '/api/v1/systems/1/3': { body: { data: route } },
      '/api/v1/systems/3/1': {
        status: 404,
        body: { message: 'no route', code: 40402, i18n_comment: 'ROUTE_NOT_FOUND' },
      },
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  const input = screen.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement);
  if (!input) throw new Error(`no select labelled ${label}`);
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SystemsMapPage', () => {
  it('shows the system and gate statistics and the three legend labels', async () => {
    renderScreen(<SystemsMapPage />);
    expect(await screen.findByTestId('stat-systems')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-connections')).toHaveTextContent('2');
    for (const label of ['Haute Sécurité', 'Basse Sécurité', 'Null Sec']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
  });

  it('highlights the matching systems only once the player stops typing for 500 ms', async () => {
    renderScreen(<SystemsMapPage />);
    const input = await screen.findByLabelText('Rechercher un système');
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'bet' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    });
    expect(screen.queryByTestId('search-results')).not.toBeInTheDocument();
    expect(screen.getByTestId('systems-map')).toHaveAttribute('data-matches', '');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('search-results')).toHaveTextContent('1 système trouvé');
    expect(
      within(screen.getByTestId('search-results')).getByRole('link', { name: 'Bételgeuse' }),
    ).toHaveAttribute('href', '/systems/2');
    expect(screen.getByTestId('systems-map')).toHaveAttribute('data-matches', '2');
  });

  it('keeps find disabled until both ends are chosen, then draws and lists the route', async () => {
    renderScreen(<SystemsMapPage />);
    await screen.findByTestId('systems-map');
    const find = screen.getByRole('button', { name: 'Trouver' });
    expect(find).toBeDisabled();
    await choose('Départ', 'Altaïr');
    expect(find).toBeDisabled();
    await choose('Arrivée', 'Castor');
    expect(find).toBeEnabled();
    await userEvent.click(find);
    expect(await screen.findByTestId('route-jumps')).toHaveTextContent('2 sauts');
    expect(screen.getAllByTestId('route-hop')).toHaveLength(3);
    expect(screen.getByTestId('systems-map')).toHaveAttribute('data-route-segments', '2');
    await userEvent.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(screen.queryByTestId('route-result')).not.toBeInTheDocument();
    expect(screen.getByTestId('systems-map')).toHaveAttribute('data-route-segments', '0');
  });

  it('logs a route failure to the console without raising a toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toast = vi.spyOn(toasts, 'show');
    renderScreen(<SystemsMapPage />);
    await screen.findByTestId('systems-map');
    await choose('Départ', 'Castor');
    await choose('Arrivée', 'Altaïr');
    await userEvent.click(screen.getByRole('button', { name: 'Trouver' }));
    expect(await screen.findByTestId('route-not-found')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(toast).not.toHaveBeenCalled();
  });
});
