export * from './types.js';
export { DEFAULT_MAX_ROUNDS, resolveCombat } from './engine.js';
export { combatUnitDef, type CombatUnitDef } from './units.js';
