export * from './types.js';
export { DEFAULT_MAX_ROUNDS, resolveCombat } from './engine.js';
export { NO_COMBAT_RESEARCH } from './research.js';
export { combatUnitDef, type CombatUnitDef } from './units.js';
