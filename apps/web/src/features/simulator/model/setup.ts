import {
  DEFENSES,
  SHIPS,
  type CombatResearch,
  type PlayableRaceId,
  type ResourceKey,
  type Resources,
} from '@starhold/rules';

/**
 * A battle to simulate, in numbers. One side is what a spy report would describe (ships, defenses,
 * research), so a later report can fill the defender without going through the form.
 */
export interface SimulatorSide {
  race: PlayableRaceId;
  /** Counts by ship id; ids of the other race are ignored. */
  ships: Readonly<Record<number, number>>;
  /** Counts by defense id; the attacker's are ignored (defenses do not fly). */
  defenses: Readonly<Record<number, number>>;
  research: CombatResearch;
}

export interface SimulationSetup {
  attacker: SimulatorSide;
  defender: SimulatorSide;
  /** The defender's stock, for plunder (all 0 when not typed in). */
  defenderResources: Resources;
  /** Battles to run, with seeds sim:1 .. sim:runs. */
  runs: number;
}

export type ResearchKey = keyof CombatResearch;

/** The research levels that change units in combat, with their research ids (for their names). */
export const RESEARCH_FIELDS: readonly { key: ResearchKey; researchId: number }[] = [
  { key: 'weapons', researchId: 11 },
  { key: 'thermal', researchId: 15 },
  { key: 'kinetic', researchId: 16 },
  { key: 'explosive', researchId: 10 },
  { key: 'em', researchId: 17 },
  { key: 'shielding', researchId: 12 },
  { key: 'armour', researchId: 13 },
  { key: 'structural', researchId: 14 },
];

export const RESOURCE_KEYS: readonly ResourceKey[] = ['metal', 'crystal', 'fuel'];

export const LIMITS = {
  count: { min: 0, max: 10_000_000 },
  research: { min: 0, max: 30 },
  runs: { min: 1, max: 200 },
  resource: { min: 0, max: 1_000_000_000_000 },
} as const;

export const DEFAULT_RUNS = 50;

export type SideRole = 'attacker' | 'defender';

export const shipsOf = (race: PlayableRaceId) => SHIPS.filter((ship) => ship.race === race);
export const defensesOf = (race: PlayableRaceId) => DEFENSES.filter((defense) => defense.race === race);

/** What an input holds: a number, or the text being typed (empty, or too long for a number). */
export type FieldValue = number | string;

export interface SideForm {
  race: PlayableRaceId;
  ships: Record<number, FieldValue>;
  defenses: Record<number, FieldValue>;
  research: Record<ResearchKey, FieldValue>;
}

export interface SimulatorForm {
  attacker: SideForm;
  defender: SideForm;
  resources: Record<ResourceKey, FieldValue>;
  runs: FieldValue;
}

const noResearch = (): Record<ResearchKey, FieldValue> => ({
  weapons: 0,
  thermal: 0,
  kinetic: 0,
  explosive: 0,
  em: 0,
  shielding: 0,
  armour: 0,
  structural: 0,
});

export function emptySide(race: PlayableRaceId): SideForm {
  return { race, ships: {}, defenses: {}, research: noResearch() };
}

export function emptyForm(race: PlayableRaceId): SimulatorForm {
  return {
    attacker: emptySide(race),
    defender: emptySide(race),
    resources: { metal: '', crystal: '', fuel: '' },
    runs: DEFAULT_RUNS,
  };
}

/** The form of a side given in numbers (how a spy report will fill the defender). */
export function sideForm(side: SimulatorSide): SideForm {
  return {
    race: side.race,
    ships: { ...side.ships },
    defenses: { ...side.defenses },
    research: { ...side.research },
  };
}

/**
 * A whole number within the limits, or null. An empty field reads as `empty` (0 for counts, levels
 * and resources; null for the number of runs, which has no neutral value).
 */
export function readWhole(
  value: FieldValue | undefined,
  { min, max }: { min: number; max: number },
  empty: number | null = 0,
): number | null {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return empty;
  const number = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
}

export type FieldKind = keyof typeof LIMITS;

/** Field ids of the form, used for the inputs' error messages. */
export const fieldId = {
  ship: (role: SideRole, id: number) => `${role}.ships.${id}`,
  defense: (role: SideRole, id: number) => `${role}.defenses.${id}`,
  research: (role: SideRole, key: ResearchKey) => `${role}.research.${key}`,
  resource: (key: ResourceKey) => `resources.${key}`,
  runs: 'runs',
};

export interface FormCheck {
  /** Invalid fields: field id -> the limits it breaks. */
  errors: ReadonlyMap<string, FieldKind>;
  /** A side with no unit at all (counted over the valid fields). */
  empty: { attacker: boolean; defender: boolean };
  /** The battle to run, when the form is valid and both sides have a unit. */
  setup: SimulationSetup | null;
}

export function checkForm(form: SimulatorForm): FormCheck {
  const errors = new Map<string, FieldKind>();
  const read = (id: string, value: FieldValue | undefined, kind: FieldKind, empty: number | null = 0) => {
    const number = readWhole(value, LIMITS[kind], empty);
    if (number === null) errors.set(id, kind);
    return number ?? 0;
  };
  const side = (role: SideRole): SimulatorSide => {
    const input = form[role];
    const ships: Record<number, number> = {};
    for (const ship of shipsOf(input.race)) {
      const count = read(fieldId.ship(role, ship.id), input.ships[ship.id], 'count');
      if (count > 0) ships[ship.id] = count;
    }
    const defenses: Record<number, number> = {};
    if (role === 'defender')
      for (const defense of defensesOf(input.race)) {
        const count = read(fieldId.defense(role, defense.id), input.defenses[defense.id], 'count');
        if (count > 0) defenses[defense.id] = count;
      }
    const level = (key: ResearchKey) => read(fieldId.research(role, key), input.research[key], 'research');
    const research: CombatResearch = {
      weapons: level('weapons'),
      thermal: level('thermal'),
      kinetic: level('kinetic'),
      explosive: level('explosive'),
      em: level('em'),
      shielding: level('shielding'),
      armour: level('armour'),
      structural: level('structural'),
    };
    return { race: input.race, ships, defenses, research };
  };
  const attacker = side('attacker');
  const defender = side('defender');
  const stock = (key: ResourceKey) => read(fieldId.resource(key), form.resources[key], 'resource');
  const defenderResources: Resources = {
    metal: stock('metal'),
    crystal: stock('crystal'),
    fuel: stock('fuel'),
  };
  const runs = read(fieldId.runs, form.runs, 'runs', null);
  const hasUnits = (side: SimulatorSide) =>
    Object.keys(side.ships).length > 0 || Object.keys(side.defenses).length > 0;
  const empty = { attacker: !hasUnits(attacker), defender: !hasUnits(defender) };
  const setup =
    errors.size === 0 && !empty.attacker && !empty.defender
      ? { attacker, defender, defenderResources, runs }
      : null;
  return { errors, empty, setup };
}
