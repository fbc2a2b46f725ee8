import type { SystemsMap } from '@starhold/contract';

/** A list item as the tests write it (a plain number for the security id). */
interface SystemItemLike {
  id: number;
  name: string;
  position: { x: number; y: number };
  security: { id: number; name?: string };
  race: { id: number };
  connections: readonly number[];
  has_own_planet: boolean;
}

/**
 * GET /systems/map's columns for a list of systems, for the tests that answer it: the inverse of
 * the contract's `systemsFromColumns` (gates once, a < b; `own` from `has_own_planet`).
 */
export function systemsColumns(list: readonly SystemItemLike[]): SystemsMap {
  const gates: number[] = [];
  for (const system of list)
    for (const other of system.connections) if (system.id < other) gates.push(system.id, other);
  return {
    ids: list.map((system) => system.id),
    names: list.map((system) => system.name),
    x: list.map((system) => system.position.x),
    y: list.map((system) => system.position.y),
    security: list.map((system) => system.security.id as SystemsMap['security'][number]),
    race: list.map((system) => system.race.id),
    gates,
    own: list.filter((system) => system.has_own_planet).map((system) => system.id),
  };
}
