import type { AdminAccountDetail } from '@starhold/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeMatchMedia, narrowerThan } from '../../../test/match-media';
import { AccountDetail } from './AccountDetail';

// Noon UTC: the same calendar day in every zone the tests run in.
const TIME = '2026-01-31T12:00:00.000Z';
const detail: AdminAccountDetail = {
  account: {
    id: 3,
    username: 'ada_1',
    email: 'ada@example.org',
    race: { id: 1, name: 'human' },
    total_points: 0,
    nmi: 90,
    last_visit: TIME,
    suspended_at: null,
    operator: false,
    created_at: TIME,
  },
  planets: [],
  fleets: [],
  queues: [],
  emails: [{ id: 5, title: 'welcome', params: '{"username":"ada_1"}', created_at: TIME, read_at: null }],
  sessions: [],
  audit: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the console's account page", () => {
  it('names the emails sent as the player reads them, not by their key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: detail }))),
    );
    renderWithApp(<AccountDetail id={3} />, { language: 'en', route: '/admin/accounts/3' });
    expect(await screen.findByText('Welcome to the fleet, ada_1')).toBeInTheDocument();
    expect(screen.queryByText('welcome')).not.toBeInTheDocument();
  });

  it("writes English dates the way the app's other screens do (day first), not the US way", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: detail }))),
    );
    renderWithApp(<AccountDetail id={3} />, { language: 'en', route: '/admin/accounts/3' });
    expect((await screen.findAllByText(/31\/01\/2026/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/01\/31\/2026/)).not.toBeInTheDocument();
  });
});

/** A window of `width` px: Mantine's useMediaQuery reads window.matchMedia. */
function phoneWidth(width: number) {
  vi.stubGlobal('matchMedia', fakeMatchMedia(narrowerThan(width)));
}

const busy: AdminAccountDetail = {
  ...detail,
  planets: [
    {
      id: 11,
      index: 0,
      name: 'Homeworld',
      system_id: 4,
      orbit: 2,
      metal: 1500,
      crystal: 250,
      fuel: 0,
      ships: 12,
      last_visit: TIME,
    },
  ],
  fleets: [
    {
      id: 77,
      mission: 1,
      state: 'outbound',
      target_system_id: 9,
      target_orbit: 0,
      arrives_at: TIME,
      returns_at: null,
      ships: 5,
    },
  ],
  sessions: [{ id: 1, created_at: TIME, expires_at: TIME, remember_me: true, status: 'active' }],
  audit: Array.from({ length: 12 }, (_, index) => ({
    id: index + 1,
    at: TIME,
    operator_id: null,
    operator_name: '',
    action: 'grant_nmi' as const,
    target_account_id: 3,
    target_name: 'ada_1',
    reason: `reason ${index + 1}`,
    before: { nmi: index },
    after: { nmi: index + 1 },
  })),
};

describe("the console's account page on a phone (768 px or less)", () => {
  it('shows every table as cards with every column, no table to scroll sideways', async () => {
    phoneWidth(375);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: busy }))),
    );
    renderWithApp(<AccountDetail id={3} />, { language: 'en', route: '/admin/accounts/3' });
    const planets = await screen.findByTestId('admin-planets');
    expect(document.querySelector('table')).toBeNull();
    // The planet's card keeps all five columns: name, place, resources, ships, last visit.
    expect(planets).toHaveTextContent('1. Homeworld');
    expect(planets).toHaveTextContent('System 4, orbit 3');
    expect(planets).toHaveTextContent('Metal / crystal / fuel');
    expect(planets).toHaveTextContent('1.5K / 250 / 0');
    expect(planets).toHaveTextContent('Ships12');
    expect(planets).toHaveTextContent('Last visit31/01/2026');
    // The fleet's end button is still there, and the audit's cards are paged, not cut at ten.
    expect(screen.getByRole('button', { name: 'End' })).toBeInTheDocument();
    const audit = screen.getByTestId('admin-audit');
    expect(audit).toHaveTextContent('reason 1');
    expect(audit).not.toHaveTextContent('reason 11');
    await userEvent.click(within(audit).getByRole('button', { name: 'Next' }));
    expect(audit).toHaveTextContent('reason 11');
  });

  it('keeps the tables from 769 px', async () => {
    phoneWidth(769);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: busy }))),
    );
    renderWithApp(<AccountDetail id={3} />, { language: 'en', route: '/admin/accounts/3' });
    const planets = await screen.findByTestId('admin-planets');
    expect(planets.querySelector('table')).not.toBeNull();
  });
});
