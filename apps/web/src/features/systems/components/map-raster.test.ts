import { describe, expect, it } from 'vitest';
import { colorOf, drawDisc, drawLine, parseColor, pixelLayer, type PixelLayer } from './map-raster';

const GREEN = { r: 64, g: 192, b: 87, a: 1 };
const GREY = { r: 144, g: 146, b: 150, a: 0.45 };

/** The RGBA bytes of one pixel. */
function rgba(layer: PixelLayer, x: number, y: number): [number, number, number, number] {
  const value = layer.pixels[y * layer.width + x]!;
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
}

const touched = (layer: PixelLayer) => layer.pixels.filter((value) => value !== 0).length;

describe('colours', () => {
  it('reads the forms a canvas normalises colours to', () => {
    expect(colorOf('#40c057')).toEqual(GREEN);
    expect(colorOf('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(colorOf('rgba(144, 146, 150, 0.45)')).toEqual(GREY);
    expect(colorOf('rgb(1 2 3 / 50%)')).toEqual({ r: 1, g: 2, b: 3, a: 0.5 });
    expect(colorOf('nonsense')).toEqual({ r: 0, g: 0, b: 0, a: 1 });
  });

  it('parses through the context and leaves its fill style as it was', () => {
    const ctx = { fillStyle: '#123456' as CanvasRenderingContext2D['fillStyle'] };
    expect(parseColor('#40c057', ctx)).toEqual(GREEN);
    expect(ctx.fillStyle).toBe('#123456');
  });
});

describe('drawDisc', () => {
  it('fills the disc in its colour, fades its edge and leaves the rest transparent', () => {
    const layer = pixelLayer(20, 20);
    drawDisc(layer, 10, 10, 3, GREEN);
    expect(rgba(layer, 10, 10)).toEqual([64, 192, 87, 255]);
    expect(rgba(layer, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(rgba(layer, 10, 16)).toEqual([0, 0, 0, 0]);
    // About pi r^2 pixels of coverage, some of them partial.
    const alpha = [...layer.pixels].reduce((sum, value) => sum + (value >>> 24) / 255, 0);
    expect(alpha).toBeGreaterThan(Math.PI * 9 * 0.85);
    expect(alpha).toBeLessThan(Math.PI * 9 * 1.15);
    expect([...layer.pixels].some((value) => value >>> 24 > 0 && value >>> 24 < 255)).toBe(true);
  });

  it('is cut by the edges of the layer', () => {
    const layer = pixelLayer(8, 8);
    drawDisc(layer, 0, 0, 3, GREEN);
    drawDisc(layer, 7.9, 7.9, 3, GREEN);
    drawDisc(layer, -40, 3, 3, GREEN);
    expect(rgba(layer, 0, 0)[3]).toBe(255);
    expect(rgba(layer, 7, 7)[3]).toBe(255);
    expect(touched(layer)).toBeLessThan(64);
  });

  it('blends over what is drawn: a translucent colour over an opaque one stays opaque', () => {
    const layer = pixelLayer(10, 10);
    drawDisc(layer, 5, 5, 4, { r: 0, g: 0, b: 0, a: 1 });
    drawDisc(layer, 5, 5, 2, { r: 200, g: 100, b: 0, a: 0.5 });
    expect(rgba(layer, 5, 5)).toEqual([100, 50, 0, 255]);
  });
});

describe('drawLine', () => {
  it('draws a one-pixel line between its ends in the colour, translucent as given', () => {
    const layer = pixelLayer(20, 10);
    drawLine(layer, 2.5, 4.5, 17.5, 4.5, GREY);
    for (let x = 3; x <= 17; x += 1) {
      const [r, g, b, a] = rgba(layer, x, 4);
      expect([r, g, b]).toEqual([144, 146, 150]);
      expect(a).toBeGreaterThan(100);
    }
    expect(rgba(layer, 10, 2)[3]).toBe(0);
    expect(rgba(layer, 19, 4)[3]).toBe(0);
  });

  it('shares a diagonal between two rows of pixels and draws steep lines by rows', () => {
    const layer = pixelLayer(20, 20);
    drawLine(layer, 1, 1, 19, 10, GREY);
    drawLine(layer, 15, 0, 16, 19, GREY);
    expect(touched(layer)).toBeGreaterThan(30);
    expect(touched(layer)).toBeLessThan(90);
  });

  it('draws only the visible part of a gate from far off, and nothing for one outside', () => {
    const layer = pixelLayer(30, 30);
    drawLine(layer, -1e6, 15.5, 1e6, 15.5, GREY);
    expect(touched(layer)).toBeGreaterThanOrEqual(30);
    expect(touched(layer)).toBeLessThanOrEqual(62);
    const empty = pixelLayer(30, 30);
    drawLine(empty, -50, -50, -10, 200, GREY);
    drawLine(empty, 40, 0, 40, 30, GREY);
    drawLine(empty, 5, 5, 5, 5, GREY);
    expect(touched(empty)).toBeLessThanOrEqual(2);
  });
});
