import { Menu } from '@mantine/core';
import type { IdleAlert } from '@starhold/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeApi } from '../test-utils';
import { IdleAlertsMenuItems, IdleAlertsWatcher } from './IdleAlerts';

const now = Date.parse('2026-11-24T06:00:00Z');
const clock = { now: () => now };
const home = { planet_id: 11, planet_index: 0, planet_name: 'Planète mère' };

function renderOpen(alerts: IdleAlert[], language: 'fr' | 'en' = 'fr') {
  return renderWithApp(
    <Menu opened>
      <Menu.Target>
        <button type="button">bell</button>
      </Menu.Target>
      <Menu.Dropdown>
        <IdleAlertsMenuItems alerts={alerts} clock={clock} />
      </Menu.Dropdown>
    </Menu>,
    { language },
  );
}

describe('IdleAlertsMenuItems', () => {
  it('words each alert and links it to the screen that fixes it', async () => {
    renderOpen([
      { kind: 'storage_full', ...home, resource_id: 1, full_at: '2026-11-24T06:12:00Z' },
      { kind: 'storage_full', ...home, resource_id: 2, full_at: '2026-11-24T05:00:00Z' },
      { kind: 'queue_empty', ...home },
      { kind: 'research_idle' },
    ]);
    const items = await screen.findAllByTestId('idle-alert');
    expect(items.map((item) => item.textContent)).toEqual([
      'Hangar plein dans 12m : Métal sur Planète mère',
      'Hangar plein : Cristal sur Planète mère, la production est perdue',
      'Planète mère ne construit rien',
      'Aucune recherche en cours',
    ]);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/planet/buildings?id=4',
      '/planet/buildings?id=4',
      '/planet/factories',
      '/account/research',
    ]);
  });

  it('shows nothing without alerts', () => {
    renderOpen([]);
    expect(screen.queryByText('Alertes')).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    renderOpen([{ kind: 'queue_empty', ...home, planet_name: 'Homeworld' }], 'en');
    expect(await screen.findByText('Homeworld is building nothing')).toBeInTheDocument();
  });
});

describe('IdleAlertsWatcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the alerts silently and hands them to the header', async () => {
    const alerts = [{ kind: 'queue_empty', ...home }];
    vi.stubGlobal('fetch', fakeApi({ 'GET /me/alerts': { body: { data: alerts } } }).fetch);
    const onChange = vi.fn();
    renderWithApp(<IdleAlertsWatcher onChange={onChange} />);
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith(alerts));
  });
});
