import { describe, expect, it } from 'vitest';
import {
  centreOn,
  clampZoom,
  cssLayerTransform,
  fitTransform,
  focusTransform,
  layerStillCovers,
  layerTransform,
  wheelDelta,
  wheelScaleFactor,
  ZOOM_MAX,
  ZOOM_MIN,
} from './zoom';

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

describe('layerTransform', () => {
  const apply = (t: { x: number; y: number; k: number }, p: { x: number; y: number }) => ({
    x: p.x * t.k + t.x,
    y: p.y * t.k + t.y,
  });

  it.each([
    [
      { x: 0, y: 0, k: 1 },
      { x: 40, y: -25, k: 1 },
    ],
    [
      { x: 10, y: 20, k: 0.5 },
      { x: -300, y: 90, k: 2.5 },
    ],
    [
      { x: -800, y: -450, k: 4 },
      { x: 12, y: 7, k: 0.1 },
    ],
  ])('moves the picture drawn at %o onto %o', (drawn, current) => {
    const layer = layerTransform(drawn, current);
    for (const world of [
      { x: 0, y: 0 },
      { x: 500, y: 300 },
      { x: -120, y: 44 },
    ]) {
      const onLayer = apply(layer, apply(drawn, world));
      const wanted = apply(current, world);
      expect(onLayer.x).toBeCloseTo(wanted.x, 9);
      expect(onLayer.y).toBeCloseTo(wanted.y, 9);
    }
  });

  it('is the identity when the gesture has not moved', () => {
    expect(layerTransform({ x: 3, y: 4, k: 2 }, { x: 3, y: 4, k: 2 })).toEqual({ x: 0, y: 0, k: 1 });
    expect(cssLayerTransform({ x: 0, y: 0, k: 1 })).toBe('translate(0px, 0px) scale(1)');
  });
});

describe('layerStillCovers', () => {
  const view = { width: 800, height: 600 };

  it.each([
    ['an unmoved layer', { x: 0, y: 0, k: 1 }, true],
    ['a pan within the margin', { x: 300, y: -300, k: 1 }, true],
    ['a pan to exactly the margin', { x: -400, y: 400, k: 1 }, true],
    ['a pan past the margin on the right', { x: -401, y: 0, k: 1 }, false],
    ['a pan past the margin at the top', { x: 0, y: 401, k: 1 }, false],
    ['a zoom in about the centre', { x: -400, y: -300, k: 2 }, true],
    ['a zoom in that magnifies too much', { x: -1200, y: -900, k: 3 }, false],
    ['a zoom out the margin still fills', { x: 400 * (1 - 0.5), y: 300 * (1 - 0.5), k: 0.5 }, true],
    ['a zoom out that shows past the margin', { x: 400 * (1 - 0.4), y: 300 * (1 - 0.4), k: 0.4 }, false],
  ])('%s', (_, layer, covers) => {
    expect(layerStillCovers(layer, view, 400)).toBe(covers);
  });
});
