/**
 * The combat engine (FLEETS.md section 4; exact rules in decision 170; layout in decisions 171
 * and 161). Two paths with the same results, bit for bit (decision 172): battles of at most
 * PER_UNIT_MAX units a side take the per-unit one (per-unit.ts: each hit unit's own layer points),
 * larger ones the grouped one below, fast on battles of a million units:
 * - a side's units are 32-bit state numbers in position order; state `b` is a never-hit unit of
 *   stack `b`, every other state is the layer points that the hit units with the same history of
 *   shots share (a history is a path in a tree: same state, same shooter stack, same next state);
 * - the outcome of a shot depends only on (target state, shooter stack): it is worked out the
 *   first time that pair occurs and read from a table every other time, so a shot is a draw, an
 *   array read for the target's state and a transition read;
 * - the typed arrays live from battle to battle (a battle allocates only what outgrows them), and
 *   unit types with research applied are cached: a small battle allocates little besides its report.
 */
import { PER_UNIT_MAX, PER_UNIT_MAX_PAIRS, resolvePerUnit } from './per-unit.js';
import { fightRounds, float64s, int32s, KEPT_ELEMENTS, roomFor, StackSide } from './sides.js';
import type { CombatInput, CombatResult, CombatSide, CombatStack } from './types.js';
import type { UnitType } from './unit-type.js';

export { winnerOf } from './sides.js';

export const DEFAULT_MAX_ROUNDS = 6;

/** A unit has at most 4 layers: a state's points take 4 slots (local: an imported constant is a getter under tsx). */
const SLOTS = 4;

/** Transition flags: worked out; the shot removes points (the unit counts as hit); it destroys the unit. */
const KNOWN = 1;
const HIT = 2;
const KILLED = 4;
/** The target was never hit: it takes its stack's first never-hit position (decision 170). */
const FROM_FRESH = 8;

/**
 * One side of a battle: its units, in position order, as states, and the states they can be in
 * under the other side's shots with those shots' outcomes. Two of these live from battle to battle.
 */
class Side extends StackSide {
  /** Per stack, its unit type with research: layers, hull's first layer, shield (0: none). */
  layerCounts = new Int32Array(64);
  hullFroms = new Int32Array(64);
  shieldMaxes = new Float64Array(64);
  /** Per stack, 4 layers' full points, 4 x 4 resistance factors, 4 damages. */
  maxes = new Float64Array(64 * SLOTS);
  factors = new Float64Array(64 * SLOTS * 4);
  damages = new Float64Array(64 * 4);
  /** Where each stack's units start in `units`. */
  begins = new Int32Array(64);
  /** Per stack, its hit units come first (in order of their first hit, this round's dead among them). */
  hitCounts = new Int32Array(64);
  /** The state of the unit at each position: stack after stack, hit units then never-hit ones. */
  units = new Int32Array(64);
  /** 1 at the positions of the units destroyed this round (each marked once, when its hull goes). */
  dead = new Uint8Array(64);
  deadCount = 0;

  // States: state `b` is a never-hit unit of stack `b`; each other state is the layer points some
  // hit units share (they went through the same shots). Transition `state * shooterCount + a`:
  // the state after a shot of the enemy's stack `a`, the points it removed, what the target's
  // shield lost (or absorbed whole), and the flags (0: not worked out yet).
  enemyDamages = this.damages;
  shooterCount = 1;
  size = 0;
  capacity = 0;
  points = new Float64Array(64 * SLOTS);
  stackOf = new Int32Array(64);
  /** The state once the shield is back to full (-1: not worked out yet). */
  restored = new Int32Array(64);
  next = new Int32Array(64);
  dealt = new Float64Array(64);
  absorbed = new Float64Array(64);
  flags = new Uint8Array(64);
  /** Layer points being worked on. */
  readonly work = new Float64Array(SLOTS);

  /** The side's stacks with research, `total` units (checked by resolveCombat). */
  load(side: CombatSide, total: number): void {
    const types = this.loadStacks(side);
    const stacks = side.units;
    const count = stacks.length;
    this.layerCounts = int32s(this.layerCounts, count);
    this.hullFroms = int32s(this.hullFroms, count);
    this.shieldMaxes = float64s(this.shieldMaxes, count);
    this.maxes = float64s(this.maxes, count * SLOTS);
    this.factors = float64s(this.factors, count * SLOTS * 4);
    this.damages = float64s(this.damages, count * 4);
    this.begins = int32s(this.begins, count);
    this.hitCounts = int32s(this.hitCounts, count);
    this.units = int32s(this.units, total);
    if (this.dead.length < total) this.dead = new Uint8Array(total > KEPT_ELEMENTS ? total : roomFor(total));
    // Cleared by every round's end; cleared here too in case a battle stopped half-way.
    this.dead.fill(0, 0, total);
    for (let b = 0, begin = 0; b < count; b++) {
      const type = types[b] as UnitType;
      this.layerCounts[b] = type.layerCount;
      this.hullFroms[b] = type.hullFrom;
      this.shieldMaxes[b] = type.shieldMax;
      this.maxes.set(type.max, b * SLOTS);
      this.factors.set(type.factor, b * SLOTS * 4);
      this.damages.set(type.damage, b * 4);
      const units = (stacks[b] as CombatStack).count;
      this.counts[b] = units;
      this.begins[b] = begin;
      this.hitCounts[b] = 0;
      this.units.fill(b, begin, begin + units);
      begin += units;
    }
    this.deadCount = 0;
  }

  /** The states under the enemy's stacks: the never-hit ones, no transition worked out yet. */
  prepare(enemy: Side): void {
    this.enemyDamages = enemy.damages;
    const a = Math.max(1, enemy.stackCount);
    this.shooterCount = a;
    const fresh = this.stackCount;
    this.capacity = 0;
    this.ensureStates(Math.max(fresh, 64));
    this.size = fresh;
    this.points.set(this.maxes.subarray(0, fresh * SLOTS));
    for (let b = 0; b < fresh; b++) {
      this.stackOf[b] = b;
      // A never-hit unit has its shield full already.
      this.restored[b] = b;
    }
    this.flags.fill(0, 0, fresh * a);
  }

  /** Room for `states` states (kept arrays reused; the contents of the first `size` kept). */
  private ensureStates(states: number): void {
    if (states <= this.capacity) return;
    const capacity = roomFor(states);
    const a = this.shooterCount;
    const keep = this.capacity > 0;
    const widen = <T extends Float64Array | Int32Array | Uint8Array>(
      from: T,
      size: number,
      make: (size: number) => T,
    ): T => {
      if (from.length >= size) return from;
      const to = make(size);
      if (keep) to.set(from);
      return to;
    };
    this.points = widen(this.points, capacity * SLOTS, (n) => new Float64Array(n));
    this.stackOf = widen(this.stackOf, capacity, (n) => new Int32Array(n));
    this.restored = widen(this.restored, capacity, (n) => new Int32Array(n));
    this.next = widen(this.next, capacity * a, (n) => new Int32Array(n));
    this.dealt = widen(this.dealt, capacity * a, (n) => new Float64Array(n));
    this.absorbed = widen(this.absorbed, capacity * a, (n) => new Float64Array(n));
    this.flags = widen(this.flags, capacity * a, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /** A new hit state of stack `b` with the points in `work`. */
  private add(b: number): number {
    const state = this.size;
    if (state === this.capacity) this.ensureStates(state + 1);
    this.size = state + 1;
    const points = this.points;
    const work = this.work;
    const at = state * SLOTS;
    points[at] = work[0] as number;
    points[at + 1] = work[1] as number;
    points[at + 2] = work[2] as number;
    points[at + 3] = work[3] as number;
    this.stackOf[state] = b;
    this.restored[state] = -1;
    const flags = this.flags;
    for (let k = state * this.shooterCount, end = k + this.shooterCount; k < end; k++) flags[k] = 0;
    return state;
  }

  /**
   * Works out the shot of the enemy's stack `a` on a unit in `state`: decision 170's shot, in its
   * exact order of float operations. Returns the transition's flags. The per-unit path walks the
   * same shot (per-unit.ts, fire and prepare): a change to the rules goes in both, and in the
   * tests' reference.
   */
  transition(state: number, a: number): number {
    const b = this.stackOf[state] as number;
    const n = this.layerCounts[b] as number;
    const hullFrom = this.hullFroms[b] as number;
    const shieldMax = this.shieldMaxes[b] as number;
    const factors = this.factors;
    const damages = this.enemyDamages;
    const fb = b * SLOTS * 4;
    const da = a * 4;
    const work = this.work;
    const from = this.points;
    const at = state * SLOTS;
    work[0] = from[at] as number;
    work[1] = from[at + 1] as number;
    work[2] = from[at + 2] as number;
    work[3] = from[at + 3] as number;
    let flags = KNOWN;
    let dealt = 0;
    let shield = 0;
    let next = state;
    let whole = false;
    if (shieldMax > 0 && work[0] > 0) {
      let effect = 0;
      for (let t = 0; t < 4; t++) {
        const d = damages[da + t] as number;
        if (d !== 0) effect += d * (factors[fb + t] as number);
      }
      // The 1% rule: a shot below 1% of a full shield is absorbed whole.
      if (effect * 100 < shieldMax) {
        whole = true;
        shield = effect;
      }
    }
    if (!whole) {
      const shieldLayers = shieldMax > 0 ? 1 : 0;
      let killed = false;
      for (let t = 0; t < 4; t++) {
        let d = damages[da + t] as number;
        if (d === 0) continue;
        for (let j = 0; j < n; j++) {
          const p = work[j] as number;
          if (p <= 0) continue;
          const f = factors[fb + j * 4 + t] as number;
          const e = d * f;
          if (e <= p) {
            const left = p - e;
            work[j] = left;
            dealt += e;
            if (j < shieldLayers) shield += e;
            if (left === 0 && j >= hullFrom) killed = hullGone(work, hullFrom, n);
            break;
          }
          work[j] = 0;
          dealt += p;
          if (j < shieldLayers) shield += p;
          if (j >= hullFrom) killed = hullGone(work, hullFrom, n);
          d = (e - p) / f;
        }
      }
      if (dealt > 0) {
        flags |= HIT;
        if (killed) flags |= KILLED;
        if (state < this.stackCount) flags |= FROM_FRESH;
        next = this.add(b);
      }
    }
    // add() may have moved the arrays.
    const i = state * this.shooterCount + a;
    this.next[i] = next;
    this.dealt[i] = dealt;
    this.absorbed[i] = shield;
    this.flags[i] = flags;
    return flags;
  }

  /** Every hit unit's shield back to full, at the start of a round. */
  restoreShields(): void {
    const units = this.units;
    for (let b = 0; b < this.stackCount; b++) {
      const shieldMax = this.shieldMaxes[b] as number;
      if (shieldMax === 0) continue;
      for (let k = this.begins[b] as number, end = k + (this.hitCounts[b] as number); k < end; k++) {
        const state = units[k] as number;
        let to = this.restored[state] as number;
        if (to < 0) {
          const at = state * SLOTS;
          const work = this.work;
          work[0] = shieldMax;
          work[1] = this.points[at + 1] as number;
          work[2] = this.points[at + 2] as number;
          work[3] = this.points[at + 3] as number;
          to = this.add(b);
          this.restored[state] = to;
        }
        units[k] = to;
      }
    }
  }

  /**
   * Removes this round's dead, keeping the order of the others. The dead are all hit units: each
   * stack's hit units are compacted, its never-hit ones moved down as one block.
   */
  removeDead(): void {
    if (this.deadCount === 0) return;
    const units = this.units;
    const dead = this.dead;
    let write = 0;
    for (let b = 0; b < this.stackCount; b++) {
      const begin = this.begins[b] as number;
      const hitEnd = begin + (this.hitCounts[b] as number);
      const end = begin + (this.counts[b] as number);
      this.begins[b] = write;
      for (let k = begin; k < hitEnd; k++) {
        if (dead[k] === 0) units[write++] = units[k] as number;
        else dead[k] = 0;
      }
      const deaths = hitEnd - begin - (write - (this.begins[b] as number));
      this.hitCounts[b] = (this.hitCounts[b] as number) - deaths;
      this.counts[b] = (this.counts[b] as number) - deaths;
      if (write !== hitEnd) units.copyWithin(write, hitEnd, end);
      write += end - hitEnd;
    }
    this.deadCount = 0;
  }

  /** Drops what a big battle grew, so that it is not held between battles. */
  release(): void {
    if (this.units.length > KEPT_ELEMENTS) this.units = new Int32Array(64);
    if (this.dead.length > KEPT_ELEMENTS) this.dead = new Uint8Array(64);
    if (this.next.length > KEPT_ELEMENTS || this.points.length > KEPT_ELEMENTS) {
      this.capacity = 0;
      this.points = new Float64Array(64 * SLOTS);
      this.stackOf = new Int32Array(64);
      this.restored = new Int32Array(64);
      this.next = new Int32Array(64);
      this.dealt = new Float64Array(64);
      this.absorbed = new Float64Array(64);
      this.flags = new Uint8Array(64);
    }
  }
}

function hullGone(points: Float64Array, hullFrom: number, n: number): boolean {
  for (let j = hullFrom; j < n; j++) if ((points[j] as number) > 0) return false;
  return true;
}

/** Every unit of `shooters` fires once at a random unit of `targets` alive at the round's start. */
function fire(shooters: Side, targets: Side, rng: Int32Array): number {
  const total = targets.alive();
  const { begins, hitCounts, shooterCount, units } = targets;
  const dead = targets.dead;
  let deadCount = targets.deadCount;
  let next = targets.next;
  let dealtOf = targets.dealt;
  let absorbedOf = targets.absorbed;
  let flagsOf = targets.flags;
  let dealt = shooters.dealtTotal;
  let absorbed = targets.absorbedTotal;
  let shots = 0;
  // sfc32 stepped inline on locals (the same stream as createRandom(seed).next()).
  let ra = rng[0] as number;
  let rb = rng[1] as number;
  let rc = rng[2] as number;
  let rd = rng[3] as number;
  for (let a = 0; a < shooters.stackCount; a++) {
    const count = shooters.counts[a] as number;
    shots += count;
    for (let s = 0; s < count; s++) {
      const rt = (((ra + rb) | 0) + rd) | 0;
      rd = (rd + 1) | 0;
      ra = rb ^ (rb >>> 9);
      rb = (rc + (rc << 3)) | 0;
      rc = (((rc << 21) | (rc >>> 11)) + rt) | 0;
      // floor(r * total) with r = next(): r * total < 2^31, where `| 0` and Math.floor agree.
      const position = (((rt >>> 0) / 4294967296) * total) | 0;
      const state = units[position] as number;
      const i = state * shooterCount + a;
      let flags = flagsOf[i] as number;
      if (flags === 0) {
        flags = targets.transition(state, a);
        next = targets.next;
        dealtOf = targets.dealt;
        absorbedOf = targets.absorbed;
        flagsOf = targets.flags;
      }
      dealt += dealtOf[i] as number;
      absorbed += absorbedOf[i] as number;
      if ((flags & HIT) === 0) continue;
      let slot = position;
      if ((flags & FROM_FRESH) !== 0) {
        // A never-hit unit's state is its stack's number.
        const hitCount = hitCounts[state] as number;
        slot = (begins[state] as number) + hitCount;
        hitCounts[state] = hitCount + 1;
      }
      units[slot] = next[i] as number;
      if ((flags & KILLED) !== 0) {
        dead[slot] = 1;
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

/** The two sides' working memory, kept between battles (a battle runs to its end synchronously). */
const ATTACKER = new Side();
const DEFENDER = new Side();

/** Units a side at most for the per-unit path; above, the grouped one (decision 172). */
let perUnitMax = PER_UNIT_MAX;

/** For the tests: which path a battle takes (both must give the same results). */
export function setPerUnitMax(units: number): void {
  perUnitMax = Math.min(units, PER_UNIT_MAX);
}

function sideTotal(side: CombatSide): number {
  let total = 0;
  for (const stack of side.units) {
    if (!Number.isSafeInteger(stack.count) || stack.count < 0)
      throw new RangeError(`combat: count of ${stack.kind} ${stack.id} must be a whole number >= 0`);
    total += stack.count;
  }
  // Target positions are drawn as 32-bit integers.
  if (total > 0x7fffffff) throw new RangeError('combat: at most 2^31 - 1 units a side');
  return total;
}

export function resolveCombat(input: CombatInput): CombatResult {
  const maxRounds = input.maxRounds ?? DEFAULT_MAX_ROUNDS;
  if (!Number.isSafeInteger(maxRounds) || maxRounds < 0)
    throw new RangeError('combat: maxRounds must be a whole number >= 0');
  const attackerTotal = sideTotal(input.attacker);
  const defenderTotal = sideTotal(input.defender);
  if (
    attackerTotal <= perUnitMax &&
    defenderTotal <= perUnitMax &&
    input.attacker.units.length * input.defender.units.length <= PER_UNIT_MAX_PAIRS
  )
    return resolvePerUnit(input, maxRounds, attackerTotal, defenderTotal);
  const attacker = ATTACKER;
  const defender = DEFENDER;
  attacker.load(input.attacker, attackerTotal);
  defender.load(input.defender, defenderTotal);
  try {
    attacker.prepare(defender);
    defender.prepare(attacker);
    return fightRounds(input, maxRounds, attacker, defender, fire);
  } finally {
    attacker.release();
    defender.release();
  }
}
