import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_ROUTE_DRAWING, routeDrawing } from '../model/route-drawing';
import { listItem, renderScreen } from '../test-utils';
import { MapCanvas } from './MapCanvas';

const systems = [
  listItem(1, 'Altaïr', { connections: [2], has_own_planet: true }),
  listItem(2, 'Bételgeuse', { connections: [1, 3], security: { id: 2, name: 'low' } }),
  listItem(3, 'Castor', { connections: [2], security: { id: 3, name: 'null' } }),
];

function node(id: number): Element {
  const element = document.querySelector(`[data-system-id="${id}"]`);
  if (!element) throw new Error(`no node ${id}`);
  return element;
}

describe('MapCanvas', () => {
  it('draws every system coloured by its security band, every gate once and rings own systems', () => {
    renderScreen(
      <MapCanvas
        systems={systems}
        matches={[]}
        route={EMPTY_ROUTE_DRAWING}
        focus={[]}
        tapToInspect={false}
        onOpen={vi.fn()}
      />,
    );
    expect(node(1).getAttribute('data-security')).toBe('high');
    expect(node(2).getAttribute('data-security')).toBe('low');
    expect(node(3).getAttribute('data-security')).toBe('null');
    expect(document.querySelectorAll('line')).toHaveLength(2);
    expect(document.querySelectorAll('[data-own-system]')).toHaveLength(1);
  });

  it('opens the clicked system on a desktop', () => {
    const onOpen = vi.fn();
    renderScreen(
      <MapCanvas
        systems={systems}
        matches={[]}
        route={EMPTY_ROUTE_DRAWING}
        focus={[]}
        tapToInspect={false}
        onOpen={onOpen}
      />,
    );
    fireEvent.click(node(2));
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('shows the name, security, position and gate count when the pointer is over a system', () => {
    renderScreen(
      <MapCanvas
        systems={systems}
        matches={[]}
        route={EMPTY_ROUTE_DRAWING}
        focus={[]}
        tapToInspect={false}
        onOpen={vi.fn()}
      />,
    );
    fireEvent.pointerOver(node(2), { pointerType: 'mouse' });
    const tooltip = screen.getByTestId('system-tooltip');
    expect(tooltip).toHaveTextContent('Bételgeuse');
    expect(tooltip).toHaveTextContent('Basse Sécurité');
    expect(tooltip).toHaveTextContent('Position : 200, 100');
    expect(tooltip).toHaveTextContent('2 portails');
    fireEvent.pointerOut(node(2), { pointerType: 'mouse' });
    expect(screen.queryByTestId('system-tooltip')).not.toBeInTheDocument();
  });

  it('shows a tooltip with an open button instead of navigating when a tap inspects', () => {
    const onOpen = vi.fn();
    renderScreen(
      <MapCanvas
        systems={systems}
        matches={[]}
        route={EMPTY_ROUTE_DRAWING}
        focus={[]}
        tapToInspect
        onOpen={onOpen}
      />,
    );
    fireEvent.click(node(1));
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByTestId('system-tooltip')).toHaveTextContent('Vous possédez une planète ici');
    fireEvent.click(screen.getByRole('button', { name: 'Voir le système' }));
    expect(onOpen).toHaveBeenCalledWith(1);
  });

  it('draws a found route as dashed segments with a start and an end marker', () => {
    const positions = new Map(systems.map((system) => [system.id, system.position]));
    const drawing = routeDrawing(systems, positions);
    renderScreen(
      <MapCanvas
        systems={systems}
        matches={[]}
        route={drawing}
        focus={[]}
        tapToInspect={false}
        onOpen={vi.fn()}
      />,
    );
    expect(document.querySelectorAll('[data-route-segment]')).toHaveLength(2);
    expect(document.querySelector('[data-route-start]')?.getAttribute('data-route-start')).toBe('1');
    expect(document.querySelector('[data-route-end]')?.getAttribute('data-route-end')).toBe('3');
  });
});
