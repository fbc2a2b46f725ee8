import type { FactoryItem, Planet } from '@starhold/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { ModulesScreen } from './ModulesScreen';

const me = testMe();

function resource(id: number, value: number, perHour: number) {
  return {
    resource: { id, name: ['metal', 'crystal', 'fuel'][id - 1] ?? 'metal' },
    value,
    max: 10_000,
    production_per_hour: perHour,
    production_per_second: perHour / 3600,
  };
}

const planet: Planet = {
  id: 7,
  index: 0,
  name: 'Home',
  planet_type: { name: 'default' },
  last_visit: null,
  capacity: 10,
  max_capacity: 163,
  race: { id: 1 },
  system: {
    id: 1,
    name: 'Sol',
    security: { id: 1, name: 'high' },
    race: { id: 1 },
    position: { x: 0, y: 0 },
  },
  planet_position: { system_id: 1, index: 0 },
  construction_lists: [],
  // Metal grows by one a second; fuel is not produced.
  resources: [resource(1, 100, 3600), resource(2, 1_000, 60), resource(3, 0, 0)],
};

function factory(id: number, costs: { resourceId: number; amount: number }[]): FactoryItem {
  return {
    id,
    name: `factory_${id}`,
    image: '',
    can_be_improved: false,
    nb_upgrade_on_progress: 0,
    next_level_costs: costs.map((cost) => ({
      resource: { id: cost.resourceId, name: 'r' },
      amount: cost.amount,
    })),
    next_level_time: 30,
    factory: { id, name: `factory_${id}`, resource: { id, name: 'r' } },
    level: 1,
    value: 0,
    hangar_capacity: 10_000,
    production_per_hour: 30,
    production_per_second: 30 / 3600,
  };
}

let requests: string[] = [];

const researchItem = {
  id: 17,
  name: 'electromagnetic_weaponry',
  image: '',
  can_be_improved: false,
  nb_upgrade_on_progress: 0,
  next_level_costs: [{ resource: { id: 1, name: 'metal' }, amount: 50 }],
  next_level_time: 60,
  research: { id: 17, name: 'electromagnetic_weaponry' },
  level: 0,
};
let researchList = {
  modules: [researchItem],
  construction_lists: [] as unknown[],
  max_construction_lists: 3,
};
const buildingList = {
  modules: [1, 2, 3, 4, 5].map((id) => ({
    id,
    name: `b${id}`,
    image: '',
    can_be_improved: false,
    nb_upgrade_on_progress: 0,
    next_level_costs: [],
    next_level_time: 1,
    building: { id, name: `b${id}`, race: { id: 1 } },
    level: id === 3 ? 4 : 0,
  })),
  construction_lists: [],
  max_construction_lists: 3,
};

beforeEach(() => {
  requests = [];
  // Only the intervals and the wall clock are fake: the answers' promises still settle.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: 1_000_000 });
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    requests.push(path);
    if (path === '/me') return json({ data: me });
    // The same answer every time: what grows on screen is grown locally.
    if (path === '/me/planet') return json({ data: planet });
    if (path === '/me/planet/factories')
      return json({
        data: {
          modules: [
            factory(1, [{ resourceId: 1, amount: 400 }]),
            factory(3, [{ resourceId: 3, amount: 50 }]),
          ],
          construction_lists: [],
          max_construction_lists: 3,
        },
      });
    if (path === '/me/planet/researchs') return json({ data: researchList });
    if (path === '/me/planet/buildings') return json({ data: buildingList });
    if (path === '/me/planet/researchs/17')
      return json({
        data: { ...researchList.modules[0], building_requirements: [], research_requirements: [] },
      });
    return json({ data: null });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ModulesScreen: buttons follow the resources', () => {
  it('turns the build button on when the grown stock covers the cost, without reading the list again', async () => {
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories' });
    const metal = await screen.findByTestId('module-1');
    const button = within(metal).getByRole('button', { name: 'Développer Mine de métal' });
    expect(button).toBeDisabled();
    expect(await within(metal).findByTestId('blocked-reason')).toHaveTextContent('Ressources dans 5m 0s');
    const listReads = requests.filter((path) => path === '/me/planet/factories').length;

    await act(async () => {
      vi.advanceTimersByTime(295_000);
      await Promise.resolve();
    });
    expect(within(metal).getByRole('button', { name: 'Développer Mine de métal' })).toBeDisabled();
    expect(within(metal).getByTestId('blocked-reason')).toHaveTextContent('Ressources dans 5s');

    await act(async () => {
      vi.advanceTimersByTime(5_000);
      await Promise.resolve();
    });
    expect(within(metal).getByRole('button', { name: 'Développer Mine de métal' })).toBeEnabled();
    expect(within(metal).queryByTestId('blocked-reason')).not.toBeInTheDocument();
    expect(requests.filter((path) => path === '/me/planet/factories')).toHaveLength(listReads);
  });

  it('says never for a resource with no production, and links the factory to build', async () => {
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories' });
    const fuel = await screen.findByTestId('module-3');
    const reason = await within(fuel).findByTestId('blocked-reason');
    expect(reason).toHaveTextContent(
      'Jamais à la production actuelle : construisez Synthétiseur de carburant',
    );
    expect(within(reason).getByRole('link', { name: 'Synthétiseur de carburant' })).toHaveAttribute(
      'href',
      '/planet/factories?id=3',
    );
    await act(async () => {
      vi.advanceTimersByTime(3_600_000);
      await Promise.resolve();
    });
    expect(within(fuel).getByRole('button', { name: /Développer/ })).toBeDisabled();
  });
});

describe('ModulesScreen: every blocked action says why', () => {
  beforeEach(() => {
    researchList = { modules: [researchItem], construction_lists: [], max_construction_lists: 3 };
  });

  it('names the missing prerequisite with its link, on the card and in the detail panel', async () => {
    renderWithApp(<ModulesScreen kind="researchs" />, { route: '/account/research?id=17' });
    const card = await screen.findByTestId('module-17');
    const reason = await within(card).findByTestId('blocked-reason');
    expect(reason).toHaveTextContent('Requiert Boucliers 2');
    expect(within(reason).getByRole('link', { name: 'Boucliers 2' })).toHaveAttribute(
      'href',
      '/account/research?id=12',
    );
    const drawer = await screen.findByRole('dialog', { name: 'Détail' });
    const detailReason = await within(drawer).findByTestId('blocked-reason');
    expect(detailReason).toHaveAttribute('data-reason', 'requirements');
    expect(within(drawer).getByTestId('wait-estimate')).toHaveTextContent('non (voir ci-dessous)');
    expect(within(drawer).getByRole('button', { name: 'Développer' })).toBeDisabled();
  });

  it('says the queue is full (3/3) rather than a wait', async () => {
    const queued = (id: number) => ({
      id,
      type_id: 5,
      module_id: 1,
      state: 1,
      started_at: null,
      scheduled_at: null,
      scheduled_value: id,
    });
    researchList = {
      modules: [{ ...researchItem, id: 1, research: { id: 1, name: 'mining' } }],
      construction_lists: [queued(1), queued(2), queued(3)],
      max_construction_lists: 3,
    };
    renderWithApp(<ModulesScreen kind="researchs" />, { route: '/account/research' });
    const card = await screen.findByTestId('module-1');
    expect(await within(card).findByTestId('blocked-reason')).toHaveTextContent('File pleine (3/3)');
  });
});
