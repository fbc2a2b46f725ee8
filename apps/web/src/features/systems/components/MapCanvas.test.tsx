import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ROUTE_DRAWING, routeDrawing } from '../model/route-drawing';
import { listItem, renderScreen } from '../test-utils';
import { MapCanvas } from './MapCanvas';

// Systems at (100, 50), (200, 100) and (300, 150): jsdom lays nothing out, so the map keeps the
// identity transform and a system's screen point is its position.
const systems = [
  listItem(1, 'Altaïr', { connections: [2], has_own_planet: true }),
  listItem(2, 'Bételgeuse', { connections: [1, 3], security: { id: 2, name: 'low' } }),
  listItem(3, 'Castor', { connections: [2], security: { id: 3, name: 'null' } }),
];

beforeEach(() => {
  // A view of 800 x 600 for the list of systems in view; no canvas context in jsdom.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderMap(props: Partial<Parameters<typeof MapCanvas>[0]> = {}) {
  const onOpen = vi.fn();
  renderScreen(
    <MapCanvas
      systems={systems}
      matches={[]}
      route={EMPTY_ROUTE_DRAWING}
      focus={[]}
      tapToInspect={false}
      onOpen={onOpen}
      {...props}
    />,
  );
  return { onOpen, map: screen.getByTestId('systems-map') };
}

describe('MapCanvas', () => {
  it('lists the systems in view for the keyboard, nearest to the centre first, with their band', () => {
    renderMap();
    const list = screen.getByRole('list', { name: 'Systèmes visibles' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Castor · Null Sec',
      'Bételgeuse · Basse Sécurité',
      'Altaïr · Haute Sécurité',
    ]);
    expect(buttons.map((button) => button.getAttribute('data-security'))).toEqual(['null', 'low', 'high']);
  });

  it('opens the clicked system on a desktop, and nothing when the click misses every system', () => {
    const { onOpen, map } = renderMap();
    fireEvent.click(map, { clientX: 203, clientY: 98 });
    expect(onOpen).toHaveBeenCalledWith(2);
    onOpen.mockClear();
    fireEvent.click(map, { clientX: 250, clientY: 300 });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('shows the name, security, position and gate count when the pointer is over a system', () => {
    const { map } = renderMap();
    fireEvent.mouseMove(map, { clientX: 200, clientY: 100 });
    const tooltip = screen.getByTestId('system-tooltip');
    expect(tooltip).toHaveTextContent('Bételgeuse');
    expect(tooltip).toHaveTextContent('Basse Sécurité');
    expect(tooltip).toHaveTextContent('Position : 200, 100');
    expect(tooltip).toHaveTextContent('2 portails');
    fireEvent.mouseMove(map, { clientX: 500, clientY: 400 });
    expect(screen.queryByTestId('system-tooltip')).not.toBeInTheDocument();
    fireEvent.mouseMove(map, { clientX: 100, clientY: 50 });
    expect(screen.getByTestId('system-tooltip')).toHaveTextContent('Altaïr');
    fireEvent.mouseLeave(map);
    expect(screen.queryByTestId('system-tooltip')).not.toBeInTheDocument();
  });

  it('shows a tooltip with an open button instead of navigating when a tap inspects', () => {
    const { onOpen, map } = renderMap({ tapToInspect: true });
    fireEvent.click(map, { clientX: 100, clientY: 50 });
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByTestId('system-tooltip')).toHaveTextContent('Vous possédez une planète ici');
    fireEvent.click(screen.getByRole('button', { name: 'Voir le système' }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('shows the focused system of the list in a tooltip and opens it with the keyboard', () => {
    const { onOpen } = renderMap();
    const button = screen.getByRole('button', { name: 'Altaïr · Haute Sécurité' });
    fireEvent.focus(button);
    expect(screen.getByTestId('system-tooltip')).toHaveTextContent('Altaïr');
    fireEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith(1);
    fireEvent.blur(button);
    expect(screen.queryByTestId('system-tooltip')).not.toBeInTheDocument();
  });

  it('is one focusable map whose keys are explained, with its zoom buttons', () => {
    const { map } = renderMap();
    expect(map).toHaveAttribute('tabindex', '0');
    expect(map).toHaveAccessibleName('Carte des systèmes stellaires et de leurs portails');
    expect(map).toHaveAccessibleDescription(/flèches déplacent la carte/);
    for (const name of ['Zoomer', 'Dézoomer', 'Voir toute la carte'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('draws a found route between its start and end, and counts the fleets it draws', () => {
    const positions = new Map(systems.map((system) => [system.id, system.position]));
    const { map } = renderMap({
      route: routeDrawing(systems, positions),
      fleets: {
        own: [
          {
            id: 9,
            state: 'outbound',
            route: [1, 2, 3],
            departed_at: '2026-01-01T00:00:00Z',
            arrives_at: '2099-01-01T00:00:00Z',
            returns_at: null,
          },
        ],
        hostile: [
          { id: 4, origin: { system_id: 3 }, target: { system_id: 1 }, arrives_at: '2099-01-01T00:00:00Z' },
          { id: 5, origin: { system_id: 99 }, target: { system_id: 1 }, arrives_at: '2099-01-01T00:00:00Z' },
        ],
      },
    });
    expect(map).toHaveAttribute('data-route-segments', '2');
    expect(map).toHaveAttribute('data-route-start', '1');
    expect(map).toHaveAttribute('data-route-end', '3');
    // The hostile fleet from an unknown system cannot be placed.
    expect(map).toHaveAttribute('data-fleets', '1:1');
  });
});
