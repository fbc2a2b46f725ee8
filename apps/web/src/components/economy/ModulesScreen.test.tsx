import type { FactoryItem, ModuleDetail, ShipItem } from '@starhold/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { DetailPanel } from './DetailPanel';
import { ModuleGrid } from './ModuleGrid';
import { ModulesScreen } from './ModulesScreen';
import type { ModuleView } from './module-view';

const me = testMe();

function factory(id: number, changes: Partial<FactoryItem> = {}): FactoryItem {
  return {
    id,
    name: `factory_${id}`,
    image: '',
    can_be_improved: true,
    nb_upgrade_on_progress: 0,
    next_level_costs: [{ resource: { id: 1, name: 'metal' }, amount: 60 }],
    next_level_time: 30,
    factory: { id, name: `factory_${id}`, resource: { id, name: 'metal' } },
    level: 2,
    value: 0,
    hangar_capacity: 10_000,
    production_per_hour: 30,
    production_per_second: 30 / 3600,
    ...changes,
  };
}

function ship(id: number, changes: Partial<ShipItem> = {}): ShipItem {
  return {
    id,
    name: `ship_${id}`,
    image: '',
    can_be_improved: true,
    nb_upgrade_on_progress: 0,
    next_level_costs: [{ resource: { id: 1, name: 'metal' }, amount: 3000 }],
    next_level_time: 60,
    ship: {
      id,
      name: `ship_${id}`,
      speed: 12_500,
      consumption_per_ua: 1,
      can_colonize: false,
      can_exploit: false,
      can_spy: false,
      race: { id: 1 },
    },
    value: 4,
    ...changes,
  };
}

const noRequirements = { building_requirements: [], research_requirements: [] };
let details: Record<string, ModuleDetail> = {};

beforeEach(() => {
  details = {};
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    if (path === '/me') return json({ data: me });
    if (path === '/me/planet/factories')
      return json({
        data: {
          modules: [factory(1), factory(2, { level: 0, nb_upgrade_on_progress: 1 })],
          construction_lists: [],
          max_construction_lists: 3,
        },
      });
    const detail = details[path];
    if (detail) return json({ data: detail });
    return json({ message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function view(id: number, changes: Partial<ModuleView> = {}): ModuleView {
  return {
    id,
    amount: 2,
    pending: 0,
    canBeImproved: true,
    costs: [],
    time: 30,
    image: '',
    raceId: 1,
    ...changes,
  };
}

describe('ModuleGrid', () => {
  const grid = (kind: 'factories' | 'ships', items: ModuleView[], onQuickUpgrade = vi.fn()) =>
    renderWithApp(
      <ModuleGrid
        kind={kind}
        items={items}
        selectedId={undefined}
        busy={false}
        onSelect={() => undefined}
        onQuickUpgrade={onQuickUpgrade}
      />,
    );

  it('shows each level with the levels under way, and a pending badge only when some are', () => {
    grid('factories', [view(1, { amount: 3, pending: 2 }), view(2, { amount: 1 })]);
    const metal = screen.getByTestId('module-1');
    expect(within(metal).getByTestId('module-amount')).toHaveTextContent('niveau 3 (+2)');
    expect(within(metal).getByTestId('module-pending')).toHaveTextContent('2 en cours');
    const crystal = screen.getByTestId('module-2');
    expect(within(crystal).getByTestId('module-amount')).toHaveTextContent('niveau 1');
    expect(within(crystal).queryByTestId('module-pending')).not.toBeInTheDocument();
  });

  it('offers the quick upgrade only on what can be improved, and starts that one', async () => {
    const onQuickUpgrade = vi.fn();
    grid('factories', [view(1), view(2, { canBeImproved: false })], onQuickUpgrade);
    expect(screen.queryByRole('button', { name: 'Développer Mine de cristal' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Développer Mine de métal' }));
    expect(onQuickUpgrade).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('counts owned units and orders them on unit screens', () => {
    grid('ships', [view(1, { amount: 5 })]);
    expect(screen.getByTestId('module-amount')).toHaveTextContent('5 possédés');
    expect(screen.getByRole('button', { name: 'Commander Chasseur léger' })).toBeInTheDocument();
  });
});

describe('DetailPanel', () => {
  const panel = (
    kind: 'factories' | 'ships' | 'researchs',
    id: number,
    { busy = false, onDevelop = vi.fn(), onDemolish = vi.fn() } = {},
  ) =>
    renderWithApp(
      <DetailPanel
        kind={kind}
        id={id}
        stocks={[]}
        raceId={1}
        busy={busy}
        onClose={() => undefined}
        onDevelop={onDevelop}
        onDemolish={onDemolish}
      />,
    );

  it('shows only the tabs the kind supports: a factory has no prerequisites or combat tabs', async () => {
    details['/me/planet/factories/1'] = { ...factory(1), ...noRequirements };
    panel('factories', 1);
    expect(await screen.findByTestId('detail-name')).toHaveTextContent('Mine de métal');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Aperçu', 'Détail']);
  });

  it('shows prerequisites, damages and layers for a ship, and no detail tab without a detail text', async () => {
    details['/me/planet/ships/1'] = { ...ship(1), ...noRequirements };
    panel('ships', 1);
    await screen.findByTestId('detail-name');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Aperçu', 'Prérequis', 'Dégâts', 'Couches']);
    expect(screen.queryByRole('button', { name: 'Démolir' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Commander' })).toBeEnabled();
  });

  it('develops and demolishes what can be, by its id', async () => {
    details['/me/planet/factories/1'] = { ...factory(1), ...noRequirements };
    const onDevelop = vi.fn();
    const onDemolish = vi.fn();
    panel('factories', 1, { onDevelop, onDemolish });
    await screen.findByTestId('detail-name');
    await userEvent.click(screen.getByRole('button', { name: 'Développer' }));
    expect(onDevelop).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Démolir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Démolir Mine de métal ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Démolir' }));
    expect(onDemolish).toHaveBeenCalledWith(1);
  });

  it('disables develop when the item cannot be improved, and demolish at level 0 or with levels under way', async () => {
    details['/me/planet/factories/2'] = {
      ...factory(2, { level: 0, can_be_improved: false }),
      ...noRequirements,
    };
    panel('factories', 2);
    await screen.findByTestId('detail-name');
    expect(screen.getByRole('button', { name: 'Développer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Démolir' })).toBeDisabled();
  });

  it('disables demolish while a level is under way, and both actions while one is being sent', async () => {
    details['/me/planet/factories/1'] = { ...factory(1, { nb_upgrade_on_progress: 1 }), ...noRequirements };
    const first = panel('factories', 1);
    await screen.findByTestId('detail-name');
    expect(screen.getByRole('button', { name: 'Démolir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Développer' })).toBeEnabled();
    first.unmount();
    details['/me/planet/factories/1'] = { ...factory(1), ...noRequirements };
    panel('factories', 1, { busy: true });
    await screen.findByTestId('detail-name');
    expect(screen.getByRole('button', { name: 'Démolir' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Développer/ })).toBeDisabled();
  });
});

describe('ModulesScreen', () => {
  it('opens the detail of ?id= and closes it by clearing the query string', async () => {
    details['/me/planet/factories/1'] = { ...factory(1), ...noRequirements };
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories?id=1' });
    const drawer = await screen.findByRole('dialog', { name: 'Détail' });
    expect(await within(drawer).findByTestId('detail-name')).toHaveTextContent('Mine de métal');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('module-1')).toBeInTheDocument();
  });

  it('opens a card from the grid, and ignores an id that is not a positive whole number', async () => {
    details['/me/planet/factories/2'] = {
      ...factory(2, { level: 0, nb_upgrade_on_progress: 1 }),
      ...noRequirements,
    };
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories?id=abc' });
    await screen.findByTestId('module-2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('module-2')).getByTestId('module-amount')).toHaveTextContent(
      'niveau 0 (+1)',
    );
    await userEvent.click(screen.getByRole('button', { name: /^Mine de cristal/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Détail' });
    expect(await within(drawer).findByTestId('detail-name')).toHaveTextContent('Mine de cristal');
  });
});
