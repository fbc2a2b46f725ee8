import {
  cargoCapacity,
  createRandom,
  debrisOf,
  losses,
  plunder,
  rebuildDefenses,
  resolveCombat,
  stacksOf,
  survivorsOf,
  type CombatStack,
  type Resources,
} from '@starhold/rules';
import type { SimulationSetup, SimulatorSide } from './setup';

/** One input stack over every run: how many were sent, and on average lost and (defenses) rebuilt. */
export interface StackOutcome {
  kind: 'ship' | 'defense';
  id: number;
  count: number;
  lost: number;
  rebuilt: number;
}

export interface SideOutcome {
  units: StackOutcome[];
  /** Average cost of the destroyed units (as the combat report counts it). */
  lost: Resources;
}

/** Averages over the runs, from the attacker's point of view. */
export interface SimulationSummary {
  runs: number;
  wins: number;
  draws: number;
  losses: number;
  rounds: number;
  attacker: SideOutcome;
  defender: SideOutcome;
  debris: { metal: number; crystal: number };
  /** Cargo room of the attacker's surviving ships (what they could carry home). */
  cargo: number;
  /** Taken from the defender's stock, 0 in the battles the attacker does not win. */
  plunder: Resources;
}

export const seedOf = (run: number) => `sim:${run}`;

/** The units of a side as the missions build them: stacks in id order, ships then defenses. */
export function sideStacks(side: SimulatorSide, withDefenses: boolean): CombatStack[] {
  return stacksOf(side.ships, withDefenses ? side.defenses : {});
}

const zero = (): Resources => ({ metal: 0, crystal: 0, fuel: 0 });

function addTo(total: Resources, more: Resources): void {
  total.metal += more.metal;
  total.crystal += more.crystal;
  total.fuel += more.fuel;
}

const divided = (total: Resources, runs: number): Resources => ({
  metal: total.metal / runs,
  crystal: total.crystal / runs,
  fuel: total.fuel / runs,
});

/**
 * Runs the battle `setup.runs` times with the seeds sim:1, sim:2, ... through the rules' own
 * combat engine and mission helpers (losses, debris, the 70% rebuild of defenses, plunder), as an
 * attack mission would, and averages the outcomes. Same setup, same summary.
 */
export function simulateBattles(
  setup: SimulationSetup,
  onProgress?: (done: number, total: number) => void,
): SimulationSummary {
  const attacker = sideStacks(setup.attacker, false);
  const defender = sideStacks(setup.defender, true);
  const lostUnits = { attacker: attacker.map(() => 0), defender: defender.map(() => 0) };
  const rebuiltUnits = defender.map(() => 0);
  const lost = { attacker: zero(), defender: zero() };
  const debris = { metal: 0, crystal: 0 };
  const taken = zero();
  let wins = 0;
  let draws = 0;
  let rounds = 0;
  let cargo = 0;
  for (let run = 1; run <= setup.runs; run += 1) {
    const result = resolveCombat({
      attacker: { units: attacker, research: setup.attacker.research },
      defender: { units: defender, research: setup.defender.research },
      seed: seedOf(run),
    });
    const attackerLosses = losses(attacker, result.attackerSurvivors);
    const defenderLosses = losses(defender, result.defenderSurvivors);
    addTo(lost.attacker, attackerLosses.cost);
    addTo(lost.defender, defenderLosses.cost);
    attacker.forEach((stack, index) => {
      lostUnits.attacker[index] =
        (lostUnits.attacker[index] ?? 0) + stack.count - (result.attackerSurvivors[index]?.count ?? 0);
    });
    defender.forEach((stack, index) => {
      lostUnits.defender[index] =
        (lostUnits.defender[index] ?? 0) + stack.count - (result.defenderSurvivors[index]?.count ?? 0);
    });
    const fresh = debrisOf(
      attackerLosses.shipMetal + defenderLosses.shipMetal,
      attackerLosses.shipCrystal + defenderLosses.shipCrystal,
    );
    debris.metal += fresh.metal;
    debris.crystal += fresh.crystal;
    const rebuilt = rebuildDefenses(defenderLosses.destroyedDefenses, createRandom(`${seedOf(run)}:rebuild`));
    for (const { id, count } of rebuilt) {
      const index = defender.findIndex((stack) => stack.kind === 'defense' && stack.id === id);
      if (index >= 0) rebuiltUnits[index] = (rebuiltUnits[index] ?? 0) + count;
    }
    const room = cargoCapacity(survivorsOf(result.attackerSurvivors, 'ship'));
    cargo += room;
    if (result.winner === 'attacker') {
      wins += 1;
      addTo(taken, plunder(setup.defenderResources, room));
    } else if (result.winner === 'draw') draws += 1;
    rounds += result.rounds.length;
    onProgress?.(run, setup.runs);
  }
  const runs = Math.max(1, setup.runs);
  const outcomes = (stacks: CombatStack[], lostCounts: number[], rebuiltCounts?: number[]) =>
    stacks.map((stack, index) => ({
      kind: stack.kind,
      id: stack.id,
      count: stack.count,
      lost: (lostCounts[index] ?? 0) / runs,
      rebuilt: (rebuiltCounts?.[index] ?? 0) / runs,
    }));
  return {
    runs: setup.runs,
    wins,
    draws,
    losses: setup.runs - wins - draws,
    rounds: rounds / runs,
    attacker: { units: outcomes(attacker, lostUnits.attacker), lost: divided(lost.attacker, runs) },
    defender: {
      units: outcomes(defender, lostUnits.defender, rebuiltUnits),
      lost: divided(lost.defender, runs),
    },
    debris: { metal: debris.metal / runs, crystal: debris.crystal / runs },
    cargo: cargo / runs,
    plunder: divided(taken, runs),
  };
}
