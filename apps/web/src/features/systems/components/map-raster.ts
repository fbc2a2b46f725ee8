/**
 * The systems level's many small shapes (gates, dots and their rims) written straight into the
 * pixels of an ImageData, then put on the canvas at once (decision 168).
 *
 * Without a GPU, Chromium rasterises a 2D canvas's paths on the main thread when the frame is
 * committed: ~3,000 anti-aliased discs and ~5,000 gates (the view just past the clusters, at 10,000
 * systems) took ~60 ms there, most of the misses of the zoom. Here each gate is one Wu line (two
 * pixels a step) and each dot a stamp of precomputed coverage, blended in plain loops over 32-bit
 * pixels: a few milliseconds of script, and the canvas only copies a bitmap.
 *
 * Pixels are ImageData's: RGBA bytes, not premultiplied, read as little-endian 32-bit words
 * (0xAABBGGRR), as on every platform browsers run on.
 */

/** A colour as the blend takes it: channels 0-255 and alpha 0-1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface PixelLayer {
  width: number;
  height: number;
  /** The ImageData's bytes as 32-bit pixels. */
  pixels: Uint32Array;
}

export function pixelLayer(width: number, height: number, data?: Uint8ClampedArray): PixelLayer {
  const bytes = data ?? new Uint8ClampedArray(width * height * 4);
  return { width, height, pixels: new Uint32Array(bytes.buffer, bytes.byteOffset, width * height) };
}

/** Source-over of one colour with `alpha` (0-1) onto the pixel at `index`, in straight alpha. */
function blend(pixels: Uint32Array, index: number, color: Rgba, alpha: number): void {
  if (alpha <= 0) return;
  const dst = pixels[index]!;
  const da = (dst >>> 24) / 255;
  if (alpha >= 1 || da === 0) {
    pixels[index] = ((Math.round(alpha * 255) << 24) | (color.b << 16) | (color.g << 8) | color.r) >>> 0;
    return;
  }
  const oa = alpha + da * (1 - alpha);
  const f = alpha / oa;
  const g = 1 - f;
  const r = (color.r * f + (dst & 0xff) * g + 0.5) | 0;
  const gg = (color.g * f + ((dst >>> 8) & 0xff) * g + 0.5) | 0;
  const b = (color.b * f + ((dst >>> 16) & 0xff) * g + 0.5) | 0;
  pixels[index] = ((((oa * 255 + 0.5) | 0) << 24) | (b << 16) | (gg << 8) | r) >>> 0;
}

function plot(layer: PixelLayer, x: number, y: number, color: Rgba, alpha: number): void {
  if (x < 0 || y < 0 || x >= layer.width || y >= layer.height) return;
  blend(layer.pixels, y * layer.width + x, color, alpha);
}

/** The segment as clipped by `clip`, reused: a frame clips thousands of gates. */
const clipped = new Float64Array(4);

/**
 * Clips the segment to the layer widened by one pixel (Liang-Barsky) into `clipped`; false when
 * nothing of it is inside, so a gate that crosses the view from far off costs only its visible pixels.
 */
function clip(layer: PixelLayer, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  for (let edge = 0; edge < 4; edge += 1) {
    const p = edge === 0 ? -dx : edge === 1 ? dx : edge === 2 ? -dy : dy;
    const q = edge === 0 ? x0 + 1 : edge === 1 ? layer.width - x0 : edge === 2 ? y0 + 1 : layer.height - y0;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  clipped[0] = x0 + t0 * dx;
  clipped[1] = y0 + t0 * dy;
  clipped[2] = x0 + t1 * dx;
  clipped[3] = y0 + t1 * dy;
  return true;
}

/** A one-pixel anti-aliased line (Xiaolin Wu's), `color.a` scaled by each pixel's coverage. */
export function drawLine(
  layer: PixelLayer,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  color: Rgba,
): void {
  if (!clip(layer, ax, ay, bx, by)) return;
  // Pixel centres sit at .5: shift so that integer coordinates are centres.
  let x0 = clipped[0]! - 0.5;
  let y0 = clipped[1]! - 0.5;
  let x1 = clipped[2]! - 0.5;
  let y1 = clipped[3]! - 0.5;
  const steep = Math.abs(y1 - y0) > Math.abs(x1 - x0);
  let swap: number;
  if (steep) {
    swap = x0;
    x0 = y0;
    y0 = swap;
    swap = x1;
    x1 = y1;
    y1 = swap;
  }
  if (x0 > x1) {
    swap = x0;
    x0 = x1;
    x1 = swap;
    swap = y0;
    y0 = y1;
    y1 = swap;
  }
  const dx = x1 - x0;
  const gradient = dx === 0 ? 1 : (y1 - y0) / dx;
  const alpha = color.a;
  const start = Math.round(x0);
  const end = Math.round(x1);
  let y = y0 + gradient * (start - x0);
  for (let x = start; x <= end; x += 1) {
    const base = Math.floor(y);
    const frac = y - base;
    if (steep) {
      plot(layer, base, x, color, alpha * (1 - frac));
      plot(layer, base + 1, x, color, alpha * frac);
    } else {
      plot(layer, x, base, color, alpha * (1 - frac));
      plot(layer, x, base + 1, color, alpha * frac);
    }
    y += gradient;
  }
}

/** A disc's coverage per pixel, for a radius and a centre at a quarter-pixel offset. */
interface DiscStamp {
  /** Side of the square of pixels the stamp covers, and where its top-left sits from the centre's pixel. */
  size: number;
  offset: number;
  coverage: Float32Array;
}

const SUBPIXEL = 4;
const stamps = new Map<number, DiscStamp[]>();

/** The stamps of a radius (quantised to a quarter pixel), one per quarter-pixel offset of the centre. */
function stampsOf(radius: number): { radius: number; list: DiscStamp[] } {
  const quantised = Math.max(0.5, Math.round(radius * 4) / 4);
  let list = stamps.get(quantised);
  if (!list) {
    list = [];
    const offset = -Math.ceil(quantised + 1);
    const size = -2 * offset + 1;
    for (let sy = 0; sy < SUBPIXEL; sy += 1)
      for (let sx = 0; sx < SUBPIXEL; sx += 1) {
        const coverage = new Float32Array(size * size);
        const cx = sx / SUBPIXEL;
        const cy = sy / SUBPIXEL;
        for (let py = 0; py < size; py += 1)
          for (let px = 0; px < size; px += 1) {
            // Distance from the pixel's centre to the disc's centre; coverage falls over one pixel.
            const distance = Math.hypot(px + offset + 0.5 - cx, py + offset + 0.5 - cy);
            coverage[py * size + px] = Math.min(1, Math.max(0, quantised + 0.5 - distance));
          }
        list.push({ size, offset, coverage });
      }
    // Radii change with the zoom: keep the cache from growing without bound.
    if (stamps.size > 64) stamps.clear();
    stamps.set(quantised, list);
  }
  return { radius: quantised, list };
}

/** An anti-aliased filled disc centred at (cx, cy) in pixels. */
export function drawDisc(layer: PixelLayer, cx: number, cy: number, radius: number, color: Rgba): void {
  const { list } = stampsOf(radius);
  const ix = Math.floor(cx);
  const iy = Math.floor(cy);
  const stamp =
    list[
      Math.min(SUBPIXEL - 1, Math.floor((cy - iy) * SUBPIXEL)) * SUBPIXEL +
        Math.min(SUBPIXEL - 1, Math.floor((cx - ix) * SUBPIXEL))
    ]!;
  const { size, offset, coverage } = stamp;
  const left = ix + offset;
  const top = iy + offset;
  if (left + size <= 0 || top + size <= 0 || left >= layer.width || top >= layer.height) return;
  const { width, height, pixels } = layer;
  for (let py = 0; py < size; py += 1) {
    const y = top + py;
    if (y < 0 || y >= height) continue;
    const row = y * width;
    for (let px = 0; px < size; px += 1) {
      const x = left + px;
      if (x < 0 || x >= width) continue;
      const c = coverage[py * size + px]!;
      if (c > 0) blend(pixels, row + x, color, color.a * c);
    }
  }
}

const parsed = new Map<string, Rgba>();

/**
 * A CSS colour as channels, through a canvas context (which normalises any CSS colour to `#rrggbb`
 * or `rgba(r, g, b, a)`); kept per string.
 */
export function parseColor(css: string, ctx: Pick<CanvasRenderingContext2D, 'fillStyle'>): Rgba {
  const known = parsed.get(css);
  if (known) return known;
  const previous = ctx.fillStyle;
  ctx.fillStyle = '#000000';
  ctx.fillStyle = css;
  const normal = String(ctx.fillStyle);
  ctx.fillStyle = previous;
  const color = colorOf(normal);
  parsed.set(css, color);
  return color;
}

/** `#rrggbb`, `#rgb` or `rgb(a)(r, g, b[, a])`; opaque black otherwise. */
export function colorOf(text: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
      a: 1,
    };
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(text.trim());
  if (fn) {
    const alpha = fn[4] === undefined ? 1 : fn[4].endsWith('%') ? parseFloat(fn[4]) / 100 : Number(fn[4]);
    const channel = (value: string) => Math.max(0, Math.min(255, Math.round(Number(value))));
    return { r: channel(fn[1]!), g: channel(fn[2]!), b: channel(fn[3]!), a: Math.max(0, Math.min(1, alpha)) };
  }
  return { r: 0, g: 0, b: 0, a: 1 };
}
