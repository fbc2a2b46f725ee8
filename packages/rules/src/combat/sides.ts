/**
 * What the engine's two paths (decisions 161 and 172) share: a side's stacks and counts, the
 * typed arrays they keep between battles, and the rounds of a battle with its report. Each path
 * keeps its own side class (its layout) and its own `fire`, the shot loop: only they are hot.
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
import { unitType, unitTypes, type UnitType } from './unit-type.js';

/** Arrays kept between battles up to this many elements; larger ones are dropped after the battle. */
export const KEPT_ELEMENTS = 1 << 16;

export const roomFor = (size: number): number => {
  let room = 64;
  while (room < size) room *= 2;
  return room;
};
export type Int32s = Int32Array<ArrayBuffer>;
export type Float64s = Float64Array<ArrayBuffer>;
/** `array` if it holds `size` elements, else a new one (its contents are not kept). */
export const int32s = (array: Int32s, size: number): Int32s =>
  array.length >= size ? array : new Int32Array(size > KEPT_ELEMENTS ? size : roomFor(size));
export const float64s = (array: Float64s, size: number): Float64s =>
  array.length >= size ? array : new Float64Array(roomFor(size));

/** One side's stacks, units alive per stack, and this round's figures: what the report reads. */
export abstract class StackSide {
  stackCount = 0;
  kinds: CombatStack['kind'][] = [];
  ids: number[] = [];
  /** Units alive at the start of the round, per stack. */
  counts = new Int32Array(64);
  /** This round's figures: points this side's shots removed, and what its shields lost or absorbed. */
  dealtTotal = 0;
  absorbedTotal = 0;

  /** Every hit unit's shield back to full, at the start of a round. */
  abstract restoreShields(): void;
  /** Removes this round's destroyed units, keeping the order of the others. */
  abstract removeDead(): void;

  /**
   * The side's stacks: kinds, ids and room for the counts; returns their unit types with the
   * side's research (worked out first: an unknown unit is refused before anything changes).
   */
  protected loadStacks(side: CombatSide): UnitType[] {
    const stacks = side.units;
    const kept = unitTypes(side.research);
    const types = stacks.map((stack) => unitType(stack, side.research, kept));
    this.stackCount = stacks.length;
    this.kinds = stacks.map((stack) => stack.kind);
    this.ids = stacks.map((stack) => stack.id);
    this.counts = int32s(this.counts, stacks.length);
    return types;
  }

  alive(): number {
    let total = 0;
    for (let b = 0; b < this.stackCount; b++) total += this.counts[b] as number;
    return total;
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

function roundSide(before: CombatStack[], side: StackSide, shots: number): CombatRoundSide {
  return {
    unitsBefore: before,
    unitsAfter: side.snapshot(),
    shots,
    damageDealt: side.dealtTotal,
    damageAbsorbed: side.absorbedTotal,
  };
}

/**
 * Decision 170's rounds on two loaded sides: shields restored, the attacker's shots then the
 * defender's (`fire`: every unit of `shooters` fires once, drawing from `rng`, sfc32's state, and
 * returns its shots), then the destroyed removed; until `maxRounds` or a side has nothing left.
 */
export function fightRounds<S extends StackSide>(
  input: CombatInput,
  maxRounds: number,
  attacker: S,
  defender: S,
  fire: (shooters: S, targets: S, rng: Int32Array) => number,
): CombatResult {
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
