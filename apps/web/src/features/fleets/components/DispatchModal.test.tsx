import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetOrderBody } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeApi, fleet, preview, shipItem } from '../test-utils';
import { DispatchModal, type DispatchTarget } from './DispatchModal';

const target: DispatchTarget = {
  systemId: 7,
  systemName: 'Vega',
  orbit: 2,
  actions: ['attack', 'park', 'spy', 'transport'],
  action: 'attack',
};

const ships = {
  modules: [shipItem(1, 20), shipItem(6, 5, { can_spy: true })],
  construction_lists: [],
  max_construction_lists: 1,
};

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  api = fakeApi({
    'GET /me/planet/ships': { body: { data: ships } },
    // The faked server refuses an attack that takes the probes along, like INVALID_FLEET would.
    'POST /me/fleets/preview': ({ body }) =>
      (body as FleetOrderBody).ships.some((ship) => ship.id === 6) && (body as FleetOrderBody).mission === 3
        ? { status: 400, body: { message: 'bad', code: 40000, i18n_comment: 'INVALID_FLEET' } }
        : { body: { data: preview } },
    'POST /me/fleets': { status: 201, body: { data: fleet({ mission: 1 }) } },
  });
  vi.stubGlobal('fetch', api.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(onClose = vi.fn()) {
  renderWithApp(<DispatchModal target={target} onClose={onClose} />);
  return onClose;
}

const send = () => screen.getByTestId('dispatch-send');
const previews = () => api.calls.filter((call) => call.path === '/me/fleets/preview');

describe('DispatchModal', () => {
  it('lists the planet ships, preselects the mission and keeps Send off until ships are picked', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Vega · orbite 2');
    expect(await within(dialog).findByLabelText('Chasseur léger')).toBeInTheDocument();
    expect(within(dialog).getByText('Disponibles : 20')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mission' })).toHaveValue('Attaquer');
    expect(screen.getByTestId('dispatch-preview')).toHaveTextContent('Choisissez des vaisseaux');
    expect(send()).toBeDisabled();
    expect(previews()).toHaveLength(0);
  });

  it('refuses counts that are not whole numbers from 0 to what the planet holds', async () => {
    renderModal();
    const fighters = await screen.findByLabelText('Chasseur léger');
    for (const [text, error] of [
      ['1.5', 'Un nombre entier, 0 ou plus'],
      ['-1', 'Un nombre entier, 0 ou plus'],
      ['abc', 'Un nombre entier, 0 ou plus'],
      ['21', '20 au plus'],
    ] as const) {
      await userEvent.clear(fighters);
      await userEvent.type(fighters, text);
      expect(await screen.findByText(error)).toBeInTheDocument();
      expect(send()).toBeDisabled();
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(previews()).toHaveLength(0);

    await userEvent.clear(fighters);
    await userEvent.type(fighters, '20');
    await waitFor(() => expect(send()).toBeEnabled());
    expect(previews().at(-1)?.body).toEqual({
      mission: 3,
      target: { system_id: 7, orbit: 2 },
      ships: [{ id: 1, count: 20 }],
      speed: 100,
      prefer: 'shortest',
    });
    const summary = screen.getByTestId('dispatch-preview');
    expect(summary).toHaveTextContent('42 ua');
    expect(summary).toHaveTextContent('1h 2m 5s');
    expect(summary).toHaveTextContent('500');
  });

  it('shows the refusal and keeps Send off while the server refuses the order', async () => {
    renderModal();
    await screen.findByLabelText('Chasseur léger');
    await userEvent.click(screen.getByRole('button', { name: 'Tous' }));
    expect(await screen.findByTestId('dispatch-refusal')).toHaveTextContent('Ordre refusé');
    expect(send()).toBeDisabled();
    await userEvent.clear(screen.getByLabelText("Sonde d'espionnage"));
    await waitFor(() => expect(send()).toBeEnabled());
    expect(screen.queryByTestId('dispatch-refusal')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Aucun' }));
    expect(screen.getByLabelText('Chasseur léger')).toHaveValue('');
    expect(send()).toBeDisabled();
  });

  it('asks for a cargo of whole amounts where the mission carries one, and sends it', async () => {
    const onClose = renderModal();
    await screen.findByLabelText('Chasseur léger');
    expect(screen.queryByLabelText('Métal')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Mission' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Transporter' }));
    const metal = await screen.findByLabelText('Métal');
    await userEvent.type(screen.getByLabelText('Chasseur léger'), '3');
    await userEvent.type(metal, '-5');
    expect(await screen.findByText('Un nombre entier, 0 ou plus')).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await userEvent.clear(metal);
    await userEvent.type(metal, '250');
    await waitFor(() => expect(send()).toBeEnabled());
    await userEvent.click(send());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const dispatched = api.calls.find((call) => call.method === 'POST' && call.path === '/me/fleets');
    expect(dispatched?.body).toEqual({
      mission: 1,
      target: { system_id: 7, orbit: 2 },
      ships: [{ id: 1, count: 3 }],
      speed: 100,
      prefer: 'shortest',
      cargo: { metal: 250, crystal: 0, fuel: 0 },
    });
  });
});
