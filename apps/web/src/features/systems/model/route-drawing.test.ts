import { describe, expect, it } from 'vitest';
import { jumpCount, routeDrawing } from './route-drawing';

const positions = new Map([
  [1, { x: 0, y: 0 }],
  [2, { x: 10, y: 0 }],
  [3, { x: 10, y: 10 }],
]);

function hop(id: number) {
  return { id, name: `S${id}`, security: { name: 'low' } };
}

describe('routeDrawing', () => {
  it('draws one segment per jump, marks the departure as start and the arrival as end', () => {
    const drawing = routeDrawing([hop(1), hop(2), hop(3)], positions);
    expect(drawing.segments).toEqual([
      { key: '1:1-2', from: { x: 0, y: 0 }, to: { x: 10, y: 0 } },
      { key: '2:2-3', from: { x: 10, y: 0 }, to: { x: 10, y: 10 } },
    ]);
    expect(drawing.start).toEqual({ id: 1, x: 0, y: 0 });
    expect(drawing.end).toEqual({ id: 3, x: 10, y: 10 });
    expect([...drawing.systemIds]).toEqual([1, 2, 3]);
  });

  it('draws nothing for an empty route', () => {
    const drawing = routeDrawing([], positions);
    expect(drawing.segments).toEqual([]);
    expect(drawing.start).toBeNull();
    expect(drawing.end).toBeNull();
  });

  it('shows a route that stays in one system as a start marker only', () => {
    const drawing = routeDrawing([hop(2)], positions);
    expect(drawing.segments).toEqual([]);
    expect(drawing.start).toEqual({ id: 2, x: 10, y: 0 });
    expect(drawing.end).toBeNull();
  });

  it('breaks the line around a system missing from the map instead of inventing a position', () => {
    const drawing = routeDrawing([hop(1), hop(42), hop(3)], positions);
    expect(drawing.segments).toEqual([]);
    expect(drawing.start?.id).toBe(1);
    expect(drawing.end?.id).toBe(3);
  });
});

describe('jumpCount', () => {
  it('counts the jumps between the systems of the route', () => {
    expect(jumpCount([hop(1), hop(2), hop(3)])).toBe(2);
    expect(jumpCount([hop(1)])).toBe(0);
    expect(jumpCount([])).toBe(0);
  });
});
