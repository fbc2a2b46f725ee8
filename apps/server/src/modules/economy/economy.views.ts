/** Views of the game state shared by the screens of several modules (planets, constructions). */
import { RESOURCES, type AccountState, type ConstructionTypeId, type PlanetState } from '@starhold/rules';
import type { Construction } from '@starhold/contract';
import { toConstruction, type QueueItem } from './economy.mapping.js';

export function queueOf(state: AccountState, planet: PlanetState, typeId: ConstructionTypeId): QueueItem[] {
  switch (typeId) {
    case 1:
      return planet.queues.factories;
    case 2:
      return planet.queues.buildings;
    case 3:
      return planet.queues.ships;
    case 4:
      return planet.queues.defenses;
    case 5:
      return state.researchQueue;
  }
}

/** Every queue shown with a planet: its four queues, then the account's research queue. */
export function planetConstructions(state: AccountState, planet: PlanetState): Construction[] {
  return ([1, 2, 3, 4, 5] as const).flatMap((typeId) => queueOf(state, planet, typeId).map(toConstruction));
}

export function resourceRef(resourceId: number): { id: number; name: string } {
  return { id: resourceId, name: RESOURCES.find((r) => r.id === resourceId)?.key ?? String(resourceId) };
}
