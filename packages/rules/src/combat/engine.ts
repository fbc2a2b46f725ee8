/**
 * The combat engine (FLEETS.md section 4, exact rules in decision 170). Built for battles of a
 * million units: a stack keeps its never-hit units as a mere count, and a unit gets its own layer
 * points (a slice of one Float64Array per stack) only once a shot removes something from it. What
 * does not depend on a unit's state is precomputed per (shooter stack, target stack): whether the
 * shot is absorbed by a shield, and the whole outcome of the shot on a never-hit unit.
 */
import { randomState } from '../universe/random.js';
import type {
  CombatInput,
  CombatResearch,
  CombatResult,
  CombatRound,
  CombatRoundSide,
  CombatStack,
  CombatWinner,
} from './types.js';
import { COMBAT_LAYER_ORDER, combatUnitDef, DAMAGE_TYPE_ORDER } from './units.js';

export const DEFAULT_MAX_ROUNDS = 6;

const SHIELD = 4;
const ARMOR = 3;

/** A stack's unit type with its side's research applied, laid out for the shot loop. */
class UnitType {
  /** Layers in combat order (shield, armor, structure, biostructure), the absent ones left out. */
  readonly layerCount: number;
  readonly max: number[];
  /** `1 - r / 100` per layer and damage type, at `layer * 4 + type`. */
  readonly factor: number[];
  /** Damage per type (thermal, kinetic, explosive, EM). */
  readonly damage: number[];
  /** Layer 0 is a shield with points: the 1% rule can apply. */
  readonly shielded: boolean;
  readonly shieldMax: number;
  /** Layers from here on are structure or biostructure: the unit dies when they are all at 0. */
  readonly hullFrom: number;

  constructor(stack: CombatStack, research: CombatResearch) {
    const def = combatUnitDef(stack);
    const layers = COMBAT_LAYER_ORDER.flatMap((layerId) => def.layers.filter((l) => l.layerId === layerId));
    this.layerCount = layers.length;
    this.max = layers.map(() => 0);
    this.factor = new Array<number>(layers.length * 4).fill(0);
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
    });
    // A unit without hull points would be dead before any shot: the catalogue must not have one.
    if (hullFrom < 0 || this.max.slice(hullFrom).every((points) => points <= 0))
      throw new RangeError(`combat: ${stack.kind} ${stack.id} has no structure points`);
    this.hullFrom = hullFrom;
    this.shielded = layers[0]?.layerId === SHIELD && (this.max[0] ?? 0) > 0;
    this.shieldMax = this.shielded ? (this.max[0] ?? 0) : 0;
    const levels = [research.thermal, research.kinetic, research.explosive, research.em];
    this.damage = [0, 0, 0, 0];
    DAMAGE_TYPE_ORDER.forEach((type, t) => {
      const base = def.damages.find((d) => d.resistanceId === type)?.value ?? 0;
      this.damage[t] = base * (1 + 0.1 * research.weapons + 0.05 * (levels[t] ?? 0));
    });
  }
}

/** Side results of the last `applyShot`, beside its return value (no allocation per shot). */
let lastShieldDamage = 0;
let lastKilled = false;

/**
 * One shot of `pair` on the unit whose layer points start at `points[base]`: each damage type in
 * turn through the layers; a layer takes `d * f`, and when that exceeds what it has left, the raw
 * damage it did not use, `(d * f - p) / f`, goes on. Returns the points removed; the shield's
 * share is left in `lastShieldDamage`, and whether this shot destroyed the unit in `lastKilled`.
 * Both engines run exactly these floating-point operations in this order.
 */
function applyShot(pair: Pair, target: UnitType, points: Float64Array, base: number): number {
  const n = target.layerCount;
  const hullFrom = target.hullFrom;
  const shieldLayers = target.shielded ? 1 : 0;
  const amounts = pair.amounts;
  const factors = pair.factors;
  let dealt = 0;
  let shield = 0;
  let killed = false;
  for (let k = 0; k < amounts.length; k++) {
    let d = amounts[k] as number;
    for (let j = 0; j < n; j++) {
      const p = points[base + j] as number;
      if (p <= 0) continue;
      const f = factors[k * n + j] as number;
      const e = d * f;
      if (e <= p) {
        const left = p - e;
        points[base + j] = left;
        dealt += e;
        if (j < shieldLayers) shield += e;
        if (left === 0 && j >= hullFrom) killed = hullGone(points, base, hullFrom, n);
        break;
      }
      points[base + j] = 0;
      dealt += p;
      if (j < shieldLayers) shield += p;
      if (j >= hullFrom) killed = hullGone(points, base, hullFrom, n);
      d = (e - p) / f;
    }
  }
  lastShieldDamage = shield;
  lastKilled = killed;
  return dealt;
}

function hullGone(points: Float64Array, base: number, hullFrom: number, n: number): boolean {
  for (let j = hullFrom; j < n; j++) if ((points[base + j] as number) > 0) return false;
  return true;
}

/** Scratch layer points of a never-hit unit, for the precomputation (a unit has at most 4 layers). */
const FRESH = new Float64Array(4);

/** What a shooter stack's shot does to a target stack, as far as it does not depend on the target. */
class Pair {
  /** The shooter's damage types that are not 0, in order, and their amounts. */
  readonly amounts: Float64Array;
  /** `1 - r / 100` of the target's layers for those types, at `k * layerCount + layer`. */
  readonly factors: Float64Array;
  /** The 1% rule: absorbed whole while the target's shield is above 0. */
  readonly absorbed: boolean;
  /** The whole effect of the shot on a full shield: the sum over types of `d * f_shield`. */
  readonly effect: number;
  /** The shot on a never-hit unit: whether it removes anything, the points left, the figures. */
  readonly freshHit: boolean;
  readonly freshKilled: boolean;
  readonly freshPoints: Float64Array;
  readonly freshDealt: number;
  readonly freshShield: number;

  constructor(shooter: UnitType, target: UnitType) {
    const n = target.layerCount;
    const types = [0, 1, 2, 3].filter((t) => shooter.damage[t] !== 0);
    this.amounts = Float64Array.from(types, (t) => shooter.damage[t] ?? 0);
    this.factors = new Float64Array(types.length * n);
    types.forEach((t, k) => {
      for (let j = 0; j < n; j++) this.factors[k * n + j] = target.factor[j * 4 + t] ?? 0;
    });
    let effect = 0;
    if (target.shielded) for (const t of types) effect += (shooter.damage[t] ?? 0) * (target.factor[t] ?? 0);
    this.effect = effect;
    this.absorbed = target.shielded && effect * 100 < target.shieldMax;
    const fresh = FRESH;
    for (let j = 0; j < n; j++) fresh[j] = target.max[j] ?? 0;
    this.freshDealt = applyShot(this, target, fresh, 0);
    this.freshPoints = fresh.slice(0, n);
    this.freshShield = lastShieldDamage;
    this.freshKilled = lastKilled;
    this.freshHit = this.freshDealt > 0;
  }
}

class Stack {
  readonly type: UnitType;
  readonly kind: CombatStack['kind'];
  readonly id: number;
  readonly layerCount: number;
  /** Units alive at the start of the round (hit ones and never-hit ones). */
  count: number;
  /** Hit units first (in order of their first hit, the dead of this round still among them). */
  hitCount = 0;
  /** Layer points of the hit units, `layerCount` numbers each. */
  points: Float64Array;
  /** Positions of the units destroyed this round (each once: recorded when the hull goes). */
  dead: Int32Array;
  deadCount = 0;

  constructor(stack: CombatStack, research: CombatResearch) {
    if (!Number.isSafeInteger(stack.count) || stack.count < 0)
      throw new RangeError(`combat: count of ${stack.kind} ${stack.id} must be a whole number >= 0`);
    this.type = new UnitType(stack, research);
    this.kind = stack.kind;
    this.id = stack.id;
    this.count = stack.count;
    this.layerCount = this.type.layerCount;
    this.points = new Float64Array(Math.min(stack.count, 64) * this.layerCount);
    this.dead = new Int32Array(Math.min(stack.count, 64));
  }

  /**
   * Room up front for the units that can be hit at all (the enemy's shots over the battle), when
   * that is not huge: growing by copies costs time and leaves garbage behind.
   */
  reserve(maxHits: number): void {
    const capacity = Math.min(this.count, maxHits, RESERVE_UNITS);
    if (capacity * this.layerCount > this.points.length)
      this.points = new Float64Array(capacity * this.layerCount);
  }

  /** Room for one more hit unit; grows by doubling, never beyond the stack's count. */
  grow(): void {
    const n = this.layerCount;
    const capacity = Math.min(this.count, Math.max(64, (this.points.length / n) * 2));
    const bigger = new Float64Array(capacity * n);
    bigger.set(this.points);
    this.points = bigger;
  }

  recordDeath(position: number): void {
    if (this.deadCount === this.dead.length) {
      const bigger = new Int32Array(Math.min(this.count, Math.max(64, this.dead.length * 2)));
      bigger.set(this.dead);
      this.dead = bigger;
    }
    this.dead[this.deadCount++] = position;
  }

  restoreShields(): void {
    if (!this.type.shielded) return;
    const n = this.layerCount;
    const shield = this.type.shieldMax;
    const points = this.points;
    for (let i = 0, end = this.hitCount * n; i < end; i += n) points[i] = shield;
  }

  /** Removes this round's dead, keeping the order of the others: one block move per gap. */
  removeDead(): void {
    const deaths = this.deadCount;
    if (deaths === 0) return;
    const n = this.layerCount;
    const dead = this.dead.subarray(0, deaths).sort();
    let write = dead[0] as number;
    for (let k = 0; k < deaths; k++) {
      const from = (dead[k] as number) + 1;
      const to = k + 1 < deaths ? (dead[k + 1] as number) : this.hitCount;
      if (to > from) {
        this.points.copyWithin(write * n, from * n, to * n);
        write += to - from;
      }
    }
    this.hitCount -= deaths;
    this.count -= deaths;
    this.deadCount = 0;
  }

  snapshot(): CombatStack {
    return { kind: this.kind, id: this.id, count: this.count };
  }
}

const RESERVE_UNITS = 1 << 20;

class Side {
  readonly stacks: Stack[];
  dealt = 0;
  absorbed = 0;
  constructor(side: CombatInput['attacker']) {
    this.stacks = side.units.map((stack) => new Stack(stack, side.research));
    // Target positions are drawn as 32-bit integers.
    if (this.alive() > 0x7fffffff) throw new RangeError('combat: at most 2^31 - 1 units a side');
  }
  alive(): number {
    let total = 0;
    for (const stack of this.stacks) total += stack.count;
    return total;
  }
}

/**
 * Finding a target's stack: a branch per stack on random data mispredicts most of the time, so a
 * table maps each block of `2^shift` positions to the stack of its first position; one compare
 * (almost always false) settles the blocks that straddle two stacks.
 */
class TargetIndex {
  readonly begins: Int32Array;
  readonly ends: Int32Array;
  readonly table: Int32Array;
  shift = 0;
  total = 0;

  /** `units`: the most units the side will have (its count before the first round). */
  constructor(stackCount: number, units: number) {
    this.begins = new Int32Array(stackCount);
    this.ends = new Int32Array(stackCount);
    this.table = new Int32Array(Math.max(1, Math.min(TABLE_SIZE, units)));
  }

  build(stacks: readonly Stack[]): void {
    let total = 0;
    for (let b = 0; b < stacks.length; b++) {
      this.begins[b] = total;
      total += (stacks[b] as Stack).count;
      this.ends[b] = total;
    }
    this.total = total;
    let shift = 0;
    while ((total - 1) >> shift >= this.table.length) shift++;
    this.shift = shift;
    for (let k = 0, b = 0; k << shift < total; k++) {
      while (k << shift >= (this.ends[b] as number)) b++;
      this.table[k] = b;
    }
  }
}

const TABLE_SIZE = 2048;

/** Every unit of `shooters` fires once at a random unit of `targets` alive at the round's start. */
function fire(
  shooters: Side,
  targets: Side,
  pairs: readonly (readonly Pair[])[],
  rng: Int32Array,
  lookup: TargetIndex,
): number {
  const targetStacks = targets.stacks;
  lookup.build(targetStacks);
  const { begins, ends, table, shift, total } = lookup;
  let dealt = shooters.dealt;
  let absorbed = targets.absorbed;
  let shots = 0;
  // sfc32 stepped inline on locals (the same stream as createRandom(seed).next()).
  let ra = rng[0] as number;
  let rb = rng[1] as number;
  let rc = rng[2] as number;
  let rd = rng[3] as number;
  for (let a = 0; a < shooters.stacks.length; a++) {
    const shooterCount = (shooters.stacks[a] as Stack).count;
    const row = pairs[a] as readonly Pair[];
    shots += shooterCount;
    for (let s = 0; s < shooterCount; s++) {
      const rt = (((ra + rb) | 0) + rd) | 0;
      rd = (rd + 1) | 0;
      ra = rb ^ (rb >>> 9);
      rb = (rc + (rc << 3)) | 0;
      rc = (((rc << 21) | (rc >>> 11)) + rt) | 0;
      // floor(r * total) with r = next(): r * total < 2^31, where `| 0` and Math.floor agree.
      const position = (((rt >>> 0) / 4294967296) * total) | 0;
      let b = table[position >> shift] as number;
      while (position >= (ends[b] as number)) b++;
      const index = position - (begins[b] as number);
      const target = targetStacks[b] as Stack;
      const pair = row[b] as Pair;
      const n = target.layerCount;
      if (index >= target.hitCount) {
        if (pair.absorbed) {
          absorbed += pair.effect;
          continue;
        }
        if (!pair.freshHit) continue;
        const slot = target.hitCount;
        if ((slot + 1) * n > target.points.length) target.grow();
        const points = target.points;
        const fresh = pair.freshPoints;
        // A loop, not set(): a builtin call per unit costs more than copying 2 to 4 numbers.
        for (let j = 0, to = slot * n; j < n; j++) points[to + j] = fresh[j] as number;
        target.hitCount = slot + 1;
        if (pair.freshKilled) target.recordDeath(slot);
        dealt += pair.freshDealt;
        absorbed += pair.freshShield;
        continue;
      }
      const points = target.points;
      const base = index * n;
      if (pair.absorbed && (points[base] as number) > 0) {
        absorbed += pair.effect;
        continue;
      }
      dealt += applyShot(pair, target.type, points, base);
      absorbed += lastShieldDamage;
      if (lastKilled) target.recordDeath(index);
    }
  }
  rng[0] = ra;
  rng[1] = rb;
  rng[2] = rc;
  rng[3] = rd;
  shooters.dealt = dealt;
  targets.absorbed = absorbed;
  return shots;
}

function roundSide(before: CombatStack[], side: Side, shots: number): CombatRoundSide {
  return {
    unitsBefore: before,
    unitsAfter: side.stacks.map((stack) => stack.snapshot()),
    shots,
    damageDealt: side.dealt,
    damageAbsorbed: side.absorbed,
  };
}

export function winnerOf(attackerAlive: number, defenderAlive: number): CombatWinner {
  // Both wiped out is a draw, as in OGame: neither side holds the field.
  if (defenderAlive === 0 && attackerAlive > 0) return 'attacker';
  if (attackerAlive === 0 && defenderAlive > 0) return 'defender';
  return 'draw';
}

export function resolveCombat(input: CombatInput): CombatResult {
  const maxRounds = input.maxRounds ?? DEFAULT_MAX_ROUNDS;
  if (!Number.isSafeInteger(maxRounds) || maxRounds < 0)
    throw new RangeError('combat: maxRounds must be a whole number >= 0');
  const attacker = new Side(input.attacker);
  const defender = new Side(input.defender);
  const pairsOf = (shooters: Side, targets: Side): Pair[][] =>
    shooters.stacks.map((shooter) => targets.stacks.map((target) => new Pair(shooter.type, target.type)));
  for (const stack of attacker.stacks) stack.reserve(maxRounds * defender.alive());
  for (const stack of defender.stacks) stack.reserve(maxRounds * attacker.alive());
  const attackerPairs = pairsOf(attacker, defender);
  const defenderPairs = pairsOf(defender, attacker);
  const attackerTargets = new TargetIndex(defender.stacks.length, defender.alive());
  const defenderTargets = new TargetIndex(attacker.stacks.length, attacker.alive());
  const random = randomState(input.seed);
  const rounds: CombatRound[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    if (attacker.alive() === 0 || defender.alive() === 0) break;
    const attackerBefore = attacker.stacks.map((stack) => stack.snapshot());
    const defenderBefore = defender.stacks.map((stack) => stack.snapshot());
    for (const stack of attacker.stacks) stack.restoreShields();
    for (const stack of defender.stacks) stack.restoreShields();
    attacker.dealt = attacker.absorbed = defender.dealt = defender.absorbed = 0;
    const attackerShots = fire(attacker, defender, attackerPairs, random, attackerTargets);
    const defenderShots = fire(defender, attacker, defenderPairs, random, defenderTargets);
    for (const stack of attacker.stacks) stack.removeDead();
    for (const stack of defender.stacks) stack.removeDead();
    rounds.push({
      round,
      attacker: roundSide(attackerBefore, attacker, attackerShots),
      defender: roundSide(defenderBefore, defender, defenderShots),
    });
  }
  return {
    winner: winnerOf(attacker.alive(), defender.alive()),
    rounds,
    attackerSurvivors: attacker.stacks.map((stack) => stack.snapshot()),
    defenderSurvivors: defender.stacks.map((stack) => stack.snapshot()),
  };
}
