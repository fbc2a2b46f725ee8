import { DEFENSES, SHIPS, type Damage, type Layer } from '../catalogue/units.js';
import type { CombatStack } from './types.js';

/** What combat reads of a unit: its damages and its layers with their resistances. */
export interface CombatUnitDef {
  damages: readonly Damage[];
  layers: readonly Layer[];
}

/**
 * The catalogue entry of a stack. Looked up by kind and id on every call, so units added to the
 * catalogue (the nomad ships) fight without any change here.
 */
export function combatUnitDef(stack: Pick<CombatStack, 'kind' | 'id'>): CombatUnitDef {
  const list = stack.kind === 'ship' ? SHIPS : DEFENSES;
  const unit = list.find((def) => def.id === stack.id);
  if (unit === undefined) throw new RangeError(`combat: unknown ${stack.kind} ${stack.id}`);
  return unit;
}

/** Layer ids in the order a shot meets them: shield, armor, structure, biostructure. */
export const COMBAT_LAYER_ORDER = [4, 3, 1, 2] as const;

/** Damage types (resistance ids) in the order a shot applies them: thermal, kinetic, explosive, EM. */
export const DAMAGE_TYPE_ORDER = [1, 2, 3, 4] as const;
