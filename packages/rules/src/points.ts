import { findModule, findUnit } from './catalogue/index.js';
import { levelCost, unitCost } from './formulas/index.js';
import type { AccountState, LevelTypeId, Points, Resources } from './types.js';

const worth = (cost: Resources): number => cost.metal + cost.crystal + cost.fuel;

/** Levels whose running sums are kept per module (beyond, the levels are added one by one). */
const KEPT_LEVELS = 1000;
/** Per module (`typeId * 65536 + moduleId`), what levels 1..L cost in total, at index L. */
const levelSums = new Map<number, number[]>();

/**
 * What levels 1..`level` of a module cost in total, from the module's running sums (extended on
 * first need); undefined past KEPT_LEVELS or for a level that is not a whole number. Every
 * level's cost is a whole number, so a sum is exact while it is a safe integer.
 */
function keptLevelsWorth(typeId: LevelTypeId, moduleId: number, level: number): number | undefined {
  if (!Number.isInteger(level) || level > KEPT_LEVELS) return undefined;
  if (level < 1) return 0;
  const key = typeId * 65536 + moduleId;
  let sums = levelSums.get(key);
  if (sums === undefined) {
    sums = [0];
    levelSums.set(key, sums);
  }
  for (let l = sums.length; l <= level; l += 1)
    sums.push((sums[l - 1] as number) + worth(levelCost(typeId, moduleId, l)));
  return sums[level];
}

/**
 * What levels 1..L of each module cost in total (metal + crystal + fuel). Every write computes
 * the points, and adding each level of each module again (a level-30 mine is 30 costs) took
 * 10-15 µs of an account's: the modules' running sums are kept. Their total is the sum level by
 * level, exactly, while everything stays a safe integer; otherwise it is added level by level.
 */
function levelsWorth(typeId: LevelTypeId, levels: Record<number, number>): number {
  let total = 0;
  for (const [id, level] of Object.entries(levels)) {
    const moduleId = Number(id);
    if (findModule(typeId, moduleId) === undefined) continue;
    const kept = keptLevelsWorth(typeId, moduleId, level);
    if (kept !== undefined && Number.isSafeInteger(total + kept)) {
      total += kept;
      continue;
    }
    for (let l = 1; l <= level; l += 1) total += worth(levelCost(typeId, moduleId, l));
  }
  return total;
}

function unitsWorth(typeId: 3 | 4, owned: Record<number, number>): number {
  let total = 0;
  for (const [id, count] of Object.entries(owned)) {
    const moduleId = Number(id);
    if (findUnit(typeId, moduleId) !== undefined) total += count * worth(unitCost(typeId, moduleId));
  }
  return total;
}

/**
 * A fleet's ships' worth, kept for ships the server froze: its states' fleets are shared between
 * the states of successive writes (decision 215), and each write recounted every fleet's ships.
 */
const frozenShipsWorth = new WeakMap<Record<number, number>, number>();
function fleetShipsWorth(ships: Record<number, number>): number {
  if (!Object.isFrozen(ships)) return unitsWorth(3, ships);
  let kept = frozenShipsWorth.get(ships);
  if (kept === undefined) {
    kept = unitsWorth(3, ships);
    frozenShipsWorth.set(ships, kept);
  }
  return kept;
}

/** Points derived from what the account owns now (never accumulated): resources spent / 1000. */
export function computePoints(state: AccountState): Points {
  let economy = 0;
  let military = 0;
  for (const planet of state.planets) {
    economy += levelsWorth(1, planet.factories) + levelsWorth(2, planet.buildings);
    military += unitsWorth(3, planet.ships) + unitsWorth(4, planet.defenses);
  }
  // Ships in flight still count (FLEETS.md section 1).
  for (const fleet of state.fleets ?? []) military += fleetShipsWorth(fleet.ships);
  const science = levelsWorth(5, state.research);
  const points = { economy: economy / 1000, science: science / 1000, military: military / 1000 };
  return { ...points, total: points.economy + points.science + points.military };
}
