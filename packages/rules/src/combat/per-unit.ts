/**
 * The combat engine's path for small battles (decision 172): every unit has its own layer points
 * in a typed array, and a shot walks them directly. Decision 161's state transitions pay for
 * themselves only when many units share a history; in a battle of a few thousand units nearly
 * every hit unit's history is its own, and working out each new transition cost more than the
 * walk it saved. Same rules, same draws and same order of float operations as decision 170 and
 * the grouped path: the results are identical, bit for bit.
 *
 * Set-up per battle, per (shooter stack, target stack) pair: the shooter's non-zero damage types
 * with the target's resistance factors for them, the 1% rule's absorbed effect (if it applies),
 * and the whole outcome of a shot on a never-hit unit (a copy of 4 numbers at fire time).
 */
import { randomState } from '../universe/random.js';
import type {
  CombatInput,
  CombatResult,
  CombatRound,
  CombatRoundSide,
  CombatSide,
  CombatStack,
  CombatWinner,
} from './types.js';
import { unitType, type UnitType } from './unit-type.js';

/** A unit has at most 4 layers (a local constant: an imported one is a getter call under tsx). */
const SLOTS = 4;

/** Outcome flags of a shot on a never-hit unit: it removes points; it destroys the unit. */
const HIT = 1;
const KILLED = 2;

/** Arrays kept between battles: the path is chosen only up to this many units a side. */
export const PER_UNIT_MAX = 1 << 15;

const roomFor = (size: number): number => {
  let room = 64;
  while (room < size) room *= 2;
  return room;
};
type Int32s = Int32Array<ArrayBuffer>;
type Float64s = Float64Array<ArrayBuffer>;
const int32s = (array: Int32s, size: number): Int32s =>
  array.length >= size ? array : new Int32Array(roomFor(size));
const float64s = (array: Float64s, size: number): Float64s =>
  array.length >= size ? array : new Float64Array(roomFor(size));

/** One side: per stack its unit type, per position its unit's stack and layer points. */
class UnitSide {
  stackCount = 0;
  kinds: CombatStack['kind'][] = [];
  ids: number[] = [];
  layerCounts = new Int32Array(64);
  hullFroms = new Int32Array(64);
  /** 1 when layer 0 is a shield with points (its damage counts as absorbed), else 0. */
  shieldLayers = new Int32Array(64);
  shieldMaxes = new Float64Array(64);
  maxes = new Float64Array(64 * SLOTS);
  factors = new Float64Array(64 * SLOTS * 4);
  /** Per stack, its non-zero damage types (count, then type indexes and amounts, 4 slots each). */
  typeCounts = new Int32Array(64);
  typeIndexes = new Int32Array(64 * 4);
  typeDamages = new Float64Array(64 * 4);
  /** Units alive at the start of the round, per stack. */
  counts = new Int32Array(64);
  begins = new Int32Array(64);
  /** Per stack, the end of its hit units (in first-hit order); never-hit units follow, up to begin + count. */
  hitEnds = new Int32Array(64);
  /** The stack of the unit at each position. */
  stackAt = new Int32Array(64);
  /** Layer points of the unit at each position (4 slots); only hit units' points are kept. */
  points = new Float64Array(64 * SLOTS);
  dead = new Uint8Array(64);
  deadCount = 0;
  dealtTotal = 0;
  absorbedTotal = 0;

  // The enemy's shots on this side, per (enemy stack a, own stack b) at `a * stackCount + b`.
  /** The factors of the shooter's k-th damage type on each layer, at `pair * 16 + k * 4 + j`. */
  pairFactors = new Float64Array(64 * 16);
  /** The 1% rule's absorbed effect when it applies to that pair (a shield with points), else -1. */
  pairWhole = new Float64Array(64);
  /** A shot on a never-hit unit: its points after, damage, shield's share, flags. */
  freshPoints = new Float64Array(64 * SLOTS);
  freshDealt = new Float64Array(64);
  freshAbsorbed = new Float64Array(64);
  freshFlags = new Uint8Array(64);

  load(side: CombatSide, total: number): void {
    const stacks = side.units;
    const count = stacks.length;
    const types = stacks.map((stack) => unitType(stack, side.research));
    this.stackCount = count;
    this.kinds = stacks.map((stack) => stack.kind);
    this.ids = stacks.map((stack) => stack.id);
    this.layerCounts = int32s(this.layerCounts, count);
    this.hullFroms = int32s(this.hullFroms, count);
    this.shieldLayers = int32s(this.shieldLayers, count);
    this.shieldMaxes = float64s(this.shieldMaxes, count);
    this.maxes = float64s(this.maxes, count * SLOTS);
    this.factors = float64s(this.factors, count * SLOTS * 4);
    this.typeCounts = int32s(this.typeCounts, count);
    this.typeIndexes = int32s(this.typeIndexes, count * 4);
    this.typeDamages = float64s(this.typeDamages, count * 4);
    this.counts = int32s(this.counts, count);
    this.begins = int32s(this.begins, count);
    this.hitEnds = int32s(this.hitEnds, count);
    this.stackAt = int32s(this.stackAt, total);
    this.points = float64s(this.points, total * SLOTS);
    if (this.dead.length < total) this.dead = new Uint8Array(roomFor(total));
    // Cleared by every round's end; cleared here too in case a battle stopped half-way.
    this.dead.fill(0, 0, total);
    for (let b = 0, begin = 0; b < count; b++) {
      const type = types[b] as UnitType;
      this.layerCounts[b] = type.layerCount;
      this.hullFroms[b] = type.hullFrom;
      this.shieldLayers[b] = type.shielded ? 1 : 0;
      this.shieldMaxes[b] = type.shieldMax;
      this.maxes.set(type.max, b * SLOTS);
      this.factors.set(type.factor, b * SLOTS * 4);
      let k = 0;
      for (let t = 0; t < 4; t++) {
        const d = type.damage[t] as number;
        if (d === 0) continue;
        this.typeIndexes[b * 4 + k] = t;
        this.typeDamages[b * 4 + k] = d;
        k++;
      }
      this.typeCounts[b] = k;
      const units = (stacks[b] as CombatStack).count;
      this.counts[b] = units;
      this.begins[b] = begin;
      this.hitEnds[b] = begin;
      this.stackAt.fill(b, begin, begin + units);
      begin += units;
    }
    this.deadCount = 0;
  }

  alive(): number {
    let total = 0;
    for (let b = 0; b < this.stackCount; b++) total += this.counts[b] as number;
    return total;
  }

  /** The pair tables for the enemy's shots on this side. */
  prepare(enemy: UnitSide): void {
    const own = this.stackCount;
    const pairs = enemy.stackCount * own;
    this.pairFactors = float64s(this.pairFactors, pairs * 16);
    this.pairWhole = float64s(this.pairWhole, pairs);
    this.freshPoints = float64s(this.freshPoints, pairs * SLOTS);
    this.freshDealt = float64s(this.freshDealt, pairs);
    this.freshAbsorbed = float64s(this.freshAbsorbed, pairs);
    if (this.freshFlags.length < pairs) this.freshFlags = new Uint8Array(roomFor(pairs));
    const work = new Float64Array(SLOTS);
    for (let a = 0; a < enemy.stackCount; a++) {
      const typeCount = enemy.typeCounts[a] as number;
      for (let b = 0; b < own; b++) {
        const pair = a * own + b;
        const shieldMax = this.shieldMaxes[b] as number;
        for (let k = 0; k < 4; k++) {
          const t = k < typeCount ? (enemy.typeIndexes[a * 4 + k] as number) : 0;
          for (let j = 0; j < SLOTS; j++)
            this.pairFactors[pair * 16 + k * 4 + j] =
              k < typeCount ? (this.factors[b * 16 + j * 4 + t] as number) : 0;
        }
        // The 1% rule on a shield with points: the effect on a full shield, in decision 170's order.
        let whole = -1;
        if (shieldMax > 0) {
          let effect = 0;
          for (let k = 0; k < typeCount; k++)
            effect +=
              (enemy.typeDamages[a * 4 + k] as number) * (this.pairFactors[pair * 16 + k * 4] as number);
          if (effect * 100 < shieldMax) whole = effect;
        }
        this.pairWhole[pair] = whole;
        // A shot on a never-hit unit.
        for (let j = 0; j < SLOTS; j++) work[j] = this.maxes[b * SLOTS + j] as number;
        let dealt = 0;
        let absorbed = whole;
        let flags = 0;
        if (whole < 0) {
          dealt = this.walk(work, 0, b, enemy, a, pair);
          absorbed = walkShield;
          if (dealt > 0)
            flags =
              HIT |
              (hullGone(work, 0, this.hullFroms[b] as number, this.layerCounts[b] as number) ? KILLED : 0);
        }
        for (let j = 0; j < SLOTS; j++) this.freshPoints[pair * SLOTS + j] = work[j] as number;
        this.freshDealt[pair] = dealt;
        this.freshAbsorbed[pair] = absorbed;
        this.freshFlags[pair] = flags;
      }
    }
  }

  /** Decision 170's shot of enemy stack `a` on the points at `base`: returns the damage (shield's share in walkShield). */
  walk(points: Float64Array, base: number, b: number, enemy: UnitSide, a: number, pair: number): number {
    const n = this.layerCounts[b] as number;
    const shieldLayers = this.shieldLayers[b] as number;
    const factors = this.pairFactors;
    let dealt = 0;
    let shield = 0;
    for (let k = 0, types = enemy.typeCounts[a] as number; k < types; k++) {
      let d = enemy.typeDamages[a * 4 + k] as number;
      const fk = pair * 16 + k * 4;
      for (let j = 0; j < n; j++) {
        const p = points[base + j] as number;
        if (p <= 0) continue;
        const f = factors[fk + j] as number;
        const e = d * f;
        if (e <= p) {
          points[base + j] = p - e;
          dealt += e;
          if (j < shieldLayers) shield += e;
          break;
        }
        points[base + j] = 0;
        dealt += p;
        if (j < shieldLayers) shield += p;
        d = (e - p) / f;
      }
    }
    walkShield = shield;
    return dealt;
  }

  /** Every hit unit's shield back to full, at the start of a round. */
  restoreShields(): void {
    const points = this.points;
    for (let b = 0; b < this.stackCount; b++) {
      if ((this.shieldLayers[b] as number) === 0) continue;
      const shieldMax = this.shieldMaxes[b] as number;
      for (let k = this.begins[b] as number, end = this.hitEnds[b] as number; k < end; k++)
        points[k * SLOTS] = shieldMax;
    }
  }

  /**
   * Removes this round's dead (all hit units), keeping the order of the others: each stack's hit
   * units are compacted without a branch per unit (deaths are random), from its first dead one.
   */
  removeDead(): void {
    if (this.deadCount === 0) return;
    const points = this.points;
    const dead = this.dead;
    const stackAt = this.stackAt;
    let shift = 0;
    for (let b = 0; b < this.stackCount; b++) {
      const begin = this.begins[b] as number;
      const hitEnd = this.hitEnds[b] as number;
      const end = begin + (this.counts[b] as number);
      let k = begin;
      if (shift === 0) while (k < hitEnd && dead[k] === 0) k++;
      let write = k - shift;
      for (; k < hitEnd; k++) {
        const from = k * SLOTS;
        const to = write * SLOTS;
        points[to] = points[from] as number;
        points[to + 1] = points[from + 1] as number;
        points[to + 2] = points[from + 2] as number;
        points[to + 3] = points[from + 3] as number;
        write += 1 - (dead[k] as number);
        dead[k] = 0;
      }
      const newBegin = begin - shift;
      shift = hitEnd - write;
      this.begins[b] = newBegin;
      this.hitEnds[b] = write;
      this.counts[b] = end - shift - newBegin;
      if (shift !== 0) stackAt.fill(b, newBegin, end - shift);
    }
    this.deadCount = 0;
  }

  snapshot(): CombatStack[] {
    const stacks: CombatStack[] = [];
    for (let b = 0; b < this.stackCount; b++)
      stacks.push({
        kind: this.kinds[b] as CombatStack['kind'],
        id: this.ids[b] as number,
        count: this.counts[b] as number,
      });
    return stacks;
  }
}

export function winnerOf(attackerAlive: number, defenderAlive: number): CombatWinner {
  // Both wiped out is a draw, as in OGame: neither side holds the field.
  if (defenderAlive === 0 && attackerAlive > 0) return 'attacker';
  if (attackerAlive === 0 && defenderAlive > 0) return 'defender';
  return 'draw';
}

/** The shield's share of the last walk's damage (a second return value without an allocation). */
let walkShield = 0;

function hullGone(points: Float64Array, base: number, hullFrom: number, n: number): boolean {
  for (let j = hullFrom; j < n; j++) if ((points[base + j] as number) > 0) return false;
  return true;
}

/** Every unit of `shooters` fires once at a random unit of `targets` alive at the round's start. */
function fire(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
  const total = targets.alive();
  const own = targets.stackCount;
  const { stackAt, hitEnds, points, dead, layerCounts, hullFroms, shieldLayers } = targets;
  const { pairFactors, pairWhole, freshPoints, freshDealt, freshAbsorbed, freshFlags } = targets;
  const { typeCounts, typeDamages } = shooters;
  let deadCount = targets.deadCount;
  let dealt = shooters.dealtTotal;
  let absorbed = targets.absorbedTotal;
  let shots = 0;
  let ra = rng[0] as number;
  let rb = rng[1] as number;
  let rc = rng[2] as number;
  let rd = rng[3] as number;
  for (let a = 0; a < shooters.stackCount; a++) {
    const count = shooters.counts[a] as number;
    const types = typeCounts[a] as number;
    const da = a * 4;
    shots += count;
    for (let s = 0; s < count; s++) {
      const rt = (((ra + rb) | 0) + rd) | 0;
      rd = (rd + 1) | 0;
      ra = rb ^ (rb >>> 9);
      rb = (rc + (rc << 3)) | 0;
      rc = (((rc << 21) | (rc >>> 11)) + rt) | 0;
      const position = (((rt >>> 0) / 4294967296) * total) | 0;
      const b = stackAt[position] as number;
      const pair = a * own + b;
      const hitEnd = hitEnds[b] as number;
      if (position >= hitEnd) {
        // A never-hit unit: its stack's first never-hit position takes the shot (decision 170).
        dealt += freshDealt[pair] as number;
        absorbed += freshAbsorbed[pair] as number;
        const flags = freshFlags[pair] as number;
        if (flags === 0) continue;
        hitEnds[b] = hitEnd + 1;
        const to = hitEnd * SLOTS;
        const from = pair * SLOTS;
        points[to] = freshPoints[from] as number;
        points[to + 1] = freshPoints[from + 1] as number;
        points[to + 2] = freshPoints[from + 2] as number;
        points[to + 3] = freshPoints[from + 3] as number;
        if ((flags & KILLED) !== 0) {
          dead[hitEnd] = 1;
          deadCount++;
        }
        continue;
      }
      const base = position * SLOTS;
      const whole = pairWhole[pair] as number;
      if (whole >= 0 && (points[base] as number) > 0) {
        absorbed += whole;
        continue;
      }
      const n = layerCounts[b] as number;
      const shieldLayer = shieldLayers[b] as number;
      let shotDealt = 0;
      let shotShield = 0;
      for (let k = 0; k < types; k++) {
        let d = typeDamages[da + k] as number;
        const fk = pair * 16 + k * 4;
        for (let j = 0; j < n; j++) {
          const p = points[base + j] as number;
          if (p <= 0) continue;
          const f = pairFactors[fk + j] as number;
          const e = d * f;
          if (e <= p) {
            points[base + j] = p - e;
            shotDealt += e;
            if (j < shieldLayer) shotShield += e;
            break;
          }
          points[base + j] = 0;
          shotDealt += p;
          if (j < shieldLayer) shotShield += p;
          d = (e - p) / f;
        }
      }
      dealt += shotDealt;
      absorbed += shotShield;
      if (shotDealt > 0 && hullGone(points, base, hullFroms[b] as number, n)) {
        dead[position] = 1;
        deadCount++;
      }
    }
  }
  rng[0] = ra;
  rng[1] = rb;
  rng[2] = rc;
  rng[3] = rd;
  targets.deadCount = deadCount;
  shooters.dealtTotal = dealt;
  targets.absorbedTotal = absorbed;
  return shots;
}

function roundSide(before: CombatStack[], side: UnitSide, shots: number): CombatRoundSide {
  return {
    unitsBefore: before,
    unitsAfter: side.snapshot(),
    shots,
    damageDealt: side.dealtTotal,
    damageAbsorbed: side.absorbedTotal,
  };
}

/** The two sides' working memory, kept between battles (a battle runs to its end synchronously). */
const ATTACKER = new UnitSide();
const DEFENDER = new UnitSide();

/**
 * A battle of at most PER_UNIT_MAX units a side, its input already checked (counts, maxRounds):
 * the same result as the grouped path.
 */
export function resolvePerUnit(
  input: CombatInput,
  maxRounds: number,
  attackerTotal: number,
  defenderTotal: number,
): CombatResult {
  const attacker = ATTACKER;
  const defender = DEFENDER;
  attacker.load(input.attacker, attackerTotal);
  defender.load(input.defender, defenderTotal);
  attacker.prepare(defender);
  defender.prepare(attacker);
  const random = randomState(input.seed);
  const rounds: CombatRound[] = [];
  for (let round = 1; round <= maxRounds; round++) {
    if (attacker.alive() === 0 || defender.alive() === 0) break;
    const attackerBefore = attacker.snapshot();
    const defenderBefore = defender.snapshot();
    attacker.restoreShields();
    defender.restoreShields();
    attacker.dealtTotal = attacker.absorbedTotal = defender.dealtTotal = defender.absorbedTotal = 0;
    const attackerShots = fire(attacker, defender, random);
    const defenderShots = fire(defender, attacker, random);
    attacker.removeDead();
    defender.removeDead();
    rounds.push({
      round,
      attacker: roundSide(attackerBefore, attacker, attackerShots),
      defender: roundSide(defenderBefore, defender, defenderShots),
    });
  }
  return {
    winner: winnerOf(attacker.alive(), defender.alive()),
    rounds,
    attackerSurvivors: attacker.snapshot(),
    defenderSurvivors: defender.snapshot(),
  };
}
