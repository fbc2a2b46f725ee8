import type { FleetCargo, FleetOrderBody, RoutePreference } from '@starhold/contract';

/** The system screen's actions, one per mission of FLEETS.md section 1. */
export type FleetAction = 'transport' | 'park' | 'attack' | 'spy' | 'exploit' | 'colonize';

export const MISSION_OF_ACTION: Record<FleetAction, number> = {
  transport: 1,
  park: 2,
  attack: 3,
  spy: 4,
  exploit: 5,
  colonize: 6,
};

export const ACTION_OF_MISSION: Record<number, FleetAction> = Object.fromEntries(
  Object.entries(MISSION_OF_ACTION).map(([action, mission]) => [mission, action as FleetAction]),
);

/** FLEETS.md section 1: transport, park and colonize carry a cargo. */
export function carriesCargo(mission: number): boolean {
  return mission === 1 || mission === 2 || mission === 6;
}

/** The missions an orbit allows: a planet takes the first four, a free orbit colonize, debris exploit. */
export function actionsFor(orbit: { hasPlanet: boolean; hasDebris: boolean }): FleetAction[] {
  const actions: FleetAction[] = orbit.hasPlanet ? ['attack', 'park', 'spy', 'transport'] : ['colonize'];
  if (orbit.hasDebris) actions.push('exploit');
  return actions;
}

export const CARGO_RESOURCES = ['metal', 'crystal', 'fuel'] as const;

/** What the player typed: kept as text so that a wrong entry stays on screen with its error. */
export interface DispatchDraft {
  mission: number;
  counts: Record<number, string>;
  speed: number;
  prefer: RoutePreference;
  cargo: Record<(typeof CARGO_RESOURCES)[number], string>;
}

export type FieldError = 'integer' | 'tooMany' | null;

/** A ship count: empty reads as 0; otherwise a whole number from 0 to what the planet holds. */
export function countError(text: string, owned: number): FieldError {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'integer';
  return Number(trimmed) > owned ? 'tooMany' : null;
}

/** A cargo amount: empty reads as 0; otherwise a whole number, 0 or more. */
export function cargoError(text: string): FieldError {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? null : 'integer';
}

function amount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/**
 * The order the draft stands for, or null while a field is wrong or no ship is chosen (nothing
 * to preview or send then).
 */
export function orderFrom(
  draft: DispatchDraft,
  owned: ReadonlyMap<number, number>,
  target: { systemId: number; orbit: number },
): FleetOrderBody | null {
  const ships: FleetOrderBody['ships'] = [];
  for (const [id, text] of Object.entries(draft.counts)) {
    const shipId = Number(id);
    if (countError(text, owned.get(shipId) ?? 0) !== null) return null;
    const count = amount(text);
    if (count > 0) ships.push({ id: shipId, count });
  }
  if (ships.length === 0) return null;
  let cargo: FleetCargo | undefined;
  if (carriesCargo(draft.mission)) {
    if (CARGO_RESOURCES.some((resource) => cargoError(draft.cargo[resource]) !== null)) return null;
    cargo = {
      metal: amount(draft.cargo.metal),
      crystal: amount(draft.cargo.crystal),
      fuel: amount(draft.cargo.fuel),
    };
  }
  return {
    mission: draft.mission,
    target: { system_id: target.systemId, orbit: target.orbit },
    ships: ships.sort((a, b) => a.id - b.id),
    speed: draft.speed,
    prefer: draft.prefer,
    ...(cargo ? { cargo } : {}),
  };
}
