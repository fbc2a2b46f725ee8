/**
 * The reference combat engine: decision 170's rules written out plainly, one object per unit,
 * reading the catalogue as it is. The fast engine must agree with it bit for bit (same survivors,
 * same per-round figures) for the same seed.
 */
import type { Layer } from '../../src/catalogue/units.js';
import type {
  CombatInput,
  CombatResearch,
  CombatResult,
  CombatRound,
  CombatRoundSide,
  CombatSide,
  CombatStack,
  CombatWinner,
} from '../../src/combat/types.js';
import { combatUnitDef, type CombatUnitDef } from '../../src/combat/units.js';
import { createRandom } from '../../src/universe/random.js';

const SHIELD = 4;
const ARMOR = 3;
const STRUCTURE = 1;
const BIOSTRUCTURE = 2;
/** Thermal, kinetic, explosive, EM. */
const DAMAGE_TYPES = [1, 2, 3, 4] as const;

interface UnitLayer {
  layer: Layer;
  points: number;
}

interface Unit {
  /** Shield, armor, structure, biostructure: the order a shot meets them. */
  layers: UnitLayer[];
  hit: boolean;
}

interface RefStack {
  input: CombatStack;
  def: CombatUnitDef;
  research: CombatResearch;
  /** Hit units in order of their first hit, then the never-hit ones. */
  units: Unit[];
  hitCount: number;
}

interface RefSide {
  stacks: RefStack[];
  research: CombatResearch;
  dealt: number;
  absorbed: number;
}

function layerResearch(layer: Layer, research: CombatResearch): number {
  if (layer.layerId === SHIELD) return research.shielding;
  if (layer.layerId === ARMOR) return research.armour;
  return research.structural;
}

function maxPoints(layer: Layer, research: CombatResearch): number {
  return layer.value * (1 + 0.1 * layerResearch(layer, research));
}

function resistance(layer: Layer, type: number): number {
  return layer.resistances.find((r) => r.resistanceId === type)?.value ?? 0;
}

function damageOf(def: CombatUnitDef, research: CombatResearch, type: number): number {
  const base = def.damages.find((d) => d.resistanceId === type)?.value ?? 0;
  const weaponry = [research.thermal, research.kinetic, research.explosive, research.em][type - 1] ?? 0;
  return base * (1 + 0.1 * research.weapons + 0.05 * weaponry);
}

function newUnit(def: CombatUnitDef, research: CombatResearch): Unit {
  const layers: UnitLayer[] = [];
  for (const layerId of [SHIELD, ARMOR, STRUCTURE, BIOSTRUCTURE])
    for (const layer of def.layers)
      if (layer.layerId === layerId) layers.push({ layer, points: maxPoints(layer, research) });
  return { layers, hit: false };
}

function shieldOf(unit: Unit): UnitLayer | undefined {
  const first = unit.layers[0];
  return first?.layer.layerId === SHIELD ? first : undefined;
}

function isAlive(unit: Unit): boolean {
  return unit.layers.some(
    (l) => (l.layer.layerId === STRUCTURE || l.layer.layerId === BIOSTRUCTURE) && l.points > 0,
  );
}

function makeSide(side: CombatSide): RefSide {
  return {
    research: side.research,
    dealt: 0,
    absorbed: 0,
    stacks: side.units.map((input) => {
      const def = combatUnitDef(input);
      return {
        input,
        def,
        research: side.research,
        units: Array.from({ length: input.count }, () => newUnit(def, side.research)),
        hitCount: 0,
      };
    }),
  };
}

/** One shot of a `shooter` unit at the unit at `index` in `targetStack`. */
function shoot(
  shooter: RefStack,
  shooterSide: RefSide,
  targetStack: RefStack,
  index: number,
  targetSide: RefSide,
): void {
  const target = targetStack.units[index] as Unit;
  const shield = shieldOf(target);
  if (shield !== undefined) {
    const shieldMax = maxPoints(shield.layer, targetStack.research);
    let effect = 0;
    for (const type of DAMAGE_TYPES) {
      const d = damageOf(shooter.def, shooter.research, type);
      if (d !== 0) effect += d * (1 - resistance(shield.layer, type) / 100);
    }
    // The 1% rule: a shot too weak to matter to a full shield is absorbed whole.
    if (shieldMax > 0 && shield.points > 0 && effect * 100 < shieldMax) {
      targetSide.absorbed += effect;
      return;
    }
  }
  let dealt = 0;
  let shieldDealt = 0;
  for (const type of DAMAGE_TYPES) {
    let d = damageOf(shooter.def, shooter.research, type);
    if (d === 0) continue;
    for (const layer of target.layers) {
      if (layer.points <= 0) continue;
      const f = 1 - resistance(layer.layer, type) / 100;
      const e = d * f;
      const taken = e <= layer.points ? e : layer.points;
      d = e <= layer.points ? 0 : (e - layer.points) / f;
      layer.points = e <= layer.points ? layer.points - e : 0;
      dealt += taken;
      if (layer === shield) shieldDealt += taken;
      if (d === 0) break;
    }
  }
  shooterSide.dealt += dealt;
  targetSide.absorbed += shieldDealt;
  if (dealt > 0 && !target.hit) {
    // The never-hit units are all alike: the first of them takes the hit and joins the hit ones.
    targetStack.units[index] = targetStack.units[targetStack.hitCount] as Unit;
    targetStack.units[targetStack.hitCount] = target;
    targetStack.hitCount++;
    target.hit = true;
  }
}

function fire(shooters: RefSide, targets: RefSide, random: () => number): number {
  const total = targets.stacks.reduce((sum, stack) => sum + stack.units.length, 0);
  let shots = 0;
  for (const shooter of shooters.stacks) {
    for (let i = 0; i < shooter.units.length; i++) {
      shots++;
      let index = Math.floor(random() * total);
      let stackIndex = 0;
      while (index >= (targets.stacks[stackIndex]?.units.length ?? 0)) {
        index -= targets.stacks[stackIndex]?.units.length ?? 0;
        stackIndex++;
      }
      shoot(shooter, shooters, targets.stacks[stackIndex] as RefStack, index, targets);
    }
  }
  return shots;
}

function counts(side: RefSide): CombatStack[] {
  return side.stacks.map((stack) => ({
    kind: stack.input.kind,
    id: stack.input.id,
    count: stack.units.length,
  }));
}

function alive(side: RefSide): number {
  return side.stacks.reduce((sum, stack) => sum + stack.units.length, 0);
}

function roundSide(before: CombatStack[], side: RefSide, shots: number): CombatRoundSide {
  return {
    unitsBefore: before,
    unitsAfter: counts(side),
    shots,
    damageDealt: side.dealt,
    damageAbsorbed: side.absorbed,
  };
}

export function referenceCombat(input: CombatInput): CombatResult {
  const attacker = makeSide(input.attacker);
  const defender = makeSide(input.defender);
  const generator = createRandom(input.seed);
  const random = (): number => generator.next();
  const rounds: CombatRound[] = [];
  for (let round = 1; round <= (input.maxRounds ?? 6); round++) {
    if (alive(attacker) === 0 || alive(defender) === 0) break;
    const attackerBefore = counts(attacker);
    const defenderBefore = counts(defender);
    for (const side of [attacker, defender]) {
      side.dealt = 0;
      side.absorbed = 0;
      for (const stack of side.stacks)
        for (const unit of stack.units) {
          const shield = shieldOf(unit);
          if (shield !== undefined) shield.points = maxPoints(shield.layer, stack.research);
        }
    }
    const attackerShots = fire(attacker, defender, random);
    const defenderShots = fire(defender, attacker, random);
    for (const side of [attacker, defender])
      for (const stack of side.stacks) {
        stack.units = stack.units.filter(isAlive);
        stack.hitCount = stack.units.filter((unit) => unit.hit).length;
      }
    rounds.push({
      round,
      attacker: roundSide(attackerBefore, attacker, attackerShots),
      defender: roundSide(defenderBefore, defender, defenderShots),
    });
  }
  const a = alive(attacker);
  const d = alive(defender);
  const winner: CombatWinner = d === 0 && a > 0 ? 'attacker' : a === 0 && d > 0 ? 'defender' : 'draw';
  return { winner, rounds, attackerSurvivors: counts(attacker), defenderSurvivors: counts(defender) };
}
