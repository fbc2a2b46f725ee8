import { describe, expect, it } from 'vitest';
import { gateCount, gateEdges } from './map-geometry';
import type { MapSystem } from './types';

function system(id: number, connections: number[], x = id * 10, y = 0): MapSystem {
  return {
    id,
    name: `S${id}`,
    position: { x, y },
    security: { name: 'high' },
    connections,
    has_own_planet: false,
  };
}

describe('gateEdges', () => {
  it('draws each undirected gate once even though both ends list it', () => {
    const systems = [system(1, [2, 3]), system(2, [1]), system(3, [1])];
    expect(gateEdges(systems).map((edge) => edge.key)).toEqual(['1-2', '1-3']);
  });

  it('joins the positions of the two systems', () => {
    const [edge] = gateEdges([system(1, [2], 5, 6), system(2, [1], 7, 8)]);
    expect(edge?.from).toEqual({ x: 5, y: 6 });
    expect(edge?.to).toEqual({ x: 7, y: 8 });
  });

  it('skips a gate towards a system that is not on the map', () => {
    expect(gateEdges([system(1, [99])])).toEqual([]);
  });

  it('still draws a gate listed by one end only', () => {
    expect(gateEdges([system(1, [2]), system(2, [])]).map((edge) => edge.key)).toEqual(['1-2']);
    expect(gateEdges([system(1, []), system(2, [1])])).toEqual([]);
  });
});

describe('gateCount', () => {
  it('counts gates, not connection entries', () => {
    expect(gateCount([system(1, [2, 3]), system(2, [1, 3]), system(3, [1, 2])])).toBe(3);
  });
});
