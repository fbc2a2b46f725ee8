import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SystemDetail } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderScreen } from '../test-utils';
import { SystemDetailPage } from './SystemDetailPage';

const now = Date.parse('2026-11-23T12:00:00Z');
const clock = { now: () => now };

const detail: SystemDetail = {
  id: 7,
  name: 'Vega',
  position: { x: 120.4, y: 330.6 },
  security: { id: 2, name: 'low' },
  race: { id: 1 },
  connections: [
    { id: 8, name: 'Rigel', security: { id: 1, name: 'high' } },
    { id: 9, name: 'Deneb', security: { id: 3, name: 'null' } },
  ],
  system_planets: [
    {
      index: 1,
      planet: {
        id: 11,
        name: 'Planète mère',
        planet_type: { name: 'default' },
        last_visit: '2026-11-23T11:00:00Z',
        account: { id: 3, username: 'moi', is_me: true, race: { id: 1 } },
      },
      debris: [],
    },
    {
      index: 2,
      planet: {
        id: 12,
        name: 'Ruche',
        planet_type: { name: 'volcanic' },
        last_visit: '2026-11-01T08:00:00Z',
        account: { id: 4, username: 'zorg', is_me: false, race: { id: 2 } },
      },
      debris: [{ resource: { id: 1, name: 'metal' }, amount: 1200 }],
    },
    {
      index: 3,
      planet: null,
      debris: [
        { resource: { id: 1, name: 'metal' }, amount: 500 },
        { resource: { id: 2, name: 'crystal' }, amount: 250 },
      ],
    },
    { index: 4, planet: null, debris: [] },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    fakeFetch({
      '/api/v1/systems/7': { body: { data: detail } },
      '/api/v1/me/planet/ships': {
        body: { data: { modules: [], construction_lists: [], max_construction_lists: 1 } },
      },
      '/api/v1/systems/999': {
        status: 404,
        body: { message: 'Not found', code: 40400, i18n_comment: 'NOT_FOUND' },
      },
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function rows() {
  return screen.getAllByTestId('planet-row');
}

describe('SystemDetailPage', () => {
  it('shows the name, id and a back button to the map', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    expect(await screen.findByTestId('system-name')).toHaveTextContent('Vega');
    expect(screen.getByText('ID 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à la carte' })).toHaveAttribute('href', '/systems');
  });

  it('links the own planet to the profile and another player to their account, with their race', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    const [own, other] = rows();
    expect(within(own!).getByRole('link', { name: /moi/ })).toHaveAttribute('href', '/profile');
    expect(within(own!).getByText('Humain')).toBeInTheDocument();
    expect(within(other!).getByRole('link', { name: 'zorg' })).toHaveAttribute('href', '/accounts/4');
    expect(within(other!).getByText('Insectoïde')).toBeInTheDocument();
  });

  it('derives the status from the last visit: active under 7 days, inactive beyond', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    const [own, other] = rows();
    expect(within(own!).getByText('Actif')).toBeInTheDocument();
    expect(within(other!).getByText('Inactif')).toBeInTheDocument();
    expect(within(own!).getByText('23/11/2026', { exact: false })).toBeInTheDocument();
  });

  it('offers attack, park and spy on planets and exploit where debris lies', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    const names = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    const [own, other, debrisOnly, empty] = rows();
    expect(names(own!)).toEqual(['Attaquer', 'Stationner', 'Espionner', 'Transporter']);
    expect(names(other!)).toEqual(['Attaquer', 'Stationner', 'Espionner', 'Transporter', 'Exploiter']);
    expect(names(debrisOnly!)).toEqual(['Coloniser', 'Exploiter']);
    expect(names(empty!)).toEqual(['Coloniser']);
    expect(within(debrisOnly!).getByTestId('debris-count')).toHaveTextContent('2');
  });

  it("writes the planets' table in the app's language: labels, dates and amounts (English)", async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
      language: 'en',
    });
    await screen.findByTestId('planets-table');
    const [own, other, , empty] = rows();
    expect(within(own!).getByRole('link', { name: 'moi (you)' })).toBeInTheDocument();
    // The British date with its comma (the French one has none), from the app's language.
    expect(within(other!).getByText(/^01\/11\/2026, \d\d:\d\d$/)).toBeInTheDocument();
    expect(empty!).toHaveTextContent('Orbit 4 · Free orbit');
    await userEvent.hover(within(other!).getByTestId('debris-count'));
    expect(await screen.findByText('Metal: 1,200')).toBeInTheDocument();
  });

  it("writes the planets' table in French with French digit grouping", async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    const [own, other, , empty] = rows();
    expect(within(own!).getByRole('link', { name: 'moi (vous)' })).toBeInTheDocument();
    expect(empty!).toHaveTextContent('Orbite 4 · Orbite libre');
    await userEvent.hover(within(other!).getByTestId('debris-count'));
    // The narrow no-break space of French grouping reads as a space once Testing Library normalizes it.
    expect(await screen.findByText('Métal : 1 200')).toBeInTheDocument();
  });

  it('opens the dispatch panel on the orbit with the action as mission', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: 'Attaquer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Envoyer une flotte');
    expect(dialog).toHaveTextContent('Vega · orbite 2');
    expect(within(dialog).getByRole('combobox', { name: 'Mission' })).toHaveValue('Attaquer');
    expect(await within(dialog).findByTestId('dispatch-no-ships')).toBeInTheDocument();
  });

  it('opens the dispatch panel from a report link (?orbit=&action=) when the orbit allows the mission', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7?orbit=2&action=spy',
      route: '/systems/:systemId',
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Vega · orbite 2');
    expect(await within(dialog).findByRole('combobox', { name: 'Mission' })).toHaveValue('Espionner');
  });

  it('ignores a report link to a mission the orbit does not allow', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7?orbit=4&action=attack',
      route: '/systems/:systemId',
    });
    await screen.findByTestId('planets-table');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the connected systems as links', async () => {
    renderScreen(<SystemDetailPage systemId="7" clock={clock} />, {
      path: '/systems/7',
      route: '/systems/:systemId',
    });
    const connections = await screen.findByTestId('system-connections');
    expect(within(connections).getByRole('link', { name: /Rigel/ })).toHaveAttribute('href', '/systems/8');
    expect(within(connections).getByRole('link', { name: /Deneb/ })).toHaveAttribute('href', '/systems/9');
  });

  it('shows the error alert with a back button for an unknown system', async () => {
    renderScreen(<SystemDetailPage systemId="999" clock={clock} />, {
      path: '/systems/999',
      route: '/systems/:systemId',
    });
    expect(await screen.findByTestId('system-error')).toHaveTextContent(
      'Erreur lors du chargement du système',
    );
    expect(screen.getByRole('link', { name: 'Retour à la carte' })).toBeInTheDocument();
  });

  it('shows the error alert without calling the server for an id that is not a number', () => {
    renderScreen(<SystemDetailPage systemId="abc" clock={clock} />, {
      path: '/systems/abc',
      route: '/systems/:systemId',
    });
    expect(screen.getByTestId('system-error')).toBeInTheDocument();
  });
});
