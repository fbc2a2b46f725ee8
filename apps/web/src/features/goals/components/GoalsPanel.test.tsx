import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toasts';
import { renderWithApp } from '../../../test/render';
import { fakeApi, goal } from '../test-utils';
import { GoalsPanel } from './GoalsPanel';

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.clearAll();
});

const inProgress = [
  goal(1, 'metal_mine_1', {
    state: 'claimed',
    done: true,
    claimed: true,
    progress: { current: 1, target: 1 },
  }),
  goal(2, 'fuel_synthesizer_1', {
    state: 'in_progress',
    next: true,
    reward: { metal: 150, crystal: 50, fuel: 200, nmi: 0 },
    link: { screen: 'factories', module_id: 3 },
  }),
  goal(3, 'first_colony', {
    reward: { metal: 5000, crystal: 5000, fuel: 2000, nmi: 50 },
    link: { screen: 'systems', module_id: null },
  }),
];

describe('GoalsPanel', () => {
  it('shows the next step with what to do, its reward and a link to the screen that does it', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'GET /me/goals': { body: { data: inProgress } } }).fetch);
    renderWithApp(<GoalsPanel raceId={1} />);
    expect(await screen.findByTestId('goal-title')).toHaveTextContent('Synthétiseur de carburant niveau 1');
    expect(screen.getByText(/le synthétiseur de carburant en produit/)).toBeInTheDocument();
    expect(screen.getAllByTestId('goal-reward').map((badge) => badge.textContent)).toEqual([
      '150 Métal',
      '50 Cristal',
      '200 Carburant',
    ]);
    expect(screen.getByRole('link', { name: 'Y aller' })).toHaveAttribute('href', '/planet/factories?id=3');
    expect(screen.getByTestId('goals-count')).toHaveTextContent('1 / 3 reçus');
    expect(screen.queryByRole('button', { name: /Recevoir/ })).not.toBeInTheDocument();
  });

  it('claims a reached goal, says so in a toast and reads the goals again', async () => {
    const claimable = inProgress.map((entry) =>
      entry.id === 2
        ? { ...entry, state: 'claimable' as const, done: true, progress: { current: 1, target: 1 } }
        : entry,
    );
    const afterClaim = claimable.map((entry) =>
      entry.id === 2
        ? { ...entry, state: 'claimed' as const, claimed: true, next: false }
        : entry.id === 3
          ? { ...entry, state: 'in_progress' as const, next: true }
          : entry,
    );
    const api = fakeApi({
      'GET /me/goals': ({ count }) => ({ body: { data: count === 1 ? claimable : afterClaim } }),
      'POST /me/goals/2/claim': { body: { data: afterClaim[1] } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<GoalsPanel raceId={1} />);
    expect(await screen.findByText('Objectif atteint !')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Recevoir la récompense de « Synthétiseur de carburant niveau 1 »',
      }),
    );
    expect(await screen.findByText('Première colonie')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/me/goals/2/claim',
    ]);
    expect(toasts.getSnapshot().map((toast) => [toast.type, toast.title, toast.message])).toEqual([
      [
        'success',
        'Récompense reçue',
        'Synthétiseur de carburant niveau 1 : 150 Métal, 50 Cristal, 200 Carburant.',
      ],
    ]);
    expect(screen.getByText('50 NMI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Y aller' })).toHaveAttribute('href', '/systems');
  });

  it('names buildings after the player race and speaks English', async () => {
    const building = goal(7, 'command_center_1', {
      state: 'in_progress',
      next: true,
      link: { screen: 'buildings', module_id: 1 },
    });
    vi.stubGlobal('fetch', fakeApi({ 'GET /me/goals': { body: { data: [building] } } }).fetch);
    const { i18n } = renderWithApp(<GoalsPanel raceId={2} />, { language: 'en' });
    const title = await screen.findByTestId('goal-title');
    expect(title).toHaveTextContent(`${i18n.t('modules:buildings.2.1.name')} level 1`);
    expect(screen.getByRole('link', { name: 'Go there' })).toHaveAttribute('href', '/planet/buildings?id=1');
  });

  it('says when every goal is claimed', async () => {
    const all = inProgress.map((entry) => ({
      ...entry,
      state: 'claimed' as const,
      claimed: true,
      next: false,
    }));
    vi.stubGlobal('fetch', fakeApi({ 'GET /me/goals': { body: { data: all } } }).fetch);
    renderWithApp(<GoalsPanel raceId={1} />);
    expect(await screen.findByText(/Tous les objectifs sont atteints/)).toBeInTheDocument();
    expect(screen.queryByTestId('next-goal')).not.toBeInTheDocument();
  });
});
