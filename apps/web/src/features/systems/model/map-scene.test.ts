import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listItem } from '../test-utils';
import {
  buildScene,
  clusterAt,
  clusterLevel,
  clusterLevelAt,
  CLUSTER_MIN_CELL_PX,
  detailAt,
  LABELS_MIN_SPACING_PX,
  nodeRadius,
  systemAt,
  systemsInView,
  SYSTEMS_MIN_SPACING_PX,
  systemsZoom,
} from './map-scene';

/** A 10 x 10 grid of systems 10 units apart, each linked to its right and lower neighbours. */
function grid() {
  const systems = [];
  for (let row = 0; row < 10; row += 1)
    for (let column = 0; column < 10; column += 1) {
      const id = row * 10 + column + 1;
      const connections = [
        ...(column > 0 ? [id - 1] : []),
        ...(column < 9 ? [id + 1] : []),
        ...(row > 0 ? [id - 10] : []),
        ...(row < 9 ? [id + 10] : []),
      ];
      systems.push(
        listItem(id, `S${id}`, {
          position: { x: column * 10, y: row * 10 },
          connections,
          security: row < 5 ? { id: 1, name: 'high' } : { id: 3, name: 'null' },
          has_own_planet: id === 55,
        }),
      );
    }
  return systems;
}

describe('buildScene', () => {
  it('keeps each system once, each gate once, and the typical spacing between systems', () => {
    const scene = buildScene(grid());
    expect(scene.size).toBe(100);
    expect(scene.gateFrom).toHaveLength(2 * 9 * 10);
    expect(scene.spacing).toBeCloseTo(9, 5); // a 90 x 90 square holding 100 systems
    expect([...scene.own].filter(Boolean)).toHaveLength(1);
    expect(scene.tone[0]).toBe(0);
    expect(scene.tone[99]).toBe(2);
  });

  it('skips a gate to a system missing from the list', () => {
    const scene = buildScene([
      listItem(1, 'A', { connections: [2, 7] }),
      listItem(2, 'B', { connections: [1] }),
    ]);
    expect(scene.gateFrom).toHaveLength(1);
  });
});

describe('level of detail', () => {
  it.each([
    [0.5, 10, 'clusters'],
    [SYSTEMS_MIN_SPACING_PX / 10, 10, 'systems'],
    [1.2, 40, 'systems'], // far enough apart but under the spec's label zoom
    [LABELS_MIN_SPACING_PX / 10, 10, 'labels'],
    [1.4, 31, 'labels'],
  ] as const)('at zoom %s with systems %s units apart shows %s', (k, spacing, detail) => {
    expect(detailAt(k, spacing)).toBe(detail);
  });

  it('opens a cluster at the zoom where its systems are drawn one by one', () => {
    expect(detailAt(systemsZoom(9.8), 9.8)).toBe('systems');
    expect(detailAt(systemsZoom(9.8) * 0.99, 9.8)).toBe('clusters');
  });

  it('never shrinks a dot under its floor nor lets neighbours touch once drawn', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 1, max: 100, noNaN: true }),
        fc.boolean(),
        (k, spacing, phone) => {
          const r = nodeRadius(k, spacing, phone);
          expect(r).toBeGreaterThanOrEqual(phone ? 4 : 3);
          expect(r).toBeLessThanOrEqual(10);
          if (detailAt(k, spacing) !== 'clusters' && k * spacing >= 12)
            expect(2 * r).toBeLessThan(k * spacing);
        },
      ),
    );
  });
});

describe('clusters', () => {
  it('groups systems into cells coloured by their main band, and bundles gates into lanes', () => {
    const scene = buildScene(grid());
    const level = clusterLevel(scene, 50);
    expect([...level.count].reduce((a, b) => a + b, 0)).toBe(100);
    expect(level.count).toHaveLength(4);
    expect([...level.tone].sort()).toEqual([0, 0, 2, 2]);
    // Four cells in a square: four lanes, each bundling the 5 gates crossing a border.
    expect(level.laneFrom).toHaveLength(4);
    expect([...level.laneCount]).toEqual([5, 5, 5, 5]);
  });

  it('picks the finest grid whose cells are wide enough on screen, and finds the cell under a point', () => {
    const scene = buildScene(grid());
    const k = 0.5;
    const level = clusterLevelAt(scene, k);
    expect(level).not.toBeNull();
    expect(level!.size * k).toBeGreaterThanOrEqual(CLUSTER_MIN_CELL_PX);
    expect(clusterLevelAt(scene, k)).toBe(level); // built once
    const cell = clusterAt(level!, { x: 0, y: 0, k }, { x: level!.x[0]! * k, y: level!.y[0]! * k });
    expect(cell).toBe(0);
  });
});

describe('hit testing and the list of systems in view', () => {
  it('finds the nearest system within the radius, or only own systems while clusters are shown', () => {
    const scene = buildScene(grid());
    const identity = { x: 0, y: 0, k: 1 };
    expect(scene.ids[systemAt(scene, identity, { x: 41, y: 52 }, 5, false)]).toBe(55);
    expect(systemAt(scene, identity, { x: 45, y: 45 }, 5, false)).toBe(-1);
    expect(scene.ids[systemAt(scene, identity, { x: 21, y: 21 }, 5, false)]).toBe(23);
    expect(systemAt(scene, identity, { x: 21, y: 21 }, 5, true)).toBe(-1);
    expect(scene.ids[systemAt(scene, identity, { x: 40, y: 49 }, 5, true)]).toBe(55);
  });

  it('lists the systems of the view nearest its centre first, own systems only among clusters', () => {
    const scene = buildScene(grid());
    const view = { width: 200, height: 200 };
    // Zoom 2 on the top-left corner: systems 0..90 x 0..90 scaled, the view shows x and y up to 100.
    const listed = systemsInView(scene, { x: 0, y: 0, k: 2 }, view, 5).map((i) => scene.ids[i]);
    expect(listed[0]).toBe(56); // at (50, 50), the centre of the view
    expect(listed).toHaveLength(5);
    expect(systemsInView(scene, { x: 0, y: 0, k: 0.5 }, view, 50).map((i) => scene.ids[i])).toEqual([55]);
  });
});
