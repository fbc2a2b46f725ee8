import type { Construction } from '@starhold/contract';
import { FACTORIES, findModule } from '@starhold/rules';
import { waitEstimate, type Stock, type WaitEstimate } from './economy-format';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import type { ModuleView } from './module-view';

/** A prerequisite still missing: a building of the focus planet or a research of the account. */
export interface MissingRequirement {
  kind: 'buildings' | 'researchs';
  id: number;
  level: number;
  current: number;
}

/**
 * Why an action is refused, in the order the server checks (rules `planLevel` / `planUnits`):
 * prerequisites, queue, capacity, resources. `resources` names, for a missing resource that is not
 * produced at all, the factory that produces it.
 */
export type BlockedReason =
  | { kind: 'requirements'; missing: MissingRequirement[] }
  | { kind: 'queue-full'; length: number; max: number }
  | { kind: 'capacity-full'; used: number; max: number }
  | { kind: 'resources'; wait: Exclude<WaitEstimate, { kind: 'ready' }>; factoryId?: number }
  /** The server refused and the state needed to say why is not loaded yet. */
  | { kind: 'unknown' };

/** What the screen knows of the account and the focus planet, the stocks grown to now. */
export interface EconomyState {
  /** Building levels of the focus planet; undefined while not loaded. */
  buildingLevels: Record<number, number> | undefined;
  /** Research levels of the account; undefined while not loaded. */
  researchLevels: Record<number, number> | undefined;
  /** Every queue of the focus planet (the planet's `construction_lists`, research included). */
  constructions: readonly Construction[];
  /** Length and maximum of the screen's own queue. */
  queueLength: number;
  queueMax: number;
  capacityUsed: number;
  capacityMax: number;
  stocks: readonly Stock[];
  /** The screen's own queue in order (levels only: timed for "available in", decision 240). */
  queue?: readonly Construction[];
}

function queuedCount(constructions: readonly Construction[], typeId: number, moduleId: number): number {
  return constructions.filter((item) => item.type_id === typeId && item.module_id === moduleId).length;
}

/**
 * The missing prerequisites; `projected` counts queued levels as done (a level joining a non-empty
 * queue is judged so by the server). Undefined when the levels are not loaded.
 */
export function missingRequirements(
  kind: ModuleKind,
  moduleId: number,
  state: EconomyState,
  projected: boolean,
): MissingRequirement[] | undefined {
  const requirements = findModule(MODULE_KINDS[kind].typeId, moduleId)?.requirements ?? [];
  if (requirements.length === 0) return [];
  if (state.buildingLevels === undefined || state.researchLevels === undefined) return undefined;
  const missing: MissingRequirement[] = [];
  for (const requirement of requirements) {
    const isBuilding = requirement.kind === 'building';
    const levels = isBuilding ? state.buildingLevels : state.researchLevels;
    const current = levels[requirement.id] ?? 0;
    const queued = projected ? queuedCount(state.constructions, isBuilding ? 2 : 5, requirement.id) : 0;
    if (current + queued < requirement.level) {
      missing.push({
        kind: isBuilding ? 'buildings' : 'researchs',
        id: requirement.id,
        level: requirement.level,
        current,
      });
    }
  }
  return missing;
}

/** The factory that produces a resource (its id is the factory's id on the factories screen). */
export function factoryOf(resourceId: number): number | undefined {
  return FACTORIES.find((factory) => factory.resourceId === resourceId)?.id;
}

/**
 * Why `view` cannot be started now, or null when it can. Level items joining a non-empty queue
 * are paid when they start, so only an empty queue asks for the resources; a unit order always
 * does (one unit here). `serverAllows` is the list's `can_be_improved`: stocks only grow between
 * two reads, so what the server allowed stays allowed.
 */
export function blockedReason(kind: ModuleKind, view: ModuleView, state: EconomyState): BlockedReason | null {
  if (view.canBeImproved) return null;
  const info = MODULE_KINDS[kind];
  const queueEmpty = state.queueLength === 0;
  const missing = missingRequirements(kind, view.id, state, !info.units && !queueEmpty);
  if (missing === undefined) return { kind: 'unknown' };
  if (missing.length > 0) return { kind: 'requirements', missing };
  if (state.queueLength >= state.queueMax)
    return { kind: 'queue-full', length: state.queueLength, max: state.queueMax };
  if (kind === 'factories' || kind === 'buildings') {
    const pending = state.constructions.filter((item) => item.type_id === 1 || item.type_id === 2).length;
    if (state.capacityUsed + pending + 1 > state.capacityMax)
      return { kind: 'capacity-full', used: state.capacityUsed + pending, max: state.capacityMax };
  }
  if (info.units || queueEmpty) {
    const wait = waitEstimate(view.costs, state.stocks);
    if (wait.kind === 'no-production') {
      const starved = view.costs.find((cost) => {
        const stock = state.stocks.find((entry) => entry.resourceId === cost.resourceId);
        return cost.amount > (stock?.value ?? 0) && (stock?.perHour ?? 0) <= 0;
      });
      return { kind: 'resources', wait, factoryId: starved && factoryOf(starved.resourceId) };
    }
    if (wait.kind !== 'ready') return { kind: 'resources', wait };
  }
  // Nothing the client knows of refuses it any more (the stocks grew enough): allowed.
  return null;
}
