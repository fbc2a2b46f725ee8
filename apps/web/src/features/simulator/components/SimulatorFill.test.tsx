import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { systemsColumns } from '../../../test/systems-columns';
import { requestUrl } from '../../../test/request-url';
import type { SimulationRunner } from '../model/runner';
import { SimulatorPage } from './SimulatorPage';

const idle: SimulationRunner = () => ({ result: new Promise(() => undefined), cancel: () => undefined });

const spyData = (orbit: number, launchers: number) => ({
  kind: 'spy',
  at: 1,
  spy_id: 1,
  target_id: 2,
  planet_id: 9,
  system_id: 12,
  orbit,
  score: 9,
  resources: { metal: 5000, crystal: 1200, fuel: 0 },
  ships: [{ id: 7, count: 3 }],
  defenses: [{ id: 1, count: launchers }],
  buildings: {},
  factories: {},
  research: { '11': 4, '13': 2 },
  detected: false,
  probes_lost: 0,
});

const combatData = {
  kind: 'combat',
  at: 1,
  attacker_id: 1,
  defender_id: 2,
  system_id: 12,
  orbit: 3,
  winner: 'attacker',
  rounds: [
    {
      round: 1,
      attacker: { units_before: [{ kind: 'ship', id: 1, count: 8 }], units_after: [] },
      defender: { units_before: [{ kind: 'defense', id: 1, count: 2 }], units_after: [] },
    },
  ],
};

const answers: Record<string, unknown> = {
  '/me/emails': [
    {
      id: 1,
      title: 'spy_report',
      params: '{"report_id":71}',
      created_at: '2026-11-23T10:00:00Z',
      read: true,
    },
    {
      id: 2,
      title: 'combat_report',
      params: '{"report_id":72}',
      created_at: '2026-11-23T09:00:00Z',
      read: true,
    },
    {
      id: 3,
      title: 'spy_report',
      params: '{"report_id":73}',
      created_at: '2026-11-22T10:00:00Z',
      read: true,
    },
  ],
  '/me/reports/71': { id: 71, kind: 'spy', created_at: '2026-11-23T10:00:00Z', data: spyData(3, 6) },
  '/me/reports/72': { id: 72, kind: 'combat', created_at: '2026-11-23T09:00:00Z', data: combatData },
  '/me/reports/73': { id: 73, kind: 'spy', created_at: '2026-11-22T10:00:00Z', data: spyData(5, 9) },
  '/systems/map': systemsColumns([
    {
      id: 12,
      name: 'Sol Prime',
      position: { x: 0, y: 0 },
      security: { id: 2, name: 'low' },
      race: { id: 1 },
      connections: [],
      has_own_planet: false,
    },
  ]),
};

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const body = answers[path];
    return Promise.resolve(
      body === undefined
        ? new Response(JSON.stringify({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }), {
            status: 404,
          })
        : new Response(JSON.stringify({ data: body }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe('SimulatorPage filled from a report', () => {
  it('fills the defender from the spy report of ?report= (units, combat research, stock)', async () => {
    renderWithApp(<SimulatorPage runner={idle} />, { route: '/simulator?report=71' });
    expect(await screen.findByTestId('filled-from')).toHaveTextContent('Sol Prime · orbite 3');
    expect(value('Défenseur : Lanceur de missiles')).toBe('6');
    expect(value('Défenseur : Petit transporteur')).toBe('3');
    expect(value('Défenseur : Technologie des armes')).toBe('4');
    expect(value('Défenseur : Blindage')).toBe('2');
    expect(value('Défenseur : Boucliers')).toBe('0');
    expect(value('Stock du défenseur : Métal').replace(/\D/g, '')).toBe('5000');
    // The attacker is left to the player.
    expect(value('Attaquant : Chasseur léger')).toBe('');
  });

  it('fills both sides from a battle of ?report= as they stood before the first round', async () => {
    renderWithApp(<SimulatorPage runner={idle} />, { route: '/simulator?report=72' });
    expect(await screen.findByTestId('filled-from')).toHaveTextContent('bataille de Sol Prime · orbite 3');
    expect(value('Attaquant : Chasseur léger')).toBe('8');
    expect(value('Défenseur : Lanceur de missiles')).toBe('2');
    expect(screen.getByRole('button', { name: 'Simuler' })).toBeEnabled();
  });

  it('offers the spy reports of the inbox by place and date, and fills from the one picked', async () => {
    renderWithApp(<SimulatorPage runner={idle} />, { route: '/simulator' });
    const select = await screen.findByRole('combobox', { name: "Remplir depuis un rapport d'espionnage" });
    await vi.waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    // Spy reports only, newest first, named by place once read.
    await vi.waitFor(() =>
      expect(options.map((option) => option.textContent)).toEqual([
        expect.stringContaining('Sol Prime · orbite 3'),
        expect.stringContaining('Sol Prime · orbite 5'),
      ]),
    );
    await userEvent.click(options[1]!);
    expect(await screen.findByTestId('filled-from')).toHaveTextContent('Sol Prime · orbite 5');
    expect(value('Défenseur : Lanceur de missiles')).toBe('9');
  });
});
