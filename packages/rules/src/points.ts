import { findModule, findUnit } from './catalogue/index.js';
import { levelCost, unitCost } from './formulas/index.js';
import type { AccountState, LevelTypeId, Points, Resources } from './types.js';

const worth = (cost: Resources): number => cost.metal + cost.crystal + cost.fuel;

/** What levels 1..L of each module cost in total (metal + crystal + fuel). */
function levelsWorth(typeId: LevelTypeId, levels: Record<number, number>): number {
  let total = 0;
  for (const [id, level] of Object.entries(levels)) {
    const moduleId = Number(id);
    if (findModule(typeId, moduleId) === undefined) continue;
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

/** Points derived from what the account owns now (never accumulated): resources spent / 1000. */
export function computePoints(state: AccountState): Points {
  let economy = 0;
  let military = 0;
  for (const planet of state.planets) {
    economy += levelsWorth(1, planet.factories) + levelsWorth(2, planet.buildings);
    military += unitsWorth(3, planet.ships) + unitsWorth(4, planet.defenses);
  }
  // Ships in flight still count (FLEETS.md section 1).
  for (const fleet of state.fleets ?? []) military += unitsWorth(3, fleet.ships);
  const science = levelsWorth(5, state.research);
  const points = { economy: economy / 1000, science: science / 1000, military: military / 1000 };
  return { ...points, total: points.economy + points.science + points.military };
}
