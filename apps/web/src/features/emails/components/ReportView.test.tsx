import { screen, within } from '@testing-library/react';
import type { Email } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../../test/render';
import { systemsColumns } from '../../../test/systems-columns';
import { requestUrl } from '../../../test/request-url';
import { EmailsPage } from './EmailsPage';

const me = testMe();

const email = (id: number, title: string, params: Record<string, unknown>): Email => ({
  id,
  title,
  params: JSON.stringify(params),
  created_at: '2026-11-23T10:00:00.000Z',
  read: true,
});

const emails = [
  email(5, 'combat_report', {
    planet_id: 9,
    winner: 'attacker',
    attacker_id: 1,
    defender_id: 2,
    report_id: 70,
  }),
  email(6, 'spy_report', { planet_id: 9, target_id: 2, detected: false, report_id: 71 }),
  email(8, 'combat_report', {
    planet_id: 9,
    winner: 'attacker',
    attacker_id: 1,
    defender_id: 2,
    report_id: 72,
  }),
  email(7, 'spied_on', { planet_id: 4, spy_id: 2, detected: true, probes_destroyed: 1, report_id: null }),
];

// GET /me/reports/{id} serves the rules' report with snake_case keys (fleets.service snakeKeys).
const combat = {
  kind: 'combat',
  at: 1,
  attacker_id: 1,
  defender_id: 2,
  system_id: 12,
  orbit: 3,
  planet_id: 9,
  winner: 'attacker',
  rounds: [
    {
      round: 1,
      attacker: {
        units_before: [{ kind: 'ship', id: 1, count: 10 }],
        units_after: [{ kind: 'ship', id: 1, count: 9 }],
        shots: 10,
        damage_dealt: 1234.5,
        damage_absorbed: 20,
      },
      defender: {
        units_before: [
          { kind: 'ship', id: 7, count: 2 },
          { kind: 'defense', id: 1, count: 3 },
        ],
        units_after: [
          { kind: 'ship', id: 7, count: 0 },
          { kind: 'defense', id: 1, count: 1 },
        ],
        shots: 5,
        damage_dealt: 400,
        damage_absorbed: 100,
      },
    },
    {
      round: 2,
      attacker: {
        units_before: [{ kind: 'ship', id: 1, count: 9 }],
        units_after: [{ kind: 'ship', id: 1, count: 9 }],
        shots: 9,
        damage_dealt: 300,
        damage_absorbed: 0,
      },
      defender: {
        units_before: [{ kind: 'defense', id: 1, count: 1 }],
        units_after: [{ kind: 'defense', id: 1, count: 0 }],
        shots: 1,
        damage_dealt: 0,
        damage_absorbed: 0,
      },
    },
  ],
  attacker_losses: { metal: 3000, crystal: 1000, fuel: 0 },
  defender_losses: { metal: 10000, crystal: 4000, fuel: 0 },
  debris: { metal: 2100, crystal: 1500 },
  plunder: { metal: 450, crystal: 0, fuel: 0 },
  rebuilt_defenses: [{ id: 1, count: 2 }],
};

const spy = {
  kind: 'spy',
  at: 1,
  spy_id: 1,
  target_id: 2,
  planet_id: 9,
  system_id: 12,
  orbit: 3,
  score: 3,
  resources: { metal: 12000, crystal: 800, fuel: 50 },
  ships: [{ id: 7, count: 2 }],
  defenses: [{ id: 1, count: 3 }],
  detected: false,
  probes_lost: 0,
};

const planets = [
  {
    id: 4,
    index: 0,
    name: 'Terra',
    planet_position: { system_id: 12, index: 1 },
  },
];

beforeEach(() => {
  const answers: Record<string, unknown> = {
    '/me': me,
    '/me/emails': emails,
    '/me/reports/70': { id: 70, kind: 'combat', created_at: '2026-11-23T10:00:00Z', data: combat },
    '/me/reports/71': { id: 71, kind: 'spy', created_at: '2026-11-23T10:00:00Z', data: spy },
    '/me/reports/72': {
      id: 72,
      kind: 'combat',
      created_at: '2026-11-23T10:00:00Z',
      data: { ...combat, rounds: [], defender_losses: { metal: 0, crystal: 0, fuel: 0 } },
    },
    '/systems/map': systemsColumns([
      {
        id: 12,
        name: 'Sol Prime',
        position: { x: 0, y: 0 },
        security: { id: 2, name: 'low' },
        race: { id: 1 },
        connections: [],
        has_own_planet: true,
      },
    ]),
    '/me/planets': { planets },
    '/accounts/2': { id: 2, username: 'Orion' },
  };
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
    const found = emails.find((entry) => path === `/me/emails/${entry.id}`);
    const body = found ?? answers[path];
    const meta =
      path === '/me/emails' ? { meta: { offset: 0, limit: 50, total: emails.length, unread: 0 } } : {};
    return Promise.resolve(
      body === undefined
        ? new Response(JSON.stringify({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }), {
            status: 404,
          })
        : new Response(JSON.stringify({ data: body, ...meta }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fleet reports under their email', () => {
  it('shows a combat report: units round by round, losses, debris, plunder, rebuilt defenses, links', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=5', language: 'en' });
    const report = await screen.findByTestId('combat-report');
    expect(await within(report).findByText('Battle at Sol Prime · orbit 3')).toBeInTheDocument();
    expect(within(report).getByTestId('report-winner')).toHaveTextContent('Attacker wins');
    const attacker = within(report).getByRole('table', {
      name: 'Units of the Attacker side, round by round',
    });
    const [fighter] = within(attacker).getAllByTestId('attacker-unit');
    // Light fighter: 10 before, 9 after round 1, 9 after round 2, 1 lost.
    expect(
      within(fighter!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Light fighter', '10', '9', '9', '1']);
    const defender = within(report).getAllByTestId('defender-unit');
    expect(defender.map((row) => row.firstChild?.textContent)).toEqual(['Small cargo', 'Rocket launcher']);
    expect(defender[1]).toHaveTextContent(/Rocket launcher3100?3/);
    const money = within(report).getByRole('table', { name: 'Losses, debris and plunder' });
    expect(within(money).getByText('Debris left in orbit').closest('tr')).toHaveTextContent(
      /2[\s,.]?1001[\s,.]?500—/,
    );
    expect(within(money).getByText('Plunder').closest('tr')).toHaveTextContent('45000');
    expect(within(report).getByRole('table', { name: 'Defenses rebuilt' })).toHaveTextContent(
      'Rocket launcher2',
    );
    expect(within(report).getByRole('link', { name: 'Attack' })).toHaveAttribute(
      'href',
      '/systems/12?orbit=3&action=attack',
    );
    expect(within(report).getByRole('link', { name: 'Spy again' })).toHaveAttribute(
      'href',
      '/systems/12?orbit=3&action=spy',
    );
    expect(within(report).getByRole('link', { name: 'Simulate' })).toHaveAttribute(
      'href',
      '/simulator?report=70',
    );
    // The email's text names both sides.
    expect(await screen.findByText(/Nova attacked Orion\. The attacker won\./)).toBeInTheDocument();
  });

  it('shows a spy report: resources, what the score reveals, and links to attack, spy again, simulate', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=6' });
    const report = await screen.findByTestId('spy-report');
    expect(await within(report).findByText('Espionnage : Sol Prime · orbite 3')).toBeInTheDocument();
    expect(report).toHaveTextContent("Score d'espionnage : 3");
    // The stock reads one resource a line (two columns fit a phone; four scrolled sideways).
    const stock = within(report).getByRole('table', { name: 'Ressources' });
    expect(
      within(stock)
        .getAllByRole('row')
        .map((row) => row.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Métal12 000', 'Cristal800', 'Carburant50']);
    expect(within(report).getByRole('table', { name: 'Vaisseaux' })).toHaveTextContent('Petit transporteur2');
    expect(within(report).getByRole('table', { name: 'Défenses' })).toHaveTextContent('Lanceur de missiles3');
    expect(within(report).getAllByText("Non révélé : le score d'espionnage est trop bas.")).toHaveLength(2);
    expect(within(report).getByRole('link', { name: 'Attaquer' })).toHaveAttribute(
      'href',
      '/systems/12?orbit=3&action=attack',
    );
    expect(within(report).getByRole('link', { name: 'Simuler' })).toHaveAttribute(
      'href',
      '/simulator?report=71',
    );
  });

  it('says no round was fought on an undefended planet instead of empty unit tables', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=8', language: 'en' });
    const report = await screen.findByTestId('combat-report');
    expect(within(report).getByTestId('no-fight')).toHaveTextContent('No round was fought');
    expect(within(report).queryByRole('table', { name: /Units of the/ })).not.toBeInTheDocument();
    expect(within(report).getByRole('table', { name: 'Losses, debris and plunder' })).toBeInTheDocument();
  });

  it('names the spy and the own planet of a spied-on email, which has no report', async () => {
    renderWithApp(<EmailsPage />, { route: '/emails?id=7', language: 'en' });
    expect(
      await screen.findByText(/probes sent by Orion spied on your planet Terra \(Sol Prime · orbit 1\)/),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('spy-report')).not.toBeInTheDocument();
  });
});
