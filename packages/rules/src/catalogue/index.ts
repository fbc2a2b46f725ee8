import type { ConstructionTypeId, PlayableRaceId } from '../types.js';
import { BUILDINGS, FACTORIES, RESEARCHES, type BuildingDef, type FactoryDef } from './base.js';
import { DEFENSES, SHIPS, type DefenseDef, type ShipDef } from './units.js';

export * from './base.js';
export * from './units.js';

export type ModuleDef = FactoryDef | BuildingDef | ShipDef | DefenseDef;

/** The definitions of one construction type, in id order. */
export function modulesOfType(typeId: ConstructionTypeId): readonly ModuleDef[] {
  switch (typeId) {
    case 1:
      return FACTORIES;
    case 2:
      return BUILDINGS;
    case 3:
      return SHIPS;
    case 4:
      return DEFENSES;
    case 5:
      return RESEARCHES;
    default:
      return [];
  }
}

export function findModule(typeId: ConstructionTypeId, moduleId: number): ModuleDef | undefined {
  return modulesOfType(typeId).find((def) => def.id === moduleId);
}

export function findFactory(moduleId: number): FactoryDef | undefined {
  return FACTORIES.find((def) => def.id === moduleId);
}

export function findUnit(typeId: 3 | 4, moduleId: number): ShipDef | DefenseDef | undefined {
  return (typeId === 3 ? SHIPS : DEFENSES).find((def) => def.id === moduleId);
}

/** The modules a player of `race` sees: every factory, building and research, only its own units. */
export function modulesFor(typeId: ConstructionTypeId, race: PlayableRaceId): ModuleDef[] {
  return modulesOfType(typeId).filter((def) => !('race' in def) || def.race === race);
}
