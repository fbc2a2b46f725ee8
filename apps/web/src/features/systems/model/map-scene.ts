import { securityTone, type SecurityTone } from '../../../lib/names';
import type { MapSystem, MapTransform, Viewport } from './types';
import { LABEL_ZOOM } from './zoom';

/**
 * What the canvas map draws, in flat arrays built once per list (decision 185): a frame loops over
 * numbers, never over objects, so 10,000 systems and 15,000 gates cost a few milliseconds of script.
 */
export const TONES: readonly SecurityTone[] = ['high', 'low', 'null'];

export interface ClusterLevel {
  /** Side of a cell in map units. */
  size: number;
  /** Per cell: centroid, number of systems and the band most of them are in (index into TONES). */
  x: Float64Array;
  y: Float64Array;
  count: Uint32Array;
  tone: Uint8Array;
  /** The largest count of a cell, for scaling the discs. */
  maxCount: number;
  /** Gate lanes between cells: pairs of cell indexes and how many gates each lane bundles. */
  laneFrom: Uint32Array;
  laneTo: Uint32Array;
  laneCount: Uint32Array;
}

export interface MapScene {
  size: number;
  ids: Int32Array;
  names: readonly string[];
  x: Float64Array;
  y: Float64Array;
  tone: Uint8Array;
  own: Uint8Array;
  /** Each gate once, as indexes into the arrays above. */
  gateFrom: Uint32Array;
  gateTo: Uint32Array;
  indexOf: ReadonlyMap<number, number>;
  /** Typical distance between neighbouring systems in map units: the square root of area per system. */
  spacing: number;
  /** Cell sizes of coarser and coarser grids of clusters, finest first. */
  clusterSizes: readonly number[];
  /** Each grid, built the first time the map shows it. */
  clusterCache: (ClusterLevel | undefined)[];
}

/** Systems are drawn one by one once neighbours are this many pixels apart; below, as clusters. */
export const SYSTEMS_MIN_SPACING_PX = 18;
/** Names are drawn once neighbours are this far apart (and the zoom is at least LABEL_ZOOM). */
export const LABELS_MIN_SPACING_PX = 42;
/** A cluster cell is at least this wide on screen. */
export const CLUSTER_MIN_CELL_PX = 22;
/** Cluster grids of 2, 4, 8, 16 and 32 times the spacing. */
const CLUSTER_FACTORS = [2, 4, 8, 16, 32];

export function buildScene(systems: readonly MapSystem[]): MapScene {
  const size = systems.length;
  const ids = new Int32Array(size);
  const x = new Float64Array(size);
  const y = new Float64Array(size);
  const tone = new Uint8Array(size);
  const own = new Uint8Array(size);
  const indexOf = new Map<number, number>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  systems.forEach((system, i) => {
    ids[i] = system.id;
    x[i] = system.position.x;
    y[i] = system.position.y;
    tone[i] = TONES.indexOf(securityTone(system.security.name));
    own[i] = system.has_own_planet ? 1 : 0;
    indexOf.set(system.id, i);
    minX = Math.min(minX, system.position.x);
    minY = Math.min(minY, system.position.y);
    maxX = Math.max(maxX, system.position.x);
    maxY = Math.max(maxY, system.position.y);
  });
  const from: number[] = [];
  const to: number[] = [];
  systems.forEach((system, i) => {
    for (const neighbour of system.connections) {
      if (neighbour <= system.id) continue;
      const j = indexOf.get(neighbour);
      if (j === undefined) continue;
      from.push(i);
      to.push(j);
    }
  });
  const area = size > 1 ? Math.max(maxX - minX, 1) * Math.max(maxY - minY, 1) : 1;
  const spacing = Math.sqrt(area / Math.max(size, 1));
  const scene: MapScene = {
    size,
    ids,
    names: systems.map((system) => system.name),
    x,
    y,
    tone,
    own,
    gateFrom: Uint32Array.from(from),
    gateTo: Uint32Array.from(to),
    indexOf,
    spacing,
    clusterSizes: size === 0 ? [] : CLUSTER_FACTORS.map((factor) => spacing * factor),
    clusterCache: [],
  };
  return scene;
}

/** Groups the systems into square cells of `cellSize` map units, and their gates into lanes. */
export function clusterLevel(scene: MapScene, cellSize: number): ClusterLevel {
  const cellOf = new Int32Array(scene.size);
  const cells = new Map<number, number>();
  const sumX: number[] = [];
  const sumY: number[] = [];
  const counts: number[] = [];
  const tones: [number, number, number][] = [];
  for (let i = 0; i < scene.size; i += 1) {
    // Cell coordinates packed in one number (a universe spans far fewer than a million cells a side).
    const key = Math.floor(scene.x[i]! / cellSize) * 2_097_152 + Math.floor(scene.y[i]! / cellSize);
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = counts.length;
      cells.set(key, cell);
      sumX.push(0);
      sumY.push(0);
      counts.push(0);
      tones.push([0, 0, 0]);
    }
    cellOf[i] = cell;
    sumX[cell]! += scene.x[i]!;
    sumY[cell]! += scene.y[i]!;
    counts[cell]! += 1;
    tones[cell]![scene.tone[i]!]! += 1;
  }
  const lanes = new Map<number, number>();
  const n = counts.length;
  for (let g = 0; g < scene.gateFrom.length; g += 1) {
    const a = cellOf[scene.gateFrom[g]!]!;
    const b = cellOf[scene.gateTo[g]!]!;
    if (a === b) continue;
    const key = Math.min(a, b) * n + Math.max(a, b);
    lanes.set(key, (lanes.get(key) ?? 0) + 1);
  }
  const laneKeys = [...lanes.keys()];
  return {
    size: cellSize,
    x: Float64Array.from(sumX, (sum, cell) => sum / counts[cell]!),
    y: Float64Array.from(sumY, (sum, cell) => sum / counts[cell]!),
    count: Uint32Array.from(counts),
    // Ties go to the safer band: a cell is only as dangerous as most of it.
    tone: Uint8Array.from(tones, ([high, low, nul]) => (high >= low && high >= nul ? 0 : low >= nul ? 1 : 2)),
    maxCount: Math.max(1, ...counts),
    laneFrom: Uint32Array.from(laneKeys, (key) => Math.floor(key / n)),
    laneTo: Uint32Array.from(laneKeys, (key) => key % n),
    laneCount: Uint32Array.from(laneKeys, (key) => lanes.get(key)!),
  };
}

export type Detail = 'clusters' | 'systems' | 'labels';

/** How much the map shows at zoom `k`: clusters far out, systems, then systems with their names. */
export function detailAt(k: number, spacing: number): Detail {
  const apart = k * spacing;
  if (apart < SYSTEMS_MIN_SPACING_PX) return 'clusters';
  return k >= LABEL_ZOOM && apart >= LABELS_MIN_SPACING_PX ? 'labels' : 'systems';
}

/** The finest cluster grid whose cells are at least CLUSTER_MIN_CELL_PX wide at zoom `k`. */
export function clusterLevelAt(scene: MapScene, k: number): ClusterLevel | null {
  const { clusterSizes: sizes } = scene;
  if (sizes.length === 0) return null;
  const found = sizes.findIndex((size) => size * k >= CLUSTER_MIN_CELL_PX);
  const index = found < 0 ? sizes.length - 1 : found;
  return (scene.clusterCache[index] ??= clusterLevel(scene, sizes[index]!));
}

/** Builds the cluster grid of index `index` if not built yet (idle time, before a zoom needs it). */
export function prepareClusterLevel(scene: MapScene, index: number): void {
  const size = scene.clusterSizes[index];
  if (size !== undefined) scene.clusterCache[index] ??= clusterLevel(scene, size);
}

/** The zoom at which systems are drawn one by one: where a cluster's click takes the player. */
export function systemsZoom(spacing: number): number {
  return SYSTEMS_MIN_SPACING_PX / spacing;
}

/** Screen radius of a system's dot: grows with the zoom, never so big that neighbours touch. */
export function nodeRadius(k: number, spacing: number, phone: boolean): number {
  const floor = phone ? 4 : 3;
  return Math.max(floor, Math.min(6 * k, 10, (k * spacing) / 3));
}

/** The rectangle of the map (in map units) the viewport shows, widened by `margin` pixels. */
export function visibleWorld(transform: MapTransform, viewport: Viewport, margin: number) {
  return {
    minX: (-margin - transform.x) / transform.k,
    minY: (-margin - transform.y) / transform.k,
    maxX: (viewport.width + margin - transform.x) / transform.k,
    maxY: (viewport.height + margin - transform.y) / transform.k,
  };
}

/**
 * The system under a screen point: the nearest one within `radius` pixels, among every system when
 * they are drawn one by one, among own systems only when the map shows clusters (own systems are
 * always drawn). -1 when there is none.
 */
export function systemAt(
  scene: MapScene,
  transform: MapTransform,
  screen: { x: number; y: number },
  radius: number,
  ownOnly: boolean,
): number {
  const wx = (screen.x - transform.x) / transform.k;
  const wy = (screen.y - transform.y) / transform.k;
  const reach = radius / transform.k;
  let best = -1;
  let bestDistance = reach * reach;
  for (let i = 0; i < scene.size; i += 1) {
    if (ownOnly && scene.own[i] === 0) continue;
    const dx = scene.x[i]! - wx;
    const dy = scene.y[i]! - wy;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

/** The cluster cell under a screen point, or -1. */
export function clusterAt(
  level: ClusterLevel,
  transform: MapTransform,
  screen: { x: number; y: number },
): number {
  const wx = (screen.x - transform.x) / transform.k;
  const wy = (screen.y - transform.y) / transform.k;
  const reach = level.size / 2;
  let best = -1;
  let bestDistance = reach * reach;
  for (let c = 0; c < level.count.length; c += 1) {
    const dx = level.x[c]! - wx;
    const dy = level.y[c]! - wy;
    const distance = dx * dx + dy * dy;
    if (distance <= bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The systems shown in the view, nearest to its centre first, at most `limit`: the accessible list
 * of the map (keyboard and screen readers). Empty while the map shows clusters but for own systems.
 */
export function systemsInView(
  scene: MapScene,
  transform: MapTransform,
  viewport: Viewport,
  limit: number,
): number[] {
  const view = visibleWorld(transform, viewport, 0);
  const clusters = detailAt(transform.k, scene.spacing) === 'clusters';
  const cx = (view.minX + view.maxX) / 2;
  const cy = (view.minY + view.maxY) / 2;
  const found: { i: number; d: number }[] = [];
  for (let i = 0; i < scene.size; i += 1) {
    if (clusters && scene.own[i] === 0) continue;
    const px = scene.x[i]!;
    const py = scene.y[i]!;
    if (px < view.minX || px > view.maxX || py < view.minY || py > view.maxY) continue;
    found.push({ i, d: (px - cx) ** 2 + (py - cy) ** 2 });
  }
  found.sort((a, b) => a.d - b.d);
  return found.slice(0, limit).map((entry) => entry.i);
}
