/**
 * The combat engine's interface (FLEETS.md section 4). The fleet missions (attack, spy, pirate
 * ambush) build the two sides and read the outcome; the engine knows nothing of accounts, planets,
 * debris, plunder or rebuilt defenses: those are the missions' business.
 */

/** Research levels that change a side's units in combat. Missing levels count as 0. */
export interface CombatResearch {
  /** Research 11: +10% of every damage type per level. */
  weapons: number;
  /** Research 15, 16, 10, 17: +5% of thermal, kinetic, explosive, EM damage per level. */
  thermal: number;
  kinetic: number;
  explosive: number;
  em: number;
  /** Research 12: +10% shield layer per level. */
  shielding: number;
  /** Research 13: +10% armor layer per level. */
  armour: number;
  /** Research 14: +10% structure and biostructure layers per level. */
  structural: number;
}

/** A stack of identical units: `kind` selects the catalogue (SHIPS, DEFENSES or the nomad units). */
export interface CombatStack {
  kind: 'ship' | 'defense';
  id: number;
  count: number;
}

export interface CombatSide {
  units: readonly CombatStack[];
  research: CombatResearch;
}

export interface CombatInput {
  attacker: CombatSide;
  defender: CombatSide;
  /** Seed of the battle's random draws (FLEETS.md section 7: fleet id and event time). */
  seed: string;
  /** At most 6 (the default); the spy mission's detected probes fight 1. */
  maxRounds?: number;
}

/** One side's figures for one round, for the report. */
export interface CombatRoundSide {
  /** Units alive at the start of the round, per stack (same order as the input's units). */
  unitsBefore: readonly CombatStack[];
  /** Units alive at the end of the round. */
  unitsAfter: readonly CombatStack[];
  shots: number;
  /** Damage this side's shots did to the other side's layers (after resistances). */
  damageDealt: number;
  /** Damage this side's shields took (after resistances), including whole shots absorbed. */
  damageAbsorbed: number;
}

export interface CombatRound {
  round: number;
  attacker: CombatRoundSide;
  defender: CombatRoundSide;
}

export type CombatWinner = 'attacker' | 'defender' | 'draw';

export interface CombatResult {
  winner: CombatWinner;
  rounds: readonly CombatRound[];
  /** Survivors per input stack, in the input's order (count may be 0). */
  attackerSurvivors: readonly CombatStack[];
  defenderSurvivors: readonly CombatStack[];
}
