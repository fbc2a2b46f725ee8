import { describe, expect, it } from 'vitest';
import { centreOn, clampZoom, fitTransform, focusTransform, wheelDelta, wheelScaleFactor, ZOOM_MAX, ZOOM_MIN } from './zoom';

const viewport = { width: 800, height: 600 };

describe('wheel zoom', () => {
  it('zooms in by 1.1 when the wheel rolls up and out by 0.9 when it rolls down, whatever the distance', () => {
    expect(wheelScaleFactor(-3)).toBe(1.1);
    expect(wheelScaleFactor(-300)).toBe(1.1);
    expect(wheelScaleFactor(120)).toBe(0.9);
    expect(wheelScaleFactor(0)).toBe(1);
  });

  it('gives d3-zoom an exponent whose power of two is the wheel step', () => {
    expect(2 ** wheelDelta({ deltaY: -100 })).toBeCloseTo(1.1, 10);
    expect(2 ** wheelDelta({ deltaY: 100 })).toBeCloseTo(0.9, 10);
  });

  it('keeps the zoom between 0.1 and 5', () => {
    expect(clampZoom(0.01)).toBe(ZOOM_MIN);
    expect(clampZoom(50)).toBe(ZOOM_MAX);
    expect(clampZoom(1.3)).toBe(1.3);
  });
});

describe('centreOn', () => {
  it('puts the point in the middle of the viewport at the given zoom', () => {
    const t = centreOn({ x: 100, y: 50 }, viewport, 2);
    expect(t.k).toBe(2);
    expect(100 * t.k + t.x).toBe(400);
    expect(50 * t.k + t.y).toBe(300);
  });
});

describe('fitTransform', () => {
  it('frames every point inside the padded viewport', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 1000, y: 1000 },
    ];
    const t = fitTransform(points, viewport, 20);
    for (const p of points) {
      const sx = p.x * t.k + t.x;
      const sy = p.y * t.k + t.y;
      expect(sx).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(sx).toBeLessThanOrEqual(780 + 1e-9);
      expect(sy).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(sy).toBeLessThanOrEqual(580 + 1e-9);
    }
    expect(t.k).toBeCloseTo(0.56, 10);
  });

  it('returns the identity for an empty map', () => {
    expect(fitTransform([], viewport, 20)).toEqual({ x: 0, y: 0, k: 1 });
  });
});

describe('focusTransform', () => {
  it('centres a single match at zoom 2 without zooming the player out', () => {
    expect(focusTransform([{ x: 10, y: 10 }], viewport, 0.5)?.k).toBe(2);
    expect(focusTransform([{ x: 10, y: 10 }], viewport, 3)?.k).toBe(3);
  });

  it('frames several matches around their common centre', () => {
    const t = focusTransform(
      [
        { x: 100, y: 100 },
        { x: 300, y: 200 },
      ],
      viewport,
      1,
    );
    expect(t).not.toBeNull();
    if (!t) return;
    expect(200 * t.k + t.x).toBeCloseTo(400, 10);
    expect(150 * t.k + t.y).toBeCloseTo(300, 10);
  });

  it('does not move the map when nothing matches', () => {
    expect(focusTransform([], viewport, 1)).toBeNull();
  });
});
