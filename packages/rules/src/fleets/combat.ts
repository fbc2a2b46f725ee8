import { DEFENSES, findShipDef, NOMAD_SHIPS } from '../catalogue/index.js';
import { NO_COMBAT_RESEARCH } from '../combat/research.js';
import type { CombatInput, CombatResearch, CombatResult, CombatStack } from '../combat/types.js';
import { researchLevel } from '../formulas/index.js';
import type { Random } from '../universe/random.js';
import type { AccountState, CombatReportData, Resources, UnitCount } from '../types.js';

/** The combat engine the missions call (`resolveCombat`); a parameter so tests can pin outcomes. */
export type CombatEngine = (input: CombatInput) => CombatResult;

/** The research that changes an account's units in combat; nomad pirates have none. */
export function combatResearch(account: AccountState | null): CombatResearch {
  if (account === null) return NO_COMBAT_RESEARCH;
  return {
    weapons: researchLevel(account, 11),
    thermal: researchLevel(account, 15),
    kinetic: researchLevel(account, 16),
    explosive: researchLevel(account, 10),
    em: researchLevel(account, 17),
    shielding: researchLevel(account, 12),
    armour: researchLevel(account, 13),
    structural: researchLevel(account, 14),
  };
}

/** Stacks in id order, ships then defenses, without empty ones. */
export function stacksOf(
  ships: Readonly<Record<number, number>>,
  defenses: Readonly<Record<number, number>> = {},
): CombatStack[] {
  const stacks = (kind: 'ship' | 'defense', units: Readonly<Record<number, number>>): CombatStack[] =>
    Object.entries(units)
      .map(([id, count]) => ({ kind, id: Number(id), count }))
      .filter((stack) => stack.count > 0)
      .sort((a, b) => a.id - b.id);
  return [...stacks('ship', ships), ...stacks('defense', defenses)];
}

/** Survivors of one kind as counts by id (ids that lost every unit are kept at 0 then dropped). */
export function survivorsOf(
  survivors: readonly CombatStack[],
  kind: 'ship' | 'defense',
): Record<number, number> {
  const out: Record<number, number> = {};
  for (const stack of survivors)
    if (stack.kind === kind && stack.count > 0) out[stack.id] = (out[stack.id] ?? 0) + stack.count;
  return out;
}

const unitCostOf = (kind: 'ship' | 'defense', id: number): Resources => {
  const def = kind === 'ship' ? findShipDef(id) : DEFENSES.find((d) => d.id === id);
  return def === undefined ? { metal: 0, crystal: 0, fuel: 0 } : def.cost;
};

/** What the destroyed units of a side cost, and the metal and crystal of its destroyed ships. */
export function losses(
  before: readonly CombatStack[],
  after: readonly CombatStack[],
): { cost: Resources; shipMetal: number; shipCrystal: number; destroyedDefenses: UnitCount[] } {
  const cost = { metal: 0, crystal: 0, fuel: 0 };
  let shipMetal = 0;
  let shipCrystal = 0;
  const destroyedDefenses: UnitCount[] = [];
  before.forEach((stack, index) => {
    const lost = stack.count - (after[index]?.count ?? 0);
    if (lost <= 0) return;
    const one = unitCostOf(stack.kind, stack.id);
    cost.metal += lost * one.metal;
    cost.crystal += lost * one.crystal;
    cost.fuel += lost * one.fuel;
    if (stack.kind === 'ship') {
      shipMetal += lost * one.metal;
      shipCrystal += lost * one.crystal;
    } else destroyedDefenses.push({ id: stack.id, count: lost });
  });
  return { cost, shipMetal, shipCrystal, destroyedDefenses };
}

/** 30% of the destroyed ships' metal and crystal, both sides together (whole units, rounded down). */
export function debrisOf(metal: number, crystal: number): { metal: number; crystal: number } {
  return { metal: Math.floor((metal * 3) / 10), crystal: Math.floor((crystal * 3) / 10) };
}

/** Each destroyed defense comes back with probability 70%, drawn in id order. */
export function rebuildDefenses(destroyed: readonly UnitCount[], random: Random): UnitCount[] {
  const rebuilt: UnitCount[] = [];
  for (const { id, count } of [...destroyed].sort((a, b) => a.id - b.id)) {
    let back = 0;
    for (let i = 0; i < count; i += 1) if (random.chance(0.7)) back += 1;
    if (back > 0) rebuilt.push({ id, count: back });
  }
  return rebuilt;
}

/**
 * Plunder (FLEETS.md section 4): up to 50% of each resource, limited by the free cargo room, an
 * even share of the room first, then metal, crystal, fuel in turn. Whole units.
 */
export function plunder(stock: Resources, room: number): Resources {
  const available = {
    metal: Math.floor(Math.max(0, stock.metal) / 2),
    crystal: Math.floor(Math.max(0, stock.crystal) / 2),
    fuel: Math.floor(Math.max(0, stock.fuel) / 2),
  };
  let free = Math.max(0, Math.floor(room));
  const share = Math.floor(free / 3);
  const taken = {
    metal: Math.min(available.metal, share),
    crystal: Math.min(available.crystal, share),
    fuel: Math.min(available.fuel, share),
  };
  free -= taken.metal + taken.crystal + taken.fuel;
  for (const key of ['metal', 'crystal', 'fuel'] as const) {
    const extra = Math.min(available[key] - taken[key], free);
    taken[key] += extra;
    free -= extra;
  }
  return taken;
}

/**
 * The nomads' force against a fleet worth `budget`: a random weight per nomad ship, whole ships
 * bought with each weight's share of the budget, the remainder spent on the cheapest ship. A
 * budget below the cheapest ship fields nobody (the pirates let small prey pass).
 */
export function pirateForce(budget: number, random: Random): Record<number, number> {
  const worth = (def: (typeof NOMAD_SHIPS)[number]): number =>
    def.cost.metal + def.cost.crystal + def.cost.fuel;
  const weights = NOMAD_SHIPS.map(() => random.next());
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const force: Record<number, number> = {};
  let spent = 0;
  NOMAD_SHIPS.forEach((def, index) => {
    const count = Math.floor((budget * (weights[index] ?? 0)) / total / worth(def));
    if (count > 0) {
      force[def.id] = count;
      spent += count * worth(def);
    }
  });
  const cheapest = [...NOMAD_SHIPS].sort((a, b) => worth(a) - worth(b))[0];
  if (cheapest !== undefined) {
    const extra = Math.floor((budget - spent) / worth(cheapest));
    if (extra > 0) force[cheapest.id] = (force[cheapest.id] ?? 0) + extra;
  }
  return force;
}

export function reportRounds(result: CombatResult): CombatReportData['rounds'] {
  return result.rounds.map((round) => ({
    round: round.round,
    attacker: {
      ...round.attacker,
      unitsBefore: [...round.attacker.unitsBefore],
      unitsAfter: [...round.attacker.unitsAfter],
    },
    defender: {
      ...round.defender,
      unitsBefore: [...round.defender.unitsBefore],
      unitsAfter: [...round.defender.unitsAfter],
    },
  }));
}
