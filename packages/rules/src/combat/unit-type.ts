/**
 * A stack's unit type with its side's research applied (FLEETS.md section 4, decision 170), shared
 * by both of the engine's paths (decisions 161 and 172).
 */
import type { CombatResearch, CombatStack } from './types.js';
import { COMBAT_LAYER_ORDER, combatUnitDef, DAMAGE_TYPE_ORDER } from './units.js';

const SHIELD = 4;
const ARMOR = 3;
/** A unit has at most 4 layers: a state's points take 4 slots. */
export const SLOTS = 4;

/** A stack's unit type with its side's research applied, laid out for working out shots. */
export class UnitType {
  /** Layers in combat order (shield, armor, structure, biostructure), the absent ones left out. */
  readonly layerCount: number;
  /** Full points per layer (4 slots, the unused ones 0). */
  readonly max = new Float64Array(SLOTS);
  /** `1 - r / 100` per layer and damage type, at `layer * 4 + type`. */
  readonly factor = new Float64Array(SLOTS * 4);
  /** Damage per type (thermal, kinetic, explosive, EM). */
  readonly damage = new Float64Array(4);
  /** Layer 0 is a shield with points: the 1% rule can apply, and it is restored every round. */
  readonly shielded: boolean;
  readonly shieldMax: number;
  /** Layers from here on are structure or biostructure: the unit dies when they are all at 0. */
  readonly hullFrom: number;
  /**
   * The same points and factors with a fixed slot per layer (shield, armor, structure,
   * biostructure; an absent layer has 0 points, which a shot skips as it skips an empty one): the
   * per-unit path's layout (decision 172).
   */
  readonly slotMax = new Float64Array(SLOTS);
  readonly slotFactor = new Float64Array(SLOTS * 4);

  constructor(stack: CombatStack, research: CombatResearch) {
    const def = combatUnitDef(stack);
    const layers = COMBAT_LAYER_ORDER.flatMap((layerId) => def.layers.filter((l) => l.layerId === layerId));
    this.layerCount = layers.length;
    let hullFrom = -1;
    layers.forEach((layer, j) => {
      const level =
        layer.layerId === SHIELD
          ? research.shielding
          : layer.layerId === ARMOR
            ? research.armour
            : research.structural;
      this.max[j] = layer.value * (1 + 0.1 * level);
      DAMAGE_TYPE_ORDER.forEach((type, t) => {
        const r = layer.resistances.find((res) => res.resistanceId === type)?.value ?? 0;
        this.factor[j * 4 + t] = 1 - r / 100;
      });
      if (hullFrom < 0 && layer.layerId !== SHIELD && layer.layerId !== ARMOR) hullFrom = j;
      const slot = COMBAT_LAYER_ORDER.indexOf(layer.layerId);
      if (layers.findIndex((other) => other.layerId === layer.layerId) !== j)
        throw new RangeError(`combat: ${stack.kind} ${stack.id} has two layers of one kind`);
      this.slotMax[slot] = this.max[j];
      for (let t = 0; t < 4; t++) this.slotFactor[slot * 4 + t] = this.factor[j * 4 + t] as number;
    });
    // A unit without hull points would be dead before any shot: the catalogue must not have one.
    if (hullFrom < 0 || this.max.subarray(hullFrom, layers.length).every((points) => points <= 0))
      throw new RangeError(`combat: ${stack.kind} ${stack.id} has no structure points`);
    this.hullFrom = hullFrom;
    this.shielded = layers[0]?.layerId === SHIELD && (this.max[0] as number) > 0;
    this.shieldMax = this.shielded ? (this.max[0] as number) : 0;
    const levels = [research.thermal, research.kinetic, research.explosive, research.em];
    DAMAGE_TYPE_ORDER.forEach((type, t) => {
      const base = def.damages.find((d) => d.resistanceId === type)?.value ?? 0;
      this.damage[t] = base * (1 + 0.1 * research.weapons + 0.05 * (levels[t] ?? 0));
    });
  }
}

/**
 * Unit types by research levels, then by catalogue entry (ships by id, defenses by -1 - id): the
 * catalogue is constant, so they never change. At most TYPES_KEPT entries of either kind, then
 * all are dropped (a side's map in use is then filled apart and dropped after its battle).
 */
const TYPES = new Map<string, Map<number, UnitType>>();
const TYPES_KEPT = 4096;
let typesKept = 0;

function keep(): void {
  if (typesKept >= TYPES_KEPT) {
    TYPES.clear();
    typesKept = 0;
  }
  typesKept++;
}

/** The unit types of one side's research: one string key a side, then a number a stack. */
export function unitTypes(research: CombatResearch): Map<number, UnitType> {
  const r = research;
  const key = `${r.weapons} ${r.thermal} ${r.kinetic} ${r.explosive} ${r.em} ${r.shielding} ${r.armour} ${r.structural}`;
  let types = TYPES.get(key);
  if (types === undefined) {
    keep();
    types = new Map();
    TYPES.set(key, types);
  }
  return types;
}

/** A stack's unit type with `research`, from `types` (that research's map) or made and kept there. */
export function unitType(
  stack: CombatStack,
  research: CombatResearch,
  types: Map<number, UnitType> = unitTypes(research),
): UnitType {
  const id = stack.kind === 'ship' ? stack.id : -1 - stack.id;
  let type = types.get(id);
  if (type === undefined) {
    type = new UnitType(stack, research);
    keep();
    types.set(id, type);
  }
  return type;
}
