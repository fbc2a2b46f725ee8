import type { AdminAccountDetail } from '@starhold/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
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
