import { findCombatUnit, type Damage, type Layer } from '../catalogue/units.js';
import type { CombatStack } from './types.js';

/** What combat reads of a unit: its damages and its layers with their resistances. */
export interface CombatUnitDef {
  damages: readonly Damage[];
  layers: readonly Layer[];
}

/**
 * The catalogue entry of a stack: a ship of any race, the nomad pirates' (NOMAD_SHIPS, kept out of
 * SHIPS so players never see them) included, or a defense.
 */
export function combatUnitDef(stack: Pick<CombatStack, 'kind' | 'id'>): CombatUnitDef {
  const unit = findCombatUnit(stack.kind, stack.id);
  if (unit === undefined) throw new RangeError(`combat: unknown ${stack.kind} ${stack.id}`);
  return unit;
}

/** Layer ids in the order a shot meets them: shield, armor, structure, biostructure. */
export const COMBAT_LAYER_ORDER = [4, 3, 1, 2] as const;

/** Damage types (resistance ids) in the order a shot applies them: thermal, kinetic, explosive, EM. */
export const DAMAGE_TYPE_ORDER = [1, 2, 3, 4] as const;
