import type { CombatResearch } from './types.js';

/** A side without research: nomad pirates, and the starting point of every battle set up by hand. */
export const NO_COMBAT_RESEARCH: Readonly<CombatResearch> = Object.freeze({
  weapons: 0,
  thermal: 0,
  kinetic: 0,
  explosive: 0,
  em: 0,
  shielding: 0,
  armour: 0,
  structural: 0,
});
