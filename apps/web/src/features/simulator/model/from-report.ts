import { DEFENSES, SHIPS, type CombatResearch, type PlayableRaceId, type Resources } from '@starhold/rules';
import type { CombatReport, SpyReport, UnitCount } from '../../../lib/reports';
import { RESEARCH_FIELDS, type SimulatorSide } from './setup';

/** The playable race of a set of units (the first one the catalogue knows), or null (none, or nomads). */
function raceOf(ships: readonly UnitCount[], defenses: readonly UnitCount[]): PlayableRaceId | null {
  const race =
    ships.map((unit) => SHIPS.find((ship) => ship.id === unit.id)?.race).find((id) => id !== undefined) ??
    defenses
      .map((unit) => DEFENSES.find((entry) => entry.id === unit.id)?.race)
      .find((id) => id !== undefined);
  return race === 1 || race === 2 ? race : null;
}

function counts(units: readonly UnitCount[]): Record<number, number> {
  const result: Record<number, number> = {};
  for (const unit of units) if (unit.count > 0) result[unit.id] = (result[unit.id] ?? 0) + unit.count;
  return result;
}

/** The eight combat levels from a report's research by id (0 for what it does not show). */
export function combatResearch(levels: Readonly<Record<number, number>> | undefined): CombatResearch {
  const research = {} as CombatResearch;
  for (const { key, researchId } of RESEARCH_FIELDS) research[key] = levels?.[researchId] ?? 0;
  return research;
}

/**
 * The defender as a spy report saw it: its ships, defenses and combat research (0 where the score
 * hid them), the race of its units (`fallbackRace` when it showed none), and its stock for the plunder.
 */
export function defenderFromSpyReport(
  report: SpyReport,
  fallbackRace: PlayableRaceId,
): { side: SimulatorSide; resources: Resources } {
  const ships = report.ships ?? [];
  const defenses = report.defenses ?? [];
  return {
    side: {
      race: raceOf(ships, defenses) ?? fallbackRace,
      ships: counts(ships),
      defenses: counts(defenses),
      research: combatResearch(report.research),
    },
    resources: { ...report.resources },
  };
}

/**
 * Both sides of a battle as they stood before its first round. The report carries no research:
 * levels are 0 (the player types them in). Nothing for a battle against nomad pirates, whose
 * units the simulator does not field, nor for one without a round (an undefended planet).
 */
export function sidesFromCombatReport(
  report: CombatReport,
): { attacker: SimulatorSide; defender: SimulatorSide } | 'pirates' | 'empty' {
  if (report.attacker_id === null) return 'pirates';
  const first = report.rounds[0];
  if (first === undefined) return 'empty';
  const side = (role: 'attacker' | 'defender'): SimulatorSide | null => {
    const ships = first[role].units_before.filter((unit) => unit.kind === 'ship');
    const defenses = first[role].units_before.filter((unit) => unit.kind === 'defense');
    const race = raceOf(ships, defenses);
    if (race === null) return null;
    return { race, ships: counts(ships), defenses: counts(defenses), research: combatResearch(undefined) };
  };
  const attacker = side('attacker');
  const defender = side('defender');
  return attacker && defender ? { attacker, defender } : 'empty';
}
