import type { FactoryItem, Planet } from '@starhold/contract';
import { levelCost } from '@starhold/rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../test/render';
import { requestUrl } from '../../test/request-url';
import { formatBuildTime } from './economy-format';
import { ModulesScreen } from './ModulesScreen';

// The game runs at speed 2 here: every number below must carry it (decision 240).
const SPEED = 2;
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

const me = testMe({ game_speed: SPEED });

const resource = (id: number, value: number, perHour: number) => ({
  resource: { id, name: ['metal', 'crystal', 'fuel'][id - 1] ?? 'metal' },
  value,
  max: 100_000,
  production_per_hour: perHour,
  production_per_second: perHour / 3600,
});

const planet: Planet = {
  id: 7,
  index: 0,
  name: 'Home',
  planet_type: { name: 'gas' },
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
  resources: [resource(1, 50_000, 100), resource(2, 50_000, 60), resource(3, 50_000, 0)],
};

/** Metal mine level 2 on a gas planet at speed 2: (30 × 2 × 1.1² + 30) × 2, no metal bonus. */
const METAL_PER_HOUR = (30 * 2 * 1.1 ** 2 + 30) * SPEED;

function factory(id: number, level: number, perHour: number): FactoryItem {
  return {
    id,
    name: `factory_${id}`,
    image: '',
    can_be_improved: true,
    nb_upgrade_on_progress: 0,
    next_level_costs: [{ resource: { id: 1, name: 'metal' }, amount: 10 }],
    next_level_time: 30,
    factory: { id, name: `factory_${id}`, resource: { id, name: 'r' } },
    level,
    value: 0,
    hangar_capacity: 100_000,
    production_per_hour: perHour,
    production_per_second: perHour / 3600,
  };
}

/** GAME_RULES 5 for a factory level at command center 0, over the game speed. */
function factorySeconds(moduleId: number, level: number): number {
  const cost = levelCost(1, moduleId, level);
  return Math.max(1, Math.round((((cost.metal + cost.crystal) / 2500) * 3600) / SPEED));
}

let queue: unknown[] = [];
const factories = () => [factory(1, 2, METAL_PER_HOUR), factory(2, 2, 40), factory(3, 0, 0)];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    if (path === '/me') return json({ data: me });
    if (path === '/me/planet') return json({ data: { ...planet, construction_lists: queue } });
    if (path === '/me/planet/factories')
      return json({ data: { modules: factories(), construction_lists: queue, max_construction_lists: 3 } });
    if (path === '/me/planet/buildings')
      return json({ data: { modules: [], construction_lists: [], max_construction_lists: 3 } });
    if (path === '/me/planet/researchs')
      return json({ data: { modules: [], construction_lists: [], max_construction_lists: 3 } });
    const detail = /^\/me\/planet\/factories\/(\d)$/.exec(path);
    if (detail) {
      const item = factories().find((one) => one.id === Number(detail[1]));
      return json({ data: { ...item, building_requirements: [], research_requirements: [] } });
    }
    return json({ data: null });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queue = [];
});

describe('DetailPanel at the server game speed', () => {
  it('prices a level-0 fuel synthesizer exactly from the game speed and the planet bonus', async () => {
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories?id=3' });
    const drawer = await screen.findByRole('dialog', { name: 'Détail' });
    // 10 × 1 × 1.1 × speed 2 × (1 + gas planet's 25% fuel bonus) = 27.5 -> 27 shown.
    expect(await within(drawer).findByTestId('level-effect')).toHaveTextContent(
      'Production de Carburant : 0/h → 27/h (+27/h)',
    );
    expect(within(drawer).getByTestId('level-effect')).not.toHaveTextContent('environ');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(drawer).getByRole('tab', { name: 'Détail' }));
    expect(
      await within(drawer).findByText(
        /Production par heure dans cette partie \(vitesse de jeu 2\) : 20 × niveau/,
      ),
    ).toBeInTheDocument();
  });

  it('says when an item joining the queue starts: the rest of the item in progress plus the waiting ones', async () => {
    const running = factorySeconds(2, 3);
    queue = [
      {
        id: 1,
        type_id: 1,
        module_id: 2,
        state: 2,
        started_at: new Date(NOW + 100_000 - running * 1000).toISOString(),
        scheduled_at: new Date(NOW + 100_000).toISOString(),
        scheduled_value: 3,
      },
      { id: 2, type_id: 1, module_id: 1, state: 1, started_at: null, scheduled_at: null, scheduled_value: 3 },
    ];
    renderWithApp(<ModulesScreen kind="factories" />, { route: '/planet/factories?id=2' });
    const drawer = await screen.findByRole('dialog', { name: 'Détail' });
    const wait = 100 + factorySeconds(1, 3);
    await vi.waitFor(() =>
      expect(within(drawer).getByTestId('wait-estimate')).toHaveTextContent(
        `dans ${formatBuildTime(wait)}, après 2 éléments en file`,
      ),
    );
  });
});
