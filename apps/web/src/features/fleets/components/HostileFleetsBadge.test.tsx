import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/toasts';
import { renderWithApp } from '../../../test/render';
import { systemsColumns } from '../../../test/systems-columns';
import { fakeApi, systemItem } from '../test-utils';
import { HostileFleetsBadge } from './HostileFleetsBadge';

const now = Date.parse('2026-11-23T12:00:00Z');
const clock = { now: () => now };

const hostile = (id: number, arrivesAt: string) => ({
  id,
  mission: 3,
  origin: { system_id: 40 },
  target: { system_id: 1, orbit: 3 },
  arrives_at: arrivesAt,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HostileFleetsBadge', () => {
  it('shows the count, the nearest arrival and its target by name of the hostile fleets still on their way', async () => {
    const api = fakeApi({
      'GET /me/fleets': {
        body: {
          data: {
            own: [],
            hostile: [
              hostile(1, '2026-11-23T12:30:00Z'),
              hostile(2, '2026-11-23T12:05:00Z'),
              hostile(3, '2026-11-23T11:59:00Z'),
            ],
          },
        },
      },
      'GET /systems/map': {
        body: { data: systemsColumns([systemItem(1, 'Sol Prime'), systemItem(40, 'Vega')]) },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<HostileFleetsBadge clock={clock} />);
    const badge = await screen.findByTestId('hostile-fleets-badge');
    expect(badge).toHaveTextContent('5m');
    expect(badge).toHaveAttribute('href', '/fleets');
    await vi.waitFor(() =>
      expect(badge).toHaveAccessibleName('2 flottes hostiles, la première vers Sol Prime · orbite 3 : 5m'),
    );
  });

  it('shows nothing without hostile fleets, and no error toast when the list fails', async () => {
    toasts.clearAll();
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<HostileFleetsBadge clock={clock} />);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('hostile-fleets-badge')).not.toBeInTheDocument();
    expect(toasts.getSnapshot()).toEqual([]);
  });
});
