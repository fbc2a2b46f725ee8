import type { MapSystem, Point } from './types';

export interface MapEdge {
  key: string;
  from: Point;
  to: Point;
}

/**
 * Gates are undirected and each system lists its neighbours, so every gate appears twice in the
 * list; it is drawn once. A connection to an id missing from the list is skipped rather than
 * drawn to the origin.
 */
export function gateEdges(systems: readonly MapSystem[]): MapEdge[] {
  const byId = new Map(systems.map((system) => [system.id, system]));
  const edges: MapEdge[] = [];
  for (const system of systems) {
    for (const neighbourId of system.connections) {
      if (neighbourId <= system.id) continue;
      const neighbour = byId.get(neighbourId);
      if (!neighbour) continue;
      edges.push({ key: `${system.id}-${neighbourId}`, from: system.position, to: neighbour.position });
    }
  }
  return edges;
}

/** The statistic shown in the sidebar: distinct gates, not connection entries. */
export function gateCount(systems: readonly MapSystem[]): number {
  const ids = new Set(systems.map((system) => system.id));
  let count = 0;
  for (const system of systems)
    for (const neighbourId of system.connections)
      if (neighbourId > system.id && ids.has(neighbourId)) count += 1;
  return count;
}
