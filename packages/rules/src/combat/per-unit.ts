/**
 * The combat engine's path for small battles (decision 172): every unit has its own layer points
 * in a typed array, and a shot walks them directly. Decision 161's state transitions pay for
 * themselves only when many units share a history; in a battle of a few thousand units nearly
 * every hit unit's history is its own, and working out each new transition cost more than the
 * walk it saved. Same rules, same draws and same order of float operations as decision 170 and
 * the grouped path: the results are identical, bit for bit.
 *
 * Layout: per side, the units in position order (stack after stack, each stack's hit units first
 * in first-hit order, as decision 170 orders them), each with its stack number and, once hit, a
 * row of 4 layer points in fixed slots (shield, armor, structure, biostructure); the stack
 * number carries a hit flag, so one load tells a shot which kind of target it drew. Set up per
 * battle, per (shooter stack, target stack) pair: the shooter's non-zero damage types with the
 * target's resistance factors for them, the 1% rule's absorbed effect (if it applies), and the
 * whole outcome of a shot on a never-hit unit (a copy of 4 numbers at fire time). Nothing is
 * allocated per shot; the typed arrays are kept from battle to battle (at most PER_UNIT_MAX
 * units a side). Decision 201 has what was measured since decision 172.
 */
import { fightRounds, float64s, int32s, StackSide } from './sides.js';
import type { CombatInput, CombatResult, CombatSide, CombatStack } from './types.js';
import type { UnitType } from './unit-type.js';

/** A unit has at most 4 layers (a local constant: an imported one is a getter call under tsx). */
const SLOTS = 4;

/** Arrays kept between battles: the path is chosen only up to this many units a side. */
export const PER_UNIT_MAX = 1 << 15;
/**
 * Stack pairs at most (its tables take about 200 bytes a pair): real fleets have a few dozen
 * stacks a side; a battle with more takes the grouped path.
 */
export const PER_UNIT_MAX_PAIRS = 1 << 12;

/** Outcome flags of a shot on a never-hit unit: it removes points; it destroys the unit. */
const HIT = 1;
const KILLED = 2;
/**
 * Added to a position's stack number once its unit has been hit: a battle that fires has at most
 * PER_UNIT_MAX_PAIRS = 2^12 stacks a side (a side facing no stack fights no round).
 */
const HIT_UNIT = 1 << 16;

/**
 * One side: per stack its unit type; per position its unit's stack and layer points, in fixed
 * slots (shield, armor, structure, biostructure; an absent layer has 0 points).
 */
class UnitSide extends StackSide {
  /** Per stack, `1 - r / 100` per slot and damage type, at `b * 16 + slot * 4 + type`. */
  factors = new Float64Array(64 * SLOTS * 4);
  /** Per stack, its non-zero damage types (count, then type indexes and amounts, 4 slots each). */
  typeCounts = new Int32Array(64);
  typeIndexes = new Int32Array(64 * 4);
  typeDamages = new Float64Array(64 * 4);
  begins = new Int32Array(64);
  /** Per stack, the end of its hit units (in first-hit order); never-hit units follow, up to begin + count. */
  hitEnds = new Int32Array(64);
  /** The stack of the unit at each position, plus HIT_UNIT once it has been hit. */
  stackAt = new Int32Array(64);
  /**
   * Layer points, 4 slots a row: row `b` holds stack `b`'s full points (a never-hit unit's), row
   * `stackCount + p` the points of the hit unit at position `p` (the rows of never-hit positions
   * are not read).
   */
  points = new Float64Array(64 * SLOTS);
  /**
   * The units destroyed this round (each recorded once, when its hull goes), as bits by position
   * (32 a word), and their count; read out in position order into `dead` at the round's end.
   */
  deadBits = new Int32Array(64);
  deadCount = 0;
  dead = new Int32Array(64);

  // The enemy's shots on this side, per (enemy stack a, own stack b) at `a * stackCount + b`.
  /** The factors of the shooter's k-th damage type on each slot, at `pair * 16 + k * 4 + slot`. */
  pairFactors = new Float64Array(64 * 16);
  /** The 1% rule's absorbed effect when it applies to that pair (on a shield with points), else -1. */
  pairWhole = new Float64Array(64);
  /**
   * A shot on a never-hit unit, 8 numbers a pair (one cache line): its points after (4 slots),
   * damage, shield's share, flags.
   */
  fresh = new Float64Array(64 * 8);

  load(side: CombatSide, total: number): void {
    const types = this.loadStacks(side);
    const stacks = side.units;
    const count = stacks.length;
    this.factors = float64s(this.factors, count * SLOTS * 4);
    this.typeCounts = int32s(this.typeCounts, count);
    this.typeIndexes = int32s(this.typeIndexes, count * 4);
    this.typeDamages = float64s(this.typeDamages, count * 4);
    this.begins = int32s(this.begins, count);
    this.hitEnds = int32s(this.hitEnds, count);
    this.stackAt = int32s(this.stackAt, total);
    this.points = float64s(this.points, (count + total) * SLOTS);
    this.dead = int32s(this.dead, total);
    this.deadBits = int32s(this.deadBits, (total + 31) >>> 5);
    // Cleared by every round's end; cleared here too in case a battle stopped half-way.
    this.deadBits.fill(0, 0, (total + 31) >>> 5);
    for (let b = 0, begin = 0; b < count; b++) {
      const type = types[b] as UnitType;
      this.points.set(type.slotMax, b * SLOTS);
      this.factors.set(type.slotFactor, b * SLOTS * 4);
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

  /** The pair tables for the enemy's shots on this side. */
  prepare(enemy: UnitSide): void {
    const own = this.stackCount;
    const pairs = enemy.stackCount * own;
    this.pairFactors = float64s(this.pairFactors, pairs * 16);
    this.pairWhole = float64s(this.pairWhole, pairs);
    this.fresh = float64s(this.fresh, pairs * 8);
    for (let a = 0; a < enemy.stackCount; a++) {
      const typeCount = enemy.typeCounts[a] as number;
      for (let b = 0; b < own; b++) {
        const pair = a * own + b;
        for (let k = 0; k < 4; k++) {
          const t = k < typeCount ? (enemy.typeIndexes[a * 4 + k] as number) : 0;
          for (let j = 0; j < SLOTS; j++)
            this.pairFactors[pair * 16 + k * 4 + j] =
              k < typeCount ? (this.factors[b * 16 + j * 4 + t] as number) : 0;
        }
        // The 1% rule: the effect on the full shield, in decision 170's order of operations.
        const shieldMax = this.points[b * SLOTS] as number;
        let whole = -1;
        if (shieldMax > 0) {
          let effect = 0;
          for (let k = 0; k < typeCount; k++)
            effect +=
              (enemy.typeDamages[a * 4 + k] as number) * (this.pairFactors[pair * 16 + k * 4] as number);
          if (effect * 100 < shieldMax) whole = effect;
        }
        this.pairWhole[pair] = whole;
        // A shot on a never-hit unit, worked out once: decision 170's walk on full points.
        const work = this.fresh;
        const at = pair * 8;
        for (let j = 0; j < SLOTS; j++) work[at + j] = this.points[b * SLOTS + j] as number;
        let dealt = 0;
        let absorbed = whole;
        let flags = 0;
        if (whole < 0) {
          absorbed = 0;
          for (let k = 0; k < typeCount; k++) {
            let d = enemy.typeDamages[a * 4 + k] as number;
            for (let j = 0; j < SLOTS; j++) {
              const p = work[at + j] as number;
              if (p <= 0) continue;
              const f = this.pairFactors[pair * 16 + k * 4 + j] as number;
              const e = d * f;
              const taken = e <= p ? e : p;
              dealt += taken;
              if (j === 0) absorbed += taken;
              work[at + j] = e <= p ? p - e : 0;
              if (e <= p) break;
              d = (e - p) / f;
            }
          }
          const destroyed = (work[at + 2] as number) <= 0 && (work[at + 3] as number) <= 0;
          if (dealt > 0) flags = HIT | (destroyed ? KILLED : 0);
        }
        work[at + 4] = dealt;
        work[at + 5] = absorbed;
        work[at + 6] = flags;
      }
    }
  }

  /** Every hit unit's shield back to full, at the start of a round. */
  restoreShields(): void {
    const points = this.points;
    const rows = this.stackCount;
    for (let b = 0; b < rows; b++) {
      const shieldMax = points[b * SLOTS] as number;
      if (shieldMax <= 0) continue;
      for (let k = this.begins[b] as number, end = this.hitEnds[b] as number; k < end; k++)
        points[(rows + k) * SLOTS] = shieldMax;
    }
  }

  /**
   * Removes this round's dead (all hit units), keeping the order of the others: the runs of hit
   * units between them move down as blocks (never-hit units have no points to move).
   */
  removeDead(): void {
    const deadCount = this.deadCount;
    if (deadCount === 0) return;
    // The dead positions in order, from the bits (each word cleared once read).
    const dead = this.dead;
    const bits = this.deadBits;
    for (let word = 0, n = 0; n < deadCount; word++) {
      let w = bits[word] as number;
      if (w === 0) continue;
      bits[word] = 0;
      for (; w !== 0; w &= w - 1) dead[n++] = (word << 5) + 31 - Math.clz32(w & -w);
    }
    const points = this.points;
    const rows = this.stackCount;
    let i = 0;
    let shift = 0;
    for (let b = 0; b < this.stackCount; b++) {
      const begin = this.begins[b] as number;
      const hitEnd = this.hitEnds[b] as number;
      const end = begin + (this.counts[b] as number);
      const newBegin = begin - shift;
      let from = begin;
      for (; i < deadCount && (dead[i] as number) < hitEnd; i++) {
        const position = dead[i] as number;
        if (shift !== 0 && position > from)
          points.copyWithin((rows + from - shift) * SLOTS, (rows + from) * SLOTS, (rows + position) * SLOTS);
        shift++;
        from = position + 1;
      }
      if (shift !== 0) {
        if (hitEnd > from)
          points.copyWithin((rows + from - shift) * SLOTS, (rows + from) * SLOTS, (rows + hitEnd) * SLOTS);
        this.stackAt.fill(b | HIT_UNIT, newBegin, hitEnd - shift);
        this.stackAt.fill(b, hitEnd - shift, end - shift);
      }
      this.begins[b] = newBegin;
      this.hitEnds[b] = hitEnd - shift;
      this.counts[b] = end - shift - newBegin;
    }
    this.deadCount = 0;
  }
}

/**
 * The drawn position, floor(next() * total) with next() = (rt >>> 0) / 2^32, in 32-bit integer
 * operations: for total <= 2^15 (PER_UNIT_MAX) the float product is exact, so it is
 * floor(rt * total / 2^32), worked out on rt's two 16-bit halves without leaving int32.
 */
export function targetPosition(rt: number, total: number): number {
  return (Math.imul(rt >>> 16, total) + (Math.imul(rt & 0xffff, total) >>> 16)) >>> 16;
}

/**
 * Every unit of `shooters` fires once at a random unit of `targets` alive at the round's start:
 * a shot on a never-hit unit copies the pair's worked-out outcome, one on a hit unit walks its
 * points in local variables, slot by slot.
 */
function fire(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
  const total = targets.alive();
  const rows = targets.stackCount;
  const { stackAt, hitEnds, points, deadBits, pairFactors, pairWhole } = targets;
  const fresh = targets.fresh;
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
      const position = targetPosition(rt, total);
      const code = stackAt[position] as number;
      if (code < HIT_UNIT) {
        const b = code;
        const pair = a * rows + b;
        const hitEnd = hitEnds[b] as number;
        // A never-hit unit: its stack's first never-hit position takes the shot (decision 170).
        const from = pair * 8;
        dealt += fresh[from + 4] as number;
        absorbed += fresh[from + 5] as number;
        const flags = fresh[from + 6] as number;
        if (flags === 0) continue;
        hitEnds[b] = hitEnd + 1;
        stackAt[hitEnd] = b | HIT_UNIT;
        const to = (rows + hitEnd) * SLOTS;
        points[to] = fresh[from] as number;
        points[to + 1] = fresh[from + 1] as number;
        points[to + 2] = fresh[from + 2] as number;
        points[to + 3] = fresh[from + 3] as number;
        if ((flags & KILLED) !== 0) {
          deadBits[hitEnd >>> 5] = (deadBits[hitEnd >>> 5] as number) | (1 << (hitEnd & 31));
          deadCount++;
        }
        continue;
      }
      const pair = a * rows + (code ^ HIT_UNIT);
      const to = (rows + position) * SLOTS;
      const from = to;
      let p0 = points[from] as number;
      let p1 = points[from + 1] as number;
      let p2 = points[from + 2] as number;
      let p3 = points[from + 3] as number;
      const whole = pairWhole[pair] as number;
      if (whole >= 0 && p0 > 0) {
        absorbed += whole;
        continue;
      }
      // Decision 170's walk, slot by slot. A damage type finds every slot before the one where
      // the previous type stopped empty (a slot with 0 points is skipped).
      let shotDealt = 0;
      let shotShield = 0;
      for (let k = 0; k < types; k++) {
        let d = typeDamages[da + k] as number;
        const fk = pair * 16 + k * 4;
        if (p0 > 0) {
          const f = pairFactors[fk] as number;
          const e = d * f;
          if (e <= p0) {
            p0 = p0 - e;
            shotDealt += e;
            shotShield += e;
            continue;
          }
          shotDealt += p0;
          shotShield += p0;
          d = (e - p0) / f;
          p0 = 0;
        }
        if (p1 > 0) {
          const f = pairFactors[fk + 1] as number;
          const e = d * f;
          if (e <= p1) {
            p1 = p1 - e;
            shotDealt += e;
            continue;
          }
          shotDealt += p1;
          d = (e - p1) / f;
          p1 = 0;
        }
        if (p2 > 0) {
          const f = pairFactors[fk + 2] as number;
          const e = d * f;
          if (e <= p2) {
            p2 = p2 - e;
            shotDealt += e;
            continue;
          }
          shotDealt += p2;
          d = (e - p2) / f;
          p2 = 0;
        }
        if (p3 > 0) {
          const e = d * (pairFactors[fk + 3] as number);
          if (e <= p3) {
            p3 = p3 - e;
            shotDealt += e;
            continue;
          }
          shotDealt += p3;
          p3 = 0;
        }
      }
      dealt += shotDealt;
      absorbed += shotShield;
      if (shotDealt > 0) {
        points[to] = p0;
        points[to + 1] = p1;
        points[to + 2] = p2;
        points[to + 3] = p3;
        // Structure and biostructure both at 0 (an absent one has 0): the unit is destroyed.
        if (p2 <= 0 && p3 <= 0) {
          deadBits[position >>> 5] = (deadBits[position >>> 5] as number) | (1 << (position & 31));
          deadCount++;
        }
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
  return fightRounds(input, maxRounds, attacker, defender, fire);
}
