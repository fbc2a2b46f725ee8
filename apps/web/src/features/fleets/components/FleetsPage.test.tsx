import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetList } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { systemsColumns } from '../../../test/systems-columns';
import { fakeApi, fleet, systemItem } from '../test-utils';
import { FleetsPage } from './FleetsPage';

const now = Date.parse('2026-11-23T12:00:00Z');
const clock = { now: () => now };

let list: FleetList;
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  list = {
    own: [
      fleet({ id: 1, mission: 3 }),
      fleet({
        id: 2,
        mission: 1,
        state: 'returning',
        ships: [{ id: 7, count: 4 }],
        arrives_at: '2026-11-23T11:30:00Z',
        returns_at: '2026-11-23T12:30:00Z',
      }),
    ],
    hostile: [
      {
        id: 9,
        mission: 3,
        origin: { system_id: 40 },
        target: { system_id: 1, orbit: 3 },
        arrives_at: '2026-11-23T12:10:00Z',
      },
    ],
  };
  api = fakeApi({
    'GET /me/fleets': () => ({ body: { data: list } }),
    // System 40 is left out: a place the list does not know keeps its number.
    'GET /systems/map': {
      body: { data: systemsColumns([systemItem(1, 'Sol Prime'), systemItem(7, 'Altair')]) },
    },
    'POST /me/fleets/1/recall': () => {
      const recalled = fleet({ id: 1, state: 'returning', returns_at: '2026-11-23T13:00:00Z' });
      list = { ...list, own: [recalled, ...list.own.slice(1)] };
      return { body: { data: recalled } };
    },
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FleetsPage', () => {
  it('lists own fleets with mission, places, ships, progress and countdown', async () => {
    renderWithApp(<FleetsPage clock={clock} />, { route: '/fleets' });
    const [outbound, returning] = await screen.findAllByTestId('own-fleet');
    expect(outbound).toHaveTextContent('Attaquer');
    expect(outbound).toHaveTextContent('Aller');
    expect(outbound).toHaveTextContent('20 × Chasseur léger');
    expect(await within(outbound!).findByRole('link', { name: 'Altair · orbite 2' })).toHaveAttribute(
      'href',
      '/systems/7',
    );
    expect(within(outbound!).getByRole('link', { name: 'Sol Prime · orbite 3' })).toHaveAttribute(
      'href',
      '/systems/1',
    );
    // Left at 11:00, arrives at 13:00, now 12:00: half way, an hour to go.
    expect(within(outbound!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(outbound!).getByTestId('fleet-countdown')).toHaveTextContent('Arrivée dans 1h');
    expect(within(outbound!).getByRole('button', { name: 'Rappeler' })).toBeInTheDocument();

    expect(returning).toHaveTextContent('Retour');
    expect(returning).toHaveTextContent('4 × Petit transporteur');
    expect(within(returning!).getByTestId('fleet-countdown')).toHaveTextContent('Retour dans 30m');
    expect(within(returning!).queryByRole('button', { name: 'Rappeler' })).not.toBeInTheDocument();
  });

  it('shows hostile fleets with their arrival countdown and unknown composition', async () => {
    renderWithApp(<FleetsPage clock={clock} />, { route: '/fleets' });
    const hostile = await screen.findByTestId('hostile-fleets');
    expect(hostile).toHaveTextContent('Flottes hostiles en approche');
    expect(within(hostile).getByTestId('hostile-countdown')).toHaveTextContent('Arrivée dans 10m');
    expect(hostile).toHaveTextContent('Composition inconnue');
    expect(await within(hostile).findByRole('link', { name: 'Sol Prime · orbite 3' })).toHaveAttribute(
      'href',
      '/systems/1',
    );
    expect(within(hostile).getByRole('link', { name: 'Système 40' })).toHaveAttribute('href', '/systems/40');
  });

  it('recalls an outbound fleet and shows it returning', async () => {
    renderWithApp(<FleetsPage clock={clock} />, { route: '/fleets' });
    const [outbound] = await screen.findAllByTestId('own-fleet');
    await userEvent.click(within(outbound!).getByRole('button', { name: 'Rappeler' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('own-fleet')[0]).toHaveAttribute('data-state', 'returning'),
    );
    expect(api.calls.filter((call) => call.path === '/me/fleets')).toHaveLength(2);
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/me/fleets/1/recall')).toBe(
      true,
    );
  });

  it('says so when nothing is in flight', async () => {
    list = { own: [], hostile: [] };
    renderWithApp(<FleetsPage clock={clock} />, { route: '/fleets' });
    expect(await screen.findByTestId('no-own-fleets')).toHaveTextContent('Aucune flotte en vol.');
    expect(screen.getByTestId('no-hostile-fleets')).toBeInTheDocument();
  });

  it('refetches when a countdown reaches zero', async () => {
    let time = now;
    const moving = { now: () => time };
    list = { own: [fleet({ arrives_at: '2026-11-23T12:00:01Z' })], hostile: [] };
    renderWithApp(<FleetsPage clock={moving} />, { route: '/fleets' });
    await screen.findByTestId('own-fleet');
    time += 2000;
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/me/fleets')).toHaveLength(2), {
      timeout: 4000,
    });
  });
});
