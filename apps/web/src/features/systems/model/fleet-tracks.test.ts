import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alongPath, hostileTracks, ownTracks } from './fleet-tracks';

const positions = new Map([
  [1, { x: 0, y: 0 }],
  [2, { x: 30, y: 0 }],
  [3, { x: 30, y: 10 }],
]);

describe('alongPath', () => {
  it.each([
    [0, { x: 0, y: 0 }],
    [0.5, { x: 20, y: 0 }],
    [0.75, { x: 30, y: 0 }],
    [0.875, { x: 30, y: 5 }],
    [1, { x: 30, y: 10 }],
    [2, { x: 30, y: 10 }],
    [-1, { x: 0, y: 0 }],
  ])('covers %s of a 40-unit route at %o', (fraction, at) => {
    const place = alongPath([...positions.values()], fraction);
    expect(place?.at.x).toBeCloseTo(at.x, 9);
    expect(place?.at.y).toBeCloseTo(at.y, 9);
  });

  it('stays on the segment it heads along', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (fraction) => {
        const place = alongPath([...positions.values()], fraction)!;
        const onFirst = place.at.y === 0 && place.at.x >= 0 && place.at.x <= 30;
        const onSecond = Math.abs(place.at.x - 30) < 1e-9 && place.at.y >= 0 && place.at.y <= 10;
        expect(onFirst || onSecond).toBe(true);
      }),
    );
  });

  it('stays in place on a route inside one system', () => {
    expect(alongPath([{ x: 5, y: 5 }], 0.5)).toEqual({ at: { x: 5, y: 5 }, heading: 0, next: 1 });
    expect(alongPath([], 0.5)).toBeNull();
  });
});

describe('fleet tracks', () => {
  const departed = Date.parse('2026-01-01T00:00:00Z');
  const fleet = {
    id: 7,
    state: 'outbound' as const,
    route: [1, 2, 3],
    departed_at: '2026-01-01T00:00:00Z',
    arrives_at: '2026-01-01T00:40:00Z',
    returns_at: null,
  };

  it('moves an outbound fleet from its origin to its target by the time elapsed', () => {
    const [track] = ownTracks([fleet], positions, departed + 20 * 60_000);
    expect(track?.at).toEqual({ x: 20, y: 0 });
    expect(track?.heading).toBe(0);
    expect(track?.ahead).toEqual([
      { x: 20, y: 0 },
      { x: 30, y: 0 },
      { x: 30, y: 10 },
    ]);
  });

  it('flies a returning fleet back along its route, server times without a zone read as UTC', () => {
    const returning = {
      ...fleet,
      state: 'returning' as const,
      arrives_at: '2026-01-01 00:40:00',
      returns_at: '2026-01-01 01:20:00',
    };
    const [track] = ownTracks([returning], positions, departed + 70 * 60_000);
    expect(track?.returning).toBe(true);
    expect(track?.at.x).toBeCloseTo(10, 9);
    expect(track?.at.y).toBeCloseTo(0, 9);
    expect(track?.heading).toBeCloseTo(Math.PI, 9);
  });

  it('draws hostile fleets from their origin to the target, and skips unknown systems', () => {
    expect(
      hostileTracks(
        [
          { id: 1, origin: { system_id: 3 }, target: { system_id: 1 }, arrives_at: '' },
          { id: 2, origin: { system_id: 9 }, target: { system_id: 1 }, arrives_at: '' },
        ],
        positions,
      ),
    ).toEqual([{ id: 1, from: { x: 30, y: 10 }, to: { x: 0, y: 0 } }]);
  });
});
