import type { MapTransform, Point, Viewport } from './types';

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 5;
/** One wheel notch zooms in by 10 % or out by 10 % (spec: wheel steps of 1.1 and 0.9). */
export const WHEEL_ZOOM_IN = 1.1;
export const WHEEL_ZOOM_OUT = 0.9;
/** The + and - buttons take bigger steps than the wheel: one click should visibly change the view. */
export const BUTTON_ZOOM = 1.5;
/** The zoom a single search match is shown at, unless the player is already closer. */
export const FOCUS_ZOOM = 2;
/** System names are drawn from this zoom on; below it they would only be clutter. */
export const LABEL_ZOOM = 1.4;

export function clampZoom(k: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, k));
}

export function wheelScaleFactor(deltaY: number): number {
  if (deltaY < 0) return WHEEL_ZOOM_IN;
  if (deltaY > 0) return WHEEL_ZOOM_OUT;
  return 1;
}

/**
 * d3-zoom multiplies the scale by 2^wheelDelta; its default is proportional to the wheel distance,
 * which makes trackpads and mice zoom at different speeds. A fixed step per event matches the spec.
 */
export function wheelDelta(event: Pick<WheelEvent, 'deltaY'>): number {
  return Math.log2(wheelScaleFactor(event.deltaY));
}

export function centreOn(point: Point, viewport: Viewport, k: number): MapTransform {
  const scale = clampZoom(k);
  return {
    k: scale,
    x: viewport.width / 2 - point.x * scale,
    y: viewport.height / 2 - point.y * scale,
  };
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boundsOf(points: readonly Point[]): Bounds | null {
  const first = points[0];
  if (!first) return null;
  const bounds: Bounds = { minX: first.x, minY: first.y, maxX: first.x, maxY: first.y };
  for (const { x, y } of points) {
    bounds.minX = Math.min(bounds.minX, x);
    bounds.minY = Math.min(bounds.minY, y);
    bounds.maxX = Math.max(bounds.maxX, x);
    bounds.maxY = Math.max(bounds.maxY, y);
  }
  return bounds;
}

/** The transform that shows every point inside the viewport, keeping `padding` pixels free. */
export function fitTransform(
  points: readonly Point[],
  viewport: Viewport,
  padding: number,
  maxK = ZOOM_MAX,
): MapTransform {
  const bounds = boundsOf(points);
  if (!bounds) return { x: 0, y: 0, k: 1 };
  const width = Math.max(bounds.maxX - bounds.minX, 1);
  const height = Math.max(bounds.maxY - bounds.minY, 1);
  const usableWidth = Math.max(viewport.width - 2 * padding, 1);
  const usableHeight = Math.max(viewport.height - 2 * padding, 1);
  const k = Math.min(usableWidth / width, usableHeight / height, maxK);
  return centreOn({ x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2 }, viewport, k);
}

/**
 * Where the map goes for a search: one match is centred at a readable zoom (never zooming out
 * the player), several matches are framed together.
 */
export function focusTransform(
  points: readonly Point[],
  viewport: Viewport,
  currentK: number,
): MapTransform | null {
  const [only] = points;
  if (!only) return null;
  if (points.length === 1) return centreOn(only, viewport, Math.max(currentK, FOCUS_ZOOM));
  return fitTransform(points, viewport, 60, FOCUS_ZOOM);
}

/**
 * While a gesture lasts the map is moved as one composited picture: the world keeps the transform
 * it was last drawn with (`drawn`) and the layer gets the CSS transform that carries that picture
 * onto the gesture's `current` transform. Both are d3 transforms (screen = world * k + (x, y)), so
 * the layer transform is `current ∘ drawn⁻¹`, a scale then a translation about the top-left corner.
 */
export function layerTransform(drawn: MapTransform, current: MapTransform): MapTransform {
  const k = current.k / drawn.k;
  return { k, x: current.x - drawn.x * k, y: current.y - drawn.y * k };
}

/** The CSS transform of a layer transform, for `transform-origin: 0 0`. */
export function cssLayerTransform({ x, y, k }: MapTransform): string {
  return `translate(${x}px, ${y}px) scale(${k})`;
}

/**
 * Whether a layer drawn `margin` pixels beyond each side of the viewport still covers the whole
 * viewport under the gesture's layer transform, and is not magnified so much that it turns blurry.
 * When it does not, the map is drawn again mid-gesture.
 */
export function layerStillCovers(
  layer: MapTransform,
  viewport: Viewport,
  margin: number,
  maxMagnification = 2.5,
): boolean {
  if (layer.k > maxMagnification) return false;
  const left = layer.x - layer.k * margin;
  const top = layer.y - layer.k * margin;
  const right = layer.x + layer.k * (viewport.width + margin);
  const bottom = layer.y + layer.k * (viewport.height + margin);
  return left <= 0 && top <= 0 && right >= viewport.width && bottom >= viewport.height;
}
