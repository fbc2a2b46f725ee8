import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildScene } from '../model/map-scene';
import { EMPTY_ROUTE_DRAWING, routeDrawing } from '../model/route-drawing';
import { listItem } from '../test-utils';
import {
  drawMap,
  FALLBACK_COLORS,
  labelSprites,
  laneWidth,
  RASTER_MIN_SYSTEMS,
  type MapOverlay,
} from './map-draw';
import { colorOf, pixelLayer } from './map-raster';

/** A 2D context that records the calls a frame makes (jsdom has no canvas). */
function recorder() {
  const calls: { name: string; args: unknown[]; style: string; dash: number[] }[] = [];
  let dash: number[] = [];
  const state = { fillStyle: '', strokeStyle: '' };
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({ name, args, style: name === 'fill' ? state.fillStyle : state.strokeStyle, dash });
    };
  const ctx = new Proxy(state as unknown as CanvasRenderingContext2D, {
    get(target, key: string) {
      if (key === 'setLineDash') return (value: number[]) => (dash = value);
      if (key in target) return (target as unknown as Record<string, unknown>)[key];
      return record(key);
    },
    set(target, key: string, value) {
      (target as unknown as Record<string, unknown>)[key] = value;
      return true;
    },
  });
  return { ctx, calls, count: (name: string) => calls.filter((call) => call.name === name).length };
}

const systems = Array.from({ length: 100 }, (_, i) =>
  listItem(i + 1, `S${i + 1}`, {
    position: { x: (i % 10) * 10, y: Math.floor(i / 10) * 10 },
    connections: i % 10 < 9 ? [i + 2] : [],
    has_own_planet: i === 0,
  }),
);
const scene = buildScene(systems);
const view = { width: 400, height: 400 };
const none: MapOverlay = {
  matches: [],
  route: EMPTY_ROUTE_DRAWING,
  own: [],
  hostile: [],
  hover: -1,
  focus: -1,
};

describe('drawMap', () => {
  it('draws clusters far out: fewer discs than systems, and the own system still on its own', () => {
    const { ctx, count } = recorder();
    expect(drawMap(ctx, scene, { x: 0, y: 0, k: 0.5 }, view, FALLBACK_COLORS, none, false)).toBe('clusters');
    const arcs = count('arc');
    expect(arcs).toBeGreaterThan(1);
    expect(arcs).toBeLessThan(100);
    expect(count('lineTo')).toBeLessThan(90); // lanes, not every gate
  });

  it('draws every system and gate in view closer, and names closer still', () => {
    const systemsLevel = recorder();
    expect(drawMap(systemsLevel.ctx, scene, { x: 0, y: 0, k: 2.5 }, view, FALLBACK_COLORS, none, false)).toBe(
      'systems',
    );
    // 100 dots on their dark rims (radius 6 at zoom 2.5) and the own system's ring; 90 gates.
    expect(systemsLevel.count('arc')).toBe(201);
    expect(systemsLevel.count('lineTo')).toBe(90);
    expect(systemsLevel.count('fillText')).toBe(0);
    const labels = recorder();
    expect(drawMap(labels.ctx, scene, { x: -200, y: 0, k: 5 }, view, FALLBACK_COLORS, none, false)).toBe(
      'labels',
    );
    // At zoom 5 moved 40 units right, the view and its 60 px margin span x 28 to 132: 7 columns of 10.
    expect(labels.count('fillText')).toBe(70);
  });

  it('draws the route dashed in yellow with its ends, search rings and both kinds of fleets', () => {
    const positions = new Map(systems.map((system) => [system.id, system.position]));
    const { ctx, calls } = recorder();
    drawMap(
      ctx,
      scene,
      { x: 0, y: 0, k: 2 },
      view,
      FALLBACK_COLORS,
      {
        ...none,
        matches: [5],
        route: routeDrawing(systems.slice(0, 3), positions),
        own: [
          {
            id: 1,
            returning: false,
            at: { x: 5, y: 0 },
            heading: 0,
            ahead: [
              { x: 5, y: 0 },
              { x: 10, y: 0 },
            ],
          },
        ],
        hostile: [{ id: 2, from: { x: 90, y: 90 }, to: { x: 0, y: 0 } }],
      },
      false,
    );
    const strokes = calls.filter((call) => call.name === 'stroke');
    expect(strokes.some((call) => call.style === FALLBACK_COLORS.route && call.dash.join() === '8,6')).toBe(
      true,
    );
    expect(strokes.some((call) => call.style === FALLBACK_COLORS.hostile && call.dash.length > 0)).toBe(true);
    expect(strokes.some((call) => call.style === FALLBACK_COLORS.match)).toBe(true);
    const fills = calls.filter((call) => call.name === 'fill').map((call) => call.style);
    expect(fills).toEqual(
      expect.arrayContaining([
        FALLBACK_COLORS.routeStart,
        FALLBACK_COLORS.routeEnd,
        FALLBACK_COLORS.fleet,
        FALLBACK_COLORS.hostile,
      ]),
    );
  });

  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [40, 3],
  ])('draws a lane of %s gates %s px wide', (gates, width) => {
    expect(laneWidth(gates)).toBe(width);
  });

  it('writes many systems and their gates as pixels, put on the canvas at once, in their band colours', () => {
    // A 20 x 20 grid, 10 units apart, gates along the rows; bands by column.
    const many = Array.from({ length: 400 }, (_, i) =>
      listItem(i + 1, `M${i + 1}`, {
        position: { x: (i % 20) * 10, y: Math.floor(i / 20) * 10 },
        security: { id: 1, name: (['high', 'low', 'null'] as const)[i % 3]! },
        connections: i % 20 < 19 ? [i + 2] : [],
        has_own_planet: i === 0,
      }),
    );
    const big = buildScene(many);
    const width = 420;
    const height = 420;
    const image = { width, height, data: new Uint8ClampedArray(width * height * 4) } as ImageData;
    const raster = { image, layer: pixelLayer(width, height, image.data), ratio: 1 };
    const { ctx, calls, count } = recorder();
    const transform = { x: 10, y: 10, k: 2 };
    expect(drawMap(ctx, big, transform, view, FALLBACK_COLORS, none, false, false, raster)).toBe('systems');
    expect(count('putImageData')).toBe(1);
    expect(calls.find((call) => call.name === 'putImageData')?.args[0]).toBe(image);
    // Only the own system's ring is a path; no gate is.
    expect(count('arc')).toBe(1);
    expect(count('lineTo')).toBe(0);
    const pixel = (wx: number, wy: number) => {
      const value = raster.layer.pixels[(wy * 2 + 10) * width + (wx * 2 + 10)]!;
      return { r: value & 0xff, g: (value >>> 8) & 0xff, b: (value >>> 16) & 0xff, a: 1 };
    };
    // System 2 (x 10, low) and system 3 (x 20, null) in the first row, at their centres.
    expect(pixel(10, 0)).toEqual(colorOf(FALLBACK_COLORS.tones[1]));
    expect(pixel(20, 0)).toEqual(colorOf(FALLBACK_COLORS.tones[2]));
    // Between two systems of a row lies a gate: grey, translucent.
    const gate = raster.layer.pixels[10 * width + 5 * 2 + 10 + 2]!;
    expect(gate >>> 24).toBeGreaterThan(0);
    expect(gate >>> 24).toBeLessThan(255);
    expect(RASTER_MIN_SYSTEMS).toBeLessThanOrEqual(400);

    // Two device pixels per CSS pixel: a gate is two device pixels wide, as a 1 px path would be.
    const dense = {
      image: { width: 840, height: 840, data: new Uint8ClampedArray(840 * 840 * 4) } as ImageData,
      layer: pixelLayer(840, 840),
      ratio: 2,
    };
    dense.layer = pixelLayer(840, 840, dense.image.data);
    drawMap(recorder().ctx, big, transform, view, FALLBACK_COLORS, none, false, false, dense);
    // Row 0's gates run along device row 20 (y 0 at 10 css px); between systems 1 and 2, device x 40.
    const column = [18, 19, 20, 21, 22].map((row) => dense.layer.pixels[row * 840 + 40]! >>> 24);
    expect(column.filter((alpha) => alpha > 60).length).toBeGreaterThanOrEqual(2);

    // Few systems in view: paths, as without pixels.
    const close = recorder();
    drawMap(close.ctx, big, { x: -1500, y: -1500, k: 8 }, view, FALLBACK_COLORS, none, false, false, raster);
    expect(close.count('putImageData')).toBe(0);
    expect(close.count('arc')).toBeGreaterThan(0);
  });

  describe('names as kept bitmaps', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('draws each name once into its bitmap, then only copies it, halo included while moving', () => {
      // jsdom has no canvas: each name's bitmap gets a context that records its text.
      const texts: string[] = [];
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
        () =>
          ({
            measureText: (text: string) => ({ width: text.length * 6 }),
            setTransform: () => undefined,
            strokeText: (text: string) => texts.push(`halo ${text}`),
            fillText: (text: string) => texts.push(text),
          }) as unknown as CanvasRenderingContext2D,
      );
      const sprites = labelSprites();
      const frame = (moving: boolean) => {
        const labels = recorder();
        const target = labels.ctx as unknown as { getTransform: () => { a: number } };
        target.getTransform = () => ({ a: 1 });
        drawMap(
          labels.ctx,
          scene,
          { x: -200, y: 0, k: 5 },
          view,
          FALLBACK_COLORS,
          none,
          false,
          moving,
          undefined,
          sprites,
        );
        return labels;
      };
      const first = frame(true);
      // The same 70 names as drawn as text, copied; none as text on the map itself.
      expect(first.count('drawImage')).toBe(70);
      expect(first.count('fillText')).toBe(0);
      expect(texts.filter((text) => text.startsWith('halo ')).length).toBe(70);
      expect(texts.length).toBe(140);
      expect(sprites.pending).toBe(false);
      const again = frame(false);
      expect(again.count('drawImage')).toBe(70);
      expect(texts.length).toBe(140);
      // Another theme draws them again.
      frame(false);
      drawMap(
        Object.assign(recorder().ctx, { getTransform: () => ({ a: 1 }) }),
        scene,
        { x: -200, y: 0, k: 5 },
        view,
        { ...FALLBACK_COLORS, label: '#000000' },
        none,
        false,
        false,
        undefined,
        sprites,
      );
      expect(texts.length).toBe(280);
    });

    it('draws names as text where no bitmap can be made', () => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      const labels = recorder();
      Object.assign(labels.ctx, { getTransform: () => ({ a: 1 }) });
      const sprites = labelSprites();
      drawMap(
        labels.ctx,
        scene,
        { x: -200, y: 0, k: 5 },
        view,
        FALLBACK_COLORS,
        none,
        false,
        false,
        undefined,
        sprites,
      );
      expect(labels.count('fillText')).toBe(70);
      expect(sprites.unsupported).toBe(true);
    });
  });
});
