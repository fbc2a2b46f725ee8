/**
 * Combat and spy reports (FLEETS.md section 8) as GET /me/reports/{id} serves them: the rules'
 * report with snake_case keys. Read defensively (the contract keeps `data` open so that a replay
 * compares exactly): a field of the wrong shape reads as empty, a report of an unknown shape as
 * null. Shared by the emails screen (the report under its email) and the simulator (filled from one).
 */

export interface Amounts {
  metal: number;
  crystal: number;
  fuel: number;
}

export interface UnitCount {
  id: number;
  count: number;
}

export interface StackCount extends UnitCount {
  kind: 'ship' | 'defense';
}

export interface RoundSide {
  units_before: StackCount[];
  units_after: StackCount[];
  shots: number;
  damage_dealt: number;
  damage_absorbed: number;
}

export interface CombatReport {
  kind: 'combat';
  at: number;
  /** Null for nomad pirates. */
  attacker_id: number | null;
  defender_id: number;
  system_id: number;
  /** Null for an ambush between orbits. */
  orbit: number | null;
  winner: 'attacker' | 'defender' | 'draw';
  rounds: { round: number; attacker: RoundSide; defender: RoundSide }[];
  attacker_losses: Amounts;
  defender_losses: Amounts;
  debris: { metal: number; crystal: number };
  plunder: Amounts;
  rebuilt_defenses: UnitCount[];
}

export interface SpyReport {
  kind: 'spy';
  at: number;
  spy_id: number;
  target_id: number;
  system_id: number;
  orbit: number;
  score: number;
  resources: Amounts;
  /** Absent when the score is too low to see them. */
  ships?: UnitCount[];
  defenses?: UnitCount[];
  buildings?: Record<number, number>;
  factories?: Record<number, number>;
  research?: Record<number, number>;
  detected: boolean;
  probes_lost: number;
}

export type FleetReport = CombatReport | SpyReport;

type Json = Record<string, unknown>;

function object(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function nullableNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function amounts(value: unknown): Amounts {
  const source = object(value) ?? {};
  return { metal: number(source.metal), crystal: number(source.crystal), fuel: number(source.fuel) };
}

function unitCounts(value: unknown): UnitCount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const unit = object(entry);
    return unit && typeof unit.id === 'number' ? [{ id: unit.id, count: number(unit.count) }] : [];
  });
}

function stacks(value: unknown): StackCount[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const unit = object(entry);
    if (!unit || typeof unit.id !== 'number') return [];
    return [{ kind: unit.kind === 'defense' ? 'defense' : 'ship', id: unit.id, count: number(unit.count) }];
  });
}

function roundSide(value: unknown): RoundSide {
  const side = object(value) ?? {};
  return {
    units_before: stacks(side.units_before),
    units_after: stacks(side.units_after),
    shots: number(side.shots),
    damage_dealt: number(side.damage_dealt),
    damage_absorbed: number(side.damage_absorbed),
  };
}

function levels(value: unknown): Record<number, number> | undefined {
  const source = object(value);
  if (!source) return undefined;
  const result: Record<number, number> = {};
  for (const [id, level] of Object.entries(source))
    if (/^\d+$/.test(id) && typeof level === 'number') result[Number(id)] = level;
  return result;
}

/** The report's data, or null when it is neither a combat nor a spy report. */
export function readReport(data: unknown): FleetReport | null {
  const source = object(data);
  if (!source) return null;
  if (source.kind === 'combat') {
    const winner = source.winner === 'attacker' || source.winner === 'defender' ? source.winner : 'draw';
    const debris = amounts(source.debris);
    return {
      kind: 'combat',
      at: number(source.at),
      attacker_id: nullableNumber(source.attacker_id),
      defender_id: number(source.defender_id),
      system_id: number(source.system_id),
      orbit: nullableNumber(source.orbit),
      winner,
      rounds: (Array.isArray(source.rounds) ? source.rounds : []).map((entry, index) => {
        const round = object(entry) ?? {};
        return {
          round: typeof round.round === 'number' ? round.round : index + 1,
          attacker: roundSide(round.attacker),
          defender: roundSide(round.defender),
        };
      }),
      attacker_losses: amounts(source.attacker_losses),
      defender_losses: amounts(source.defender_losses),
      debris: { metal: debris.metal, crystal: debris.crystal },
      plunder: amounts(source.plunder),
      rebuilt_defenses: unitCounts(source.rebuilt_defenses),
    };
  }
  if (source.kind === 'spy') {
    const report: SpyReport = {
      kind: 'spy',
      at: number(source.at),
      spy_id: number(source.spy_id),
      target_id: number(source.target_id),
      system_id: number(source.system_id),
      orbit: number(source.orbit),
      score: number(source.score),
      resources: amounts(source.resources),
      detected: source.detected === true,
      probes_lost: number(source.probes_lost),
    };
    // What the score did not reveal stays absent (not an empty list: "none" and "not seen" differ).
    if (source.ships !== undefined) report.ships = unitCounts(source.ships);
    if (source.defenses !== undefined) report.defenses = unitCounts(source.defenses);
    const buildings = levels(source.buildings);
    if (buildings) report.buildings = buildings;
    const factories = levels(source.factories);
    if (factories) report.factories = factories;
    const research = levels(source.research);
    if (research) report.research = research;
    return report;
  }
  return null;
}

/** One unit's line of a side: its count before the first round, then after each round. */
export interface UnitTrack {
  kind: 'ship' | 'defense';
  id: number;
  counts: number[];
}

/** A side's units round by round, in the engine's stack order (ships, then defenses). */
export function unitTracks(report: CombatReport, side: 'attacker' | 'defender'): UnitTrack[] {
  const first = report.rounds[0]?.[side].units_before ?? [];
  const key = (unit: { kind: string; id: number }) => `${unit.kind}:${unit.id}`;
  const tracks = first.map((unit) => ({ kind: unit.kind, id: unit.id, counts: [unit.count] }));
  for (const round of report.rounds) {
    const after = new Map(round[side].units_after.map((unit) => [key(unit), unit.count]));
    for (const track of tracks) track.counts.push(after.get(key(track)) ?? 0);
  }
  return tracks;
}

/**
 * The system screen with the dispatch panel open on that orbit and mission (features/systems
 * reads `orbit` and `action`): "attack" and "spy again" from a report.
 */
export function dispatchPath(systemId: number, orbit: number, action: 'attack' | 'spy'): string {
  return `/systems/${systemId}?orbit=${orbit}&action=${action}`;
}

/** The simulator filled from a report (the defender from a spy report, both sides from a battle). */
export function simulatorPath(reportId: number): string {
  return `/simulator?report=${reportId}`;
}
