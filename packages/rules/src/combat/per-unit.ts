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
 * row of layer points in fixed slots (shield, armor, structure, biostructure; on a side of one of
 * the catalogue's two layouts, only the slots it has: see `UnitSide.points`); the stack number
 * carries a hit flag, so one load tells a shot which kind of target it drew. Set up per
 * battle, per (shooter stack, target stack) pair: the shooter's non-zero damage types with the
 * target's resistance factors for them, the 1% rule's absorbed effect (if it applies), and the
 * whole outcome of a shot on a never-hit unit (a copy of 4 numbers at fire time). Nothing is
 * allocated per shot; the arrays are kept from battle to battle (at most PER_UNIT_MAX units a
 * side). Decision 201 has what was measured since decision 172.
 *
 * The shot loop comes in three copies of one walk (`fire` picks one per target side): any
 * layers, and the catalogue's two layouts (human: shield, armor, structure; insectoid: armor,
 * biostructure) without the slots they never have. In each, the first two damage types are
 * walked in code of their own rather than in a loop over types. Same-process A/B on the bench's
 * small battle (CPU per battle, first quartiles, each step against the one before): the types
 * unrolled 7.6% less time (16% once the pair tables are plain arrays, see `doubles`), the
 * layout copies 9 to 10%, their 2-number rows 4 to 8%, short moves in a loop (`moveDown`) 4 to 8%;
 * 31 to 34% in all. The branch predictor then sees each type's and each side's tests apart, and
 * no loop back edge reloads the arrays.
 */
import { fightRounds, float64s, int32s, roomFor, StackSide } from './sides.js';
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
 * A side's layout, from the slots in which its stacks have points: any, or one of the catalogue's
 * two (human: shield, armor, structure; insectoid: armor, biostructure).
 */
const ANY_LAYERS = 0;
const HUMAN_LAYERS = 1;
const INSECTOID_LAYERS = 2;

/**
 * A packed array of doubles (V8 keeps them unboxed) holding `size` numbers: `array` if it does.
 * For the pair tables the shot loop reads: once any ArrayBuffer in the process has been detached
 * (under tsx, as the bench runs, one has), V8 checks every typed array access for a detached
 * buffer; these reads cost 6 to 8% less time from plain arrays (the layer points stay a typed
 * array: moving their rows with a loop instead of `copyWithin` cost more).
 */
function doubles(array: number[], size: number): number[] {
  if (array.length >= size) return array;
  const room = roomFor(size);
  const made = [0.5];
  for (let i = 1; i < room; i++) made.push(0.5);
  return made.fill(0);
}

/**
 * One side: per stack its unit type; per position its unit's stack and layer points, in fixed
 * slots (shield, armor, structure, biostructure; an absent layer has 0 points, and on the
 * catalogue's layouts the slots a side never has are left out).
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
  /** Per stack, its full points (a never-hit unit's), 4 slots. */
  full = new Float64Array(64 * SLOTS);
  /**
   * The layer points of the hit unit at each position, a row of `width` numbers (the rows of
   * never-hit positions are not read): every slot (4), or on the catalogue's two layouts the 2
   * slots under the shield (human: armor, structure; insectoid: armor, biostructure), the human
   * shields apart in `shields`. Half the bytes to move at the round's end, half the cache lines.
   */
  points = new Float64Array(64 * SLOTS);
  width = SLOTS;
  /**
   * Human layout: the shield of the hit unit at each position. Not moved with the rows: every
   * hit unit's shield is back to full at the next round's start.
   */
  shields = new Float64Array(64);
  /** Which shot loop fires at this side: ANY_LAYERS, HUMAN_LAYERS or INSECTOID_LAYERS. */
  layout = ANY_LAYERS;
  /**
   * The units destroyed this round (each recorded once, when its hull goes), as bits by position
   * (32 a word), and their count; read out in position order into `dead` at the round's end.
   */
  deadBits = new Int32Array(64);
  deadCount = 0;
  dead = new Int32Array(64);

  // The enemy's shots on this side, per (enemy stack a, own stack b) at `a * stackCount + b`.
  /** The factors of the shooter's k-th damage type on each slot, at `pair * 16 + k * 4 + slot`. */
  pairFactors = doubles([], 64 * 16);
  /** The 1% rule's absorbed effect when it applies to that pair (on a shield with points), else -1. */
  pairWhole = doubles([], 64);
  /**
   * A shot on a never-hit unit, 8 numbers a pair: its points after (4 slots), damage, shield's
   * share, flags.
   */
  fresh = doubles([], 64 * 8);

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
    this.full = float64s(this.full, count * SLOTS);
    this.dead = int32s(this.dead, total);
    this.deadBits = int32s(this.deadBits, (total + 31) >>> 5);
    // Cleared by every round's end; cleared here too in case a battle stopped half-way.
    this.deadBits.fill(0, 0, (total + 31) >>> 5);
    for (let b = 0, begin = 0; b < count; b++) {
      const type = types[b] as UnitType;
      this.full.set(type.slotMax, b * SLOTS);
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
    // The slots in which some stack has points, a bit each (bit 0: shield).
    let slots = 0;
    for (let j = 0; j < count * SLOTS; j++) if ((this.full[j] as number) > 0) slots |= 1 << (j & 3);
    this.layout =
      (slots & ~0b0111) === 0 ? HUMAN_LAYERS : (slots & ~0b1010) === 0 ? INSECTOID_LAYERS : ANY_LAYERS;
    this.width = this.layout === ANY_LAYERS ? SLOTS : 2;
    this.points = float64s(this.points, total * this.width);
    if (this.layout === HUMAN_LAYERS) this.shields = float64s(this.shields, total);
  }

  /** The pair tables for the enemy's shots on this side. */
  prepare(enemy: UnitSide): void {
    const own = this.stackCount;
    const pairs = enemy.stackCount * own;
    this.pairFactors = doubles(this.pairFactors, pairs * 16);
    this.pairWhole = doubles(this.pairWhole, pairs);
    this.fresh = doubles(this.fresh, pairs * 8);
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
        const shieldMax = this.full[b * SLOTS] as number;
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
        for (let j = 0; j < SLOTS; j++) work[at + j] = this.full[b * SLOTS + j] as number;
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
    if (this.layout === INSECTOID_LAYERS) return;
    const points = this.points;
    for (let b = 0; b < this.stackCount; b++) {
      const shieldMax = this.full[b * SLOTS] as number;
      const begin = this.begins[b] as number;
      const end = this.hitEnds[b] as number;
      // Human layout: every stack's, 0 included (the shields did not move with the rows).
      if (this.layout === HUMAN_LAYERS) this.shields.fill(shieldMax, begin, end);
      else if (shieldMax > 0) for (let k = begin; k < end; k++) points[k * SLOTS] = shieldMax;
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
    const width = this.width;
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
        if (shift !== 0 && position > from) moveDown(points, from * width, position * width, shift * width);
        shift++;
        from = position + 1;
      }
      if (shift !== 0) {
        if (hitEnd > from) moveDown(points, from * width, hitEnd * width, shift * width);
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
 * Moves `points[from, to)` down by `by`. A call to `copyWithin` costs about 17 ns before it moves
 * anything, a loop about 0.85 ns a number: runs of up to 16 numbers (8 rows of 2) go in a loop,
 * 4 to 8% less time on the small battle than `copyWithin` for every run (no better at 32).
 */
function moveDown(points: Float64Array, from: number, to: number, by: number): void {
  if (to - from > 16) points.copyWithin(from - by, from, to);
  else for (let i = from; i < to; i++) points[i - by] = points[i] as number;
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
 * points in local variables, slot by slot, the shooter's first two damage types each in a block
 * of its own, any further ones in a loop. A change to the walk goes in all three copies
 * (`fireOnHumanLayers` and `fireOnInsectoidLayers` are this function without some slots).
 */
function fireAll(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
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
    const d0 = typeDamages[da] as number;
    const d1 = typeDamages[da + 1] as number;
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
        const to = hitEnd * SLOTS;
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
      const to = position * SLOTS;
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
      first: if (types > 0) {
        let d = d0;
        const fk = pair * 16;
        if (p0 > 0) {
          const f = pairFactors[fk] as number;
          const e = d * f;
          if (e <= p0) {
            p0 = p0 - e;
            shotDealt += e;
            shotShield += e;
            break first;
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
            break first;
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
            break first;
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
            break first;
          }
          shotDealt += p3;
          p3 = 0;
        }
      }
      second: if (types > 1) {
        let d = d1;
        const fk = pair * 16 + 4;
        if (p0 > 0) {
          const f = pairFactors[fk] as number;
          const e = d * f;
          if (e <= p0) {
            p0 = p0 - e;
            shotDealt += e;
            shotShield += e;
            break second;
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
            break second;
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
            break second;
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
            break second;
          }
          shotDealt += p3;
          p3 = 0;
        }
      }
      for (let k = 2; k < types; k++) {
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

/**
 * `fireAll` on a side whose units have no biostructure (the catalogue's human layers: shield,
 * armor, structure): slot 3 is always 0, so its tests and writes are left out; a row holds armor
 * and structure, the shield is in `shields`.
 */
function fireOnHumanLayers(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
  const total = targets.alive();
  const rows = targets.stackCount;
  const { stackAt, hitEnds, points, shields, deadBits, pairFactors, pairWhole } = targets;
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
    const d0 = typeDamages[da] as number;
    const d1 = typeDamages[da + 1] as number;
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
        shields[hitEnd] = fresh[from] as number;
        const to = hitEnd * 2;
        points[to] = fresh[from + 1] as number;
        points[to + 1] = fresh[from + 2] as number;
        if ((flags & KILLED) !== 0) {
          deadBits[hitEnd >>> 5] = (deadBits[hitEnd >>> 5] as number) | (1 << (hitEnd & 31));
          deadCount++;
        }
        continue;
      }
      const pair = a * rows + (code ^ HIT_UNIT);
      const to = position * 2;
      let p0 = shields[position] as number;
      let p1 = points[to] as number;
      let p2 = points[to + 1] as number;
      const whole = pairWhole[pair] as number;
      if (whole >= 0 && p0 > 0) {
        absorbed += whole;
        continue;
      }
      // Decision 170's walk, slot by slot. A damage type finds every slot before the one where
      // the previous type stopped empty (a slot with 0 points is skipped).
      let shotDealt = 0;
      let shotShield = 0;
      first: if (types > 0) {
        let d = d0;
        const fk = pair * 16;
        if (p0 > 0) {
          const f = pairFactors[fk] as number;
          const e = d * f;
          if (e <= p0) {
            p0 = p0 - e;
            shotDealt += e;
            shotShield += e;
            break first;
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
            break first;
          }
          shotDealt += p1;
          d = (e - p1) / f;
          p1 = 0;
        }
        if (p2 > 0) {
          const e = d * (pairFactors[fk + 2] as number);
          if (e <= p2) {
            p2 = p2 - e;
            shotDealt += e;
            break first;
          }
          shotDealt += p2;
          p2 = 0;
        }
      }
      second: if (types > 1) {
        let d = d1;
        const fk = pair * 16 + 4;
        if (p0 > 0) {
          const f = pairFactors[fk] as number;
          const e = d * f;
          if (e <= p0) {
            p0 = p0 - e;
            shotDealt += e;
            shotShield += e;
            break second;
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
            break second;
          }
          shotDealt += p1;
          d = (e - p1) / f;
          p1 = 0;
        }
        if (p2 > 0) {
          const e = d * (pairFactors[fk + 2] as number);
          if (e <= p2) {
            p2 = p2 - e;
            shotDealt += e;
            break second;
          }
          shotDealt += p2;
          p2 = 0;
        }
      }
      for (let k = 2; k < types; k++) {
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
          const e = d * (pairFactors[fk + 2] as number);
          if (e <= p2) {
            p2 = p2 - e;
            shotDealt += e;
            continue;
          }
          shotDealt += p2;
          p2 = 0;
        }
      }
      dealt += shotDealt;
      absorbed += shotShield;
      if (shotDealt > 0) {
        shields[position] = p0;
        points[to] = p1;
        points[to + 1] = p2;
        // Structure and biostructure both at 0 (an absent one has 0): the unit is destroyed.
        if (p2 <= 0) {
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

/**
 * `fireAll` on a side whose units have neither shield nor structure (the catalogue's insectoid
 * layers: armor, biostructure): slots 0 and 2 are always 0, so their tests and writes, the 1%
 * rule (it needs a shield) and the shield's share (always 0) are left out; a row holds armor and
 * biostructure.
 */
function fireOnInsectoidLayers(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
  const total = targets.alive();
  const rows = targets.stackCount;
  const { stackAt, hitEnds, points, deadBits, pairFactors } = targets;
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
    const d0 = typeDamages[da] as number;
    const d1 = typeDamages[da + 1] as number;
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
        const to = hitEnd * 2;
        points[to] = fresh[from + 1] as number;
        points[to + 1] = fresh[from + 3] as number;
        if ((flags & KILLED) !== 0) {
          deadBits[hitEnd >>> 5] = (deadBits[hitEnd >>> 5] as number) | (1 << (hitEnd & 31));
          deadCount++;
        }
        continue;
      }
      const pair = a * rows + (code ^ HIT_UNIT);
      const to = position * 2;
      let p1 = points[to] as number;
      let p3 = points[to + 1] as number;
      // Decision 170's walk, slot by slot. A damage type finds every slot before the one where
      // the previous type stopped empty (a slot with 0 points is skipped).
      let shotDealt = 0;
      first: if (types > 0) {
        let d = d0;
        const fk = pair * 16;
        if (p1 > 0) {
          const f = pairFactors[fk + 1] as number;
          const e = d * f;
          if (e <= p1) {
            p1 = p1 - e;
            shotDealt += e;
            break first;
          }
          shotDealt += p1;
          d = (e - p1) / f;
          p1 = 0;
        }
        if (p3 > 0) {
          const e = d * (pairFactors[fk + 3] as number);
          if (e <= p3) {
            p3 = p3 - e;
            shotDealt += e;
            break first;
          }
          shotDealt += p3;
          p3 = 0;
        }
      }
      second: if (types > 1) {
        let d = d1;
        const fk = pair * 16 + 4;
        if (p1 > 0) {
          const f = pairFactors[fk + 1] as number;
          const e = d * f;
          if (e <= p1) {
            p1 = p1 - e;
            shotDealt += e;
            break second;
          }
          shotDealt += p1;
          d = (e - p1) / f;
          p1 = 0;
        }
        if (p3 > 0) {
          const e = d * (pairFactors[fk + 3] as number);
          if (e <= p3) {
            p3 = p3 - e;
            shotDealt += e;
            break second;
          }
          shotDealt += p3;
          p3 = 0;
        }
      }
      for (let k = 2; k < types; k++) {
        let d = typeDamages[da + k] as number;
        const fk = pair * 16 + k * 4;
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
      if (shotDealt > 0) {
        points[to] = p1;
        points[to + 1] = p3;
        // Structure and biostructure both at 0 (an absent one has 0): the unit is destroyed.
        if (p3 <= 0) {
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

/** The shot loop for the targets' layers: the copy without the slots none of their stacks has. */
function fire(shooters: UnitSide, targets: UnitSide, rng: Int32Array): number {
  const layout = targets.layout;
  if (layout === HUMAN_LAYERS) return fireOnHumanLayers(shooters, targets, rng);
  if (layout === INSECTOID_LAYERS) return fireOnInsectoidLayers(shooters, targets, rng);
  return fireAll(shooters, targets, rng);
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
