/**
 * Pure conversions between database rows and the rules engine's AccountState. Kept apart from
 * the SQL so that the round trip (state -> rows -> state) is easy to reason about and test.
 */
import type {
  AccountState,
  ConstructionStateId,
  LevelItem,
  LevelTypeId,
  PlanetState,
  Resources,
  UnitOrder,
} from '@starhold/rules';
import type { Construction } from '@starhold/contract';
import { isoAt } from '../../context.js';
import type { ConstructionsTable, PlanetModulesTable } from '../../db/schema.js';

/** The server's one ISO writer (context.ts's isoAt), under the name the economy's files import. */
export const toIso: (ms: number) => string = isoAt;

export function fromIso(iso: string): number {
  return Date.parse(iso);
}

function nullableIso(ms: number | null): string | null {
  return ms === null ? null : toIso(ms);
}

function nullableMs(iso: string | null): number | null {
  return iso === null ? null : fromIso(iso);
}

/** Planet module type ids as stored in planet_modules (the construction type ids 1..4). */
export const MODULE_FIELDS = [
  [1, 'factories'],
  [2, 'buildings'],
  [3, 'ships'],
  [4, 'defenses'],
] as const;

export type QueueItem = LevelItem | UnitOrder;

export function isUnitOrder(item: QueueItem): item is UnitOrder {
  return item.typeId === 3 || item.typeId === 4;
}

export function constructionFromRow(row: ConstructionsTable): QueueItem {
  const state = row.state as ConstructionStateId;
  if (row.type_id === 3 || row.type_id === 4) {
    return {
      id: row.id,
      typeId: row.type_id,
      moduleId: row.module_id,
      planetId: row.planet_id,
      quantity: row.target_value,
      delivered: row.delivered,
      state,
      startedAt: nullableMs(row.started_at),
      unitDurationMs: row.unit_duration_ms,
      finishAt: nullableMs(row.finish_at),
      paid: { metal: row.paid_metal ?? 0, crystal: row.paid_crystal ?? 0, fuel: row.paid_fuel ?? 0 },
      queuedAt: fromIso(row.queued_at),
    };
  }
  const paid: Resources | null =
    row.paid_metal === null
      ? null
      : { metal: row.paid_metal, crystal: row.paid_crystal ?? 0, fuel: row.paid_fuel ?? 0 };
  return {
    id: row.id,
    typeId: row.type_id as LevelTypeId,
    moduleId: row.module_id,
    planetId: row.planet_id,
    targetLevel: row.target_value,
    state,
    startedAt: nullableMs(row.started_at),
    finishAt: nullableMs(row.finish_at),
    paid,
    queuedAt: fromIso(row.queued_at),
  };
}

export function constructionToRow(accountId: number, item: QueueItem, position: number): ConstructionsTable {
  const unit = isUnitOrder(item);
  return {
    account_id: accountId,
    id: item.id,
    type_id: item.typeId,
    module_id: item.moduleId,
    planet_id: item.planetId,
    state: item.state,
    position,
    queued_at: toIso(item.queuedAt),
    started_at: nullableIso(item.startedAt),
    finish_at: nullableIso(item.finishAt),
    target_value: unit ? item.quantity : item.targetLevel,
    delivered: unit ? item.delivered : 0,
    unit_duration_ms: unit ? item.unitDurationMs : null,
    paid_metal: item.paid?.metal ?? null,
    paid_crystal: item.paid?.crystal ?? null,
    paid_fuel: item.paid?.fuel ?? null,
  };
}

/** Every queue of the planet, in type order (factories, buildings, ships, defenses). */
export function planetQueues(planet: PlanetState): QueueItem[][] {
  return [planet.queues.factories, planet.queues.buildings, planet.queues.ships, planet.queues.defenses];
}

/** All construction rows of the account, with their position inside their own queue. */
export function constructionRows(state: AccountState): ConstructionsTable[] {
  const queues: QueueItem[][] = [...state.planets.flatMap(planetQueues), state.researchQueue];
  return queues.flatMap((queue) =>
    queue.map((item, position) => constructionToRow(state.accountId, item, position)),
  );
}

/** Rows of planet_modules for every level and count the state knows (zeros included). */
export function moduleRows(state: AccountState): PlanetModulesTable[] {
  return state.planets.flatMap((planet) =>
    MODULE_FIELDS.flatMap(([typeId, field]) =>
      Object.entries(planet[field]).map(([moduleId, value]) => ({
        planet_id: planet.id,
        type_id: typeId,
        module_id: Number(moduleId),
        value,
      })),
    ),
  );
}

/** Fills a planet's levels and counts from its planet_modules rows. */
export function applyModuleRows(planet: PlanetState, rows: readonly PlanetModulesTable[]): void {
  for (const row of rows) {
    const field = MODULE_FIELDS.find(([typeId]) => typeId === row.type_id)?.[1];
    if (field !== undefined) planet[field][row.module_id] = row.value;
  }
}

/** Puts each construction row into its queue, in position order. */
export function applyConstructionRows(state: AccountState, rows: readonly ConstructionsTable[]): void {
  const sorted = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const row of sorted) {
    const item = constructionFromRow(row);
    if (item.typeId === 5) {
      state.researchQueue.push(item);
      continue;
    }
    const planet = state.planets.find((p) => p.id === item.planetId);
    if (planet === undefined) continue;
    if (item.typeId === 1) planet.queues.factories.push(item);
    else if (item.typeId === 2) planet.queues.buildings.push(item);
    else if (item.typeId === 3) planet.queues.ships.push(item);
    else planet.queues.defenses.push(item as UnitOrder);
  }
}

/**
 * The API's Construction object. Whole literals, no `{ ...base, extra }`: on Node 20's V8 a spread
 * followed by new keys takes a slow path (~1 µs per object; decision 127).
 */
export function toConstruction(item: QueueItem): Construction {
  const startedAt = nullableIso(item.startedAt);
  const scheduledAt = nullableIso(item.finishAt);
  return isUnitOrder(item)
    ? {
        id: item.id,
        type_id: item.typeId,
        module_id: item.moduleId,
        state: item.state,
        started_at: startedAt,
        scheduled_at: scheduledAt,
        scheduled_value: item.quantity,
        delivered: item.delivered,
      }
    : {
        id: item.id,
        type_id: item.typeId,
        module_id: item.moduleId,
        state: item.state,
        started_at: startedAt,
        scheduled_at: scheduledAt,
        scheduled_value: item.targetLevel,
      };
}
