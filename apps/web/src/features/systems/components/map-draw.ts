import type { HostileTrack, OwnTrack } from '../model/fleet-tracks';
import {
  clusterLevelAt,
  detailAt,
  nodeRadius,
  visibleWorld,
  type Detail,
  type MapScene,
} from '../model/map-scene';
import type { RouteDrawing } from '../model/route-drawing';
import type { MapTransform, Viewport } from '../model/types';
import { drawDisc, drawLine, parseColor, type PixelLayer } from './map-raster';

/** Colours read from the theme's CSS variables (both race themes), so the canvas follows them. */
export interface MapColors {
  tones: [string, string, string];
  gate: string;
  own: string;
  label: string;
  halo: string;
  match: string;
  route: string;
  routeStart: string;
  routeEnd: string;
  fleet: string;
  hostile: string;
  focus: string;
}

export const FALLBACK_COLORS: MapColors = {
  tones: ['#40c057', '#fd7e14', '#fa5252'],
  gate: 'rgba(144, 146, 150, 0.45)',
  own: '#74c0fc',
  label: '#c9c9c9',
  halo: '#1a1b1e',
  match: '#ffffff',
  route: '#ffd43b',
  routeStart: '#51cf66',
  routeEnd: '#ff6b6b',
  fleet: '#66d9e8',
  hostile: '#ff4d4d',
  focus: '#ffffff',
};

/** Reads the theme's colours from the map element (Mantine's variables, the race theme's primary). */
export function readColors(element: Element): MapColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    tones: [
      read('--mantine-color-green-6', FALLBACK_COLORS.tones[0]),
      read('--mantine-color-orange-6', FALLBACK_COLORS.tones[1]),
      read('--mantine-color-red-6', FALLBACK_COLORS.tones[2]),
    ],
    gate: read('--map-gate-color', FALLBACK_COLORS.gate),
    own: read('--mantine-primary-color-4', FALLBACK_COLORS.own),
    label: read('--mantine-color-dark-0', FALLBACK_COLORS.label),
    halo: read('--mantine-color-dark-9', FALLBACK_COLORS.halo),
    match: read('--mantine-color-white', FALLBACK_COLORS.match),
    route: read('--mantine-color-yellow-4', FALLBACK_COLORS.route),
    routeStart: read('--mantine-color-green-5', FALLBACK_COLORS.routeStart),
    routeEnd: read('--mantine-color-red-5', FALLBACK_COLORS.routeEnd),
    fleet: read('--mantine-color-cyan-4', FALLBACK_COLORS.fleet),
    hostile: read('--mantine-color-red-5', FALLBACK_COLORS.hostile),
    focus: read('--mantine-color-white', FALLBACK_COLORS.focus),
  };
}

export interface MapOverlay {
  /** Indexes into the scene. */
  matches: readonly number[];
  route: RouteDrawing;
  own: readonly OwnTrack[];
  hostile: readonly HostileTrack[];
  /** Scene index under the pointer, or -1. */
  hover: number;
  /** Scene index with keyboard focus, or -1. */
  focus: number;
}

/** Drawn beyond the view so a dot or a name cut by the edge is still drawn. */
const MARGIN_PX = 60;
/** Names drawn per frame at most: past that a frame of software raster would run long. */
const MAX_LABELS = 400;
/**
 * From this many systems in view the systems level is written as pixels (decision 168); below,
 * a frame of paths costs less than clearing and putting a whole bitmap.
 */
export const RASTER_MIN_SYSTEMS = 300;

/**
 * Where the systems level's gates and dots are written as pixels (decision 168): the canvas's
 * ImageData, its pixels, and device pixels per CSS pixel.
 */
export interface MapRaster {
  image: ImageData;
  layer: PixelLayer;
  ratio: number;
}

/**
 * Draws one frame of the map: clusters and lanes far out, systems and gates closer, names closer
 * still; own systems, the search rings, the route and fleets at every zoom. Returns the detail drawn.
 * With `raster`, the systems level's gates and dots are written into its pixels and put on the
 * canvas at once (decision 168); without, they are canvas paths.
 */
export function drawMap(
  ctx: CanvasRenderingContext2D,
  scene: MapScene,
  transform: MapTransform,
  viewport: Viewport,
  colors: MapColors,
  overlay: MapOverlay,
  phone: boolean,
  /** While a gesture lasts names are drawn without their halo, which costs as much as the names. */
  moving = false,
  raster?: MapRaster,
  /** Names as bitmaps drawn once and reused (decision 168); without, names are text every frame. */
  sprites?: LabelSprites,
): Detail {
  const { x: tx, y: ty, k } = transform;
  const sx = (wx: number) => wx * k + tx;
  const sy = (wy: number) => wy * k + ty;
  const view = visibleWorld(transform, viewport, MARGIN_PX);
  const inView = (px: number, py: number) =>
    px >= view.minX && px <= view.maxX && py >= view.minY && py <= view.maxY;
  ctx.clearRect(0, 0, viewport.width, viewport.height);
  const detail = detailAt(k, scene.spacing);
  const radius = nodeRadius(k, scene.spacing, phone);

  if (detail === 'clusters') {
    const level = clusterLevelAt(scene, k);
    if (level) {
      // Lanes: the gates between two cells bundled into one line, thicker for more gates.
      ctx.strokeStyle = colors.gate;
      ctx.lineCap = 'round';
      for (let width = 1; width <= 3; width += 1) {
        ctx.lineWidth = width;
        ctx.beginPath();
        for (let l = 0; l < level.laneFrom.length; l += 1) {
          if (laneWidth(level.laneCount[l]!) !== width) continue;
          const a = level.laneFrom[l]!;
          const b = level.laneTo[l]!;
          if (!inView(level.x[a]!, level.y[a]!) && !inView(level.x[b]!, level.y[b]!)) continue;
          ctx.moveTo(sx(level.x[a]!), sy(level.y[a]!));
          ctx.lineTo(sx(level.x[b]!), sy(level.y[b]!));
        }
        ctx.stroke();
      }
      // Cells: a disc per cluster, its area by the number of systems, coloured by its main band.
      const cellPx = level.size * k;
      ctx.globalAlpha = 0.75;
      for (let tone = 0; tone < 3; tone += 1) {
        ctx.fillStyle = colors.tones[tone as 0 | 1 | 2];
        ctx.beginPath();
        for (let c = 0; c < level.count.length; c += 1) {
          if (level.tone[c] !== tone || !inView(level.x[c]!, level.y[c]!)) continue;
          const r = Math.max(2.5, (cellPx / 2.6) * Math.sqrt(level.count[c]! / level.maxCount));
          const cx = sx(level.x[c]!);
          const cy = sy(level.y[c]!);
          ctx.moveTo(cx + r, cy);
          ctx.arc(cx, cy, r, 0, Math.PI * 2);
        }
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    }
  } else {
    if (raster && countInView(scene, view, RASTER_MIN_SYSTEMS) >= RASTER_MIN_SYSTEMS)
      drawSystemsPixels(ctx, scene, transform, view, colors, radius, raster);
    else drawSystemsPaths(ctx, scene, transform, view, colors, radius);
    const asBitmaps =
      detail === 'labels' &&
      sprites !== undefined &&
      drawLabelSprites(ctx, scene, view, colors, sx, sy, radius, sprites);
    if (detail === 'labels' && !asBitmaps) {
      ctx.font = LABEL_FONT;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 3;
      ctx.strokeStyle = colors.halo;
      ctx.fillStyle = colors.label;
      let drawn = 0;
      for (let i = 0; i < scene.size && drawn < MAX_LABELS; i += 1) {
        if (!inView(scene.x[i]!, scene.y[i]!)) continue;
        const name = scene.names[i]!;
        const lx = sx(scene.x[i]!);
        const ly = sy(scene.y[i]!) - radius - 3;
        if (!moving) ctx.strokeText(name, lx, ly);
        ctx.fillText(name, lx, ly);
        drawn += 1;
      }
    }
  }

  // Own systems: always drawn, a dot and a ring in the theme's colour.
  ctx.lineWidth = 2;
  ctx.strokeStyle = colors.own;
  ctx.beginPath();
  for (let i = 0; i < scene.size; i += 1) {
    if (scene.own[i] === 0 || !inView(scene.x[i]!, scene.y[i]!)) continue;
    const cx = sx(scene.x[i]!);
    const cy = sy(scene.y[i]!);
    const r = radius * 1.7 + 1;
    ctx.moveTo(cx + r, cy);
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
  }
  ctx.stroke();
  if (detail === 'clusters') {
    for (let tone = 0; tone < 3; tone += 1) {
      ctx.fillStyle = colors.tones[tone as 0 | 1 | 2];
      ctx.beginPath();
      for (let i = 0; i < scene.size; i += 1) {
        if (scene.own[i] === 0 || scene.tone[i] !== tone) continue;
        const cx = sx(scene.x[i]!);
        const cy = sy(scene.y[i]!);
        ctx.moveTo(cx + radius, cy);
        ctx.arc(cx, cy, radius, 0, Math.PI * 2);
      }
      ctx.fill();
    }
  }

  // Search matches: a white ring each.
  if (overlay.matches.length > 0) {
    ctx.strokeStyle = colors.match;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (const i of overlay.matches) {
      if (!inView(scene.x[i]!, scene.y[i]!)) continue;
      const cx = sx(scene.x[i]!);
      const cy = sy(scene.y[i]!);
      const r = radius * 2.2 + 2;
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
    }
    ctx.stroke();
  }

  // The found route: dashed yellow, the start in green and the end in red.
  const { segments, start, end } = overlay.route;
  if (segments.length > 0) {
    ctx.strokeStyle = colors.route;
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.setLineDash([8, 6]);
    ctx.beginPath();
    for (const segment of segments) {
      ctx.moveTo(sx(segment.from.x), sy(segment.from.y));
      ctx.lineTo(sx(segment.to.x), sy(segment.to.y));
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = colors.match;
  ctx.lineWidth = 2;
  for (const [marker, fill] of [
    [start, colors.routeStart],
    [end, colors.routeEnd],
  ] as const) {
    if (!marker) continue;
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.arc(sx(marker.x), sy(marker.y), Math.max(radius * 1.2, 5), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }

  drawFleets(ctx, overlay, colors, sx, sy);

  // Pointer and keyboard: a white ring on the system.
  for (const [index, dashed] of [
    [overlay.hover, false],
    [overlay.focus, true],
  ] as const) {
    if (index < 0) continue;
    ctx.strokeStyle = colors.focus;
    ctx.lineWidth = 2;
    ctx.setLineDash(dashed ? [4, 3] : []);
    ctx.beginPath();
    ctx.arc(sx(scene.x[index]!), sy(scene.y[index]!), radius * 1.6 + 3, 0, Math.PI * 2);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  return detail;
}

type WorldRect = ReturnType<typeof visibleWorld>;

const LABEL_FONT = '11px system-ui, sans-serif';
/** A name's bitmap: its halo's width on each side, and its height (CSS pixels). */
const LABEL_PAD = 3;
const LABEL_HEIGHT = 16;
/** Bitmaps made per frame at most: the others wait for the next frames (a few frames at most). */
const NEW_LABELS_PER_FRAME = 80;
/** Bitmaps kept; past this, the oldest quarter is dropped. */
const LABELS_KEPT = 3000;

/**
 * The names' bitmaps, kept across frames (decision 168): a name is laid out and rasterised with
 * its halo once, then every frame only copies it, instead of shaping and rasterising 400 names on
 * the main thread at each frame of a gesture.
 */
export interface LabelSprites {
  cache: Map<string, HTMLCanvasElement>;
  /** The colours and pixel ratio the kept bitmaps were drawn with: another theme starts over. */
  style: string;
  /** The last frame left names without their bitmap: one more frame is needed. */
  pending: boolean;
  /** No canvas could be made for a bitmap: names are drawn as text. */
  unsupported: boolean;
}

export function labelSprites(): LabelSprites {
  return { cache: new Map(), style: '', pending: false, unsupported: false };
}

function labelSprite(name: string, colors: MapColors, ratio: number): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = LABEL_FONT;
  const width = Math.ceil(ctx.measureText(name).width) + 2 * LABEL_PAD;
  canvas.width = Math.ceil(width * ratio);
  canvas.height = Math.ceil(LABEL_HEIGHT * ratio);
  // A new size resets the context.
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.font = LABEL_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = colors.halo;
  ctx.fillStyle = colors.label;
  ctx.strokeText(name, width / 2, LABEL_HEIGHT - LABEL_PAD / 2);
  ctx.fillText(name, width / 2, LABEL_HEIGHT - LABEL_PAD / 2);
  return canvas;
}

/**
 * The names in view as their kept bitmaps, with their halo (also while a gesture lasts); false
 * when no bitmap can be made here (the names are then drawn as text).
 */
function drawLabelSprites(
  ctx: CanvasRenderingContext2D,
  scene: MapScene,
  view: WorldRect,
  colors: MapColors,
  sx: (x: number) => number,
  sy: (y: number) => number,
  radius: number,
  sprites: LabelSprites,
): boolean {
  if (sprites.unsupported) return false;
  const ratio = ctx.getTransform().a || 1;
  const style = `${colors.label}|${colors.halo}|${ratio}`;
  if (sprites.style !== style) {
    sprites.cache.clear();
    sprites.style = style;
  }
  sprites.pending = false;
  let made = 0;
  let drawn = 0;
  for (let i = 0; i < scene.size && drawn < MAX_LABELS; i += 1) {
    const px = scene.x[i]!;
    const py = scene.y[i]!;
    if (px < view.minX || px > view.maxX || py < view.minY || py > view.maxY) continue;
    drawn += 1;
    const name = scene.names[i]!;
    let sprite = sprites.cache.get(name);
    if (!sprite) {
      if (made >= NEW_LABELS_PER_FRAME) {
        sprites.pending = true;
        continue;
      }
      made += 1;
      const fresh = labelSprite(name, colors, ratio);
      if (!fresh) {
        sprites.unsupported = true;
        return false;
      }
      sprite = fresh;
      if (sprites.cache.size >= LABELS_KEPT) {
        let drop = LABELS_KEPT / 4;
        for (const key of sprites.cache.keys()) {
          if (drop-- <= 0) break;
          sprites.cache.delete(key);
        }
      }
      sprites.cache.set(name, sprite);
    }
    const width = sprite.width / ratio;
    const height = sprite.height / ratio;
    // The text's bottom sits 3 px above the dot, as drawn as text.
    ctx.drawImage(sprite, sx(px) - width / 2, sy(py) - radius - 3 - height + LABEL_PAD / 2, width, height);
  }
  return true;
}

/** How many systems lie in the rectangle, counting no further than `enough`. */
function countInView(scene: MapScene, view: WorldRect, enough: number): number {
  let count = 0;
  for (let i = 0; i < scene.size && count < enough; i += 1) {
    const px = scene.x[i]!;
    const py = scene.y[i]!;
    if (px >= view.minX && px <= view.maxX && py >= view.minY && py <= view.maxY) count += 1;
  }
  return count;
}

/** The systems level's gates and dots as canvas paths (one path per colour). */
function drawSystemsPaths(
  ctx: CanvasRenderingContext2D,
  scene: MapScene,
  transform: MapTransform,
  view: WorldRect,
  colors: MapColors,
  radius: number,
): void {
  const { x: tx, y: ty, k } = transform;
  const sx = (wx: number) => wx * k + tx;
  const sy = (wy: number) => wy * k + ty;
  const inView = (px: number, py: number) =>
    px >= view.minX && px <= view.maxX && py >= view.minY && py <= view.maxY;
  ctx.strokeStyle = colors.gate;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let g = 0; g < scene.gateFrom.length; g += 1) {
    const a = scene.gateFrom[g]!;
    const b = scene.gateTo[g]!;
    const ax = scene.x[a]!;
    const ay = scene.y[a]!;
    const bx = scene.x[b]!;
    const by = scene.y[b]!;
    // Skips a gate whose two ends lie beyond one same side of the view.
    if (
      (ax < view.minX && bx < view.minX) ||
      (ax > view.maxX && bx > view.maxX) ||
      (ay < view.minY && by < view.minY) ||
      (ay > view.maxY && by > view.maxY)
    )
      continue;
    ctx.moveTo(sx(ax), sy(ay));
    ctx.lineTo(sx(bx), sy(by));
  }
  ctx.stroke();
  // Bigger dots get a dark rim, drawn as a slightly larger disc underneath: filling thousands of
  // discs costs a fraction of stroking their outlines in software raster.
  if (radius >= 4) {
    ctx.fillStyle = colors.halo;
    ctx.beginPath();
    for (let i = 0; i < scene.size; i += 1) {
      if (!inView(scene.x[i]!, scene.y[i]!)) continue;
      const cx = sx(scene.x[i]!);
      const cy = sy(scene.y[i]!);
      ctx.moveTo(cx + radius + 1.5, cy);
      ctx.arc(cx, cy, radius + 1.5, 0, Math.PI * 2);
    }
    ctx.fill();
  }
  for (let tone = 0; tone < 3; tone += 1) {
    ctx.fillStyle = colors.tones[tone as 0 | 1 | 2];
    ctx.beginPath();
    for (let i = 0; i < scene.size; i += 1) {
      if (scene.tone[i] !== tone || !inView(scene.x[i]!, scene.y[i]!)) continue;
      const cx = sx(scene.x[i]!);
      const cy = sy(scene.y[i]!);
      ctx.moveTo(cx + radius, cy);
      ctx.arc(cx, cy, radius, 0, Math.PI * 2);
    }
    ctx.fill();
  }
}

/**
 * The systems level's gates and dots written into the raster's pixels, then put on the canvas
 * (decision 168): the same shapes and colours as drawSystemsPaths, at a fraction of the cost of
 * rasterising thousands of paths without a GPU.
 */
function drawSystemsPixels(
  ctx: CanvasRenderingContext2D,
  scene: MapScene,
  transform: MapTransform,
  view: WorldRect,
  colors: MapColors,
  radius: number,
  raster: MapRaster,
): void {
  const { layer, ratio } = raster;
  const k = transform.k * ratio;
  const tx = transform.x * ratio;
  const ty = transform.y * ratio;
  layer.pixels.fill(0);
  const gate = parseColor(colors.gate, ctx);
  const thick = ratio >= 1.5;
  const { gateFrom, gateTo, x, y } = scene;
  for (let g = 0; g < gateFrom.length; g += 1) {
    const a = gateFrom[g]!;
    const b = gateTo[g]!;
    const ax = x[a]!;
    const ay = y[a]!;
    const bx = x[b]!;
    const by = y[b]!;
    if (
      (ax < view.minX && bx < view.minX) ||
      (ax > view.maxX && bx > view.maxX) ||
      (ay < view.minY && by < view.minY) ||
      (ay > view.maxY && by > view.maxY)
    )
      continue;
    const x0 = ax * k + tx;
    const y0 = ay * k + ty;
    const x1 = bx * k + tx;
    const y1 = by * k + ty;
    if (!thick) drawLine(layer, x0, y0, x1, y1, gate);
    else if (Math.abs(x1 - x0) >= Math.abs(y1 - y0)) {
      // Two device pixels wide on high-density screens, as a 1 px path would be.
      drawLine(layer, x0, y0 - 0.5, x1, y1 - 0.5, gate);
      drawLine(layer, x0, y0 + 0.5, x1, y1 + 0.5, gate);
    } else {
      drawLine(layer, x0 - 0.5, y0, x1 - 0.5, y1, gate);
      drawLine(layer, x0 + 0.5, y0, x1 + 0.5, y1, gate);
    }
  }
  const r = radius * ratio;
  const tones = [
    parseColor(colors.tones[0], ctx),
    parseColor(colors.tones[1], ctx),
    parseColor(colors.tones[2], ctx),
  ];
  // Bigger dots get a dark rim underneath, as in drawSystemsPaths: every rim first, then the dots.
  for (let pass = radius >= 4 ? 0 : 1; pass < 2; pass += 1) {
    const halo = pass === 0 ? parseColor(colors.halo, ctx) : null;
    for (let i = 0; i < scene.size; i += 1) {
      const px = x[i]!;
      const py = y[i]!;
      if (px < view.minX || px > view.maxX || py < view.minY || py > view.maxY) continue;
      if (halo) drawDisc(layer, px * k + tx, py * k + ty, r + 1.5 * ratio, halo);
      else drawDisc(layer, px * k + tx, py * k + ty, r, tones[scene.tone[i]!]!);
    }
  }
  ctx.putImageData(raster.image, 0, 0);
}

/** A lane bundling 1 or 2 gates is 1 px wide, 3 to 5 gates 2 px, 6 and more 3 px: the major lanes stand out. */
export function laneWidth(gates: number): number {
  return gates >= 6 ? 3 : gates >= 3 ? 2 : 1;
}

function arrowHead(ctx: CanvasRenderingContext2D, x: number, y: number, heading: number, size: number): void {
  const back = heading + Math.PI;
  ctx.moveTo(x + Math.cos(heading) * size, y + Math.sin(heading) * size);
  ctx.lineTo(x + Math.cos(back + 0.5) * size, y + Math.sin(back + 0.5) * size);
  ctx.lineTo(x + Math.cos(back) * size * 0.4, y + Math.sin(back) * size * 0.4);
  ctx.lineTo(x + Math.cos(back - 0.5) * size, y + Math.sin(back - 0.5) * size);
  ctx.closePath();
}

/** Own fleets: the way ahead dotted, an arrow where the fleet is. Hostile ones: a red arrow to the target. */
function drawFleets(
  ctx: CanvasRenderingContext2D,
  overlay: MapOverlay,
  colors: MapColors,
  sx: (x: number) => number,
  sy: (y: number) => number,
): void {
  if (overlay.hostile.length > 0) {
    ctx.strokeStyle = colors.hostile;
    ctx.fillStyle = colors.hostile;
    ctx.lineWidth = 2;
    ctx.setLineDash([6, 4]);
    ctx.beginPath();
    for (const track of overlay.hostile) {
      ctx.moveTo(sx(track.from.x), sy(track.from.y));
      ctx.lineTo(sx(track.to.x), sy(track.to.y));
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    for (const track of overlay.hostile) {
      const heading = Math.atan2(track.to.y - track.from.y, track.to.x - track.from.x);
      arrowHead(ctx, sx(track.to.x), sy(track.to.y), heading, 13);
    }
    ctx.fill();
  }
  if (overlay.own.length > 0) {
    ctx.strokeStyle = colors.fleet;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([2, 4]);
    ctx.beginPath();
    for (const track of overlay.own) {
      track.ahead.forEach((point, index) => {
        if (index === 0) ctx.moveTo(sx(point.x), sy(point.y));
        else ctx.lineTo(sx(point.x), sy(point.y));
      });
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = colors.fleet;
    ctx.strokeStyle = colors.halo;
    ctx.lineWidth = 2;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    for (const track of overlay.own) arrowHead(ctx, sx(track.at.x), sy(track.at.y), track.heading, 12);
    ctx.stroke();
    ctx.fill();
  }
}
