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
  return accountQueues(state).flatMap((queue) =>
    queue.map((item, position) => constructionToRow(state.accountId, item, position)),
  );
}

/** Every queue of the account with its items, planets' first, then the research queue. */
function accountQueues(state: AccountState): QueueItem[][] {
  return [...state.planets.flatMap(planetQueues), state.researchQueue];
}

/**
 * Whether two queue items give the same constructions row (constructionToRow) at the same
 * position, compared on the items: no row is built, no time turned into text, for the items a
 * write left as they were (most of them: a start or cancel touches one, a unit delivery one).
 * Times are compared as numbers, which is at least as strict as their ISO texts.
 */
function sameItem(a: QueueItem, b: QueueItem): boolean {
  if (
    a.typeId !== b.typeId ||
    a.moduleId !== b.moduleId ||
    a.planetId !== b.planetId ||
    a.state !== b.state ||
    a.queuedAt !== b.queuedAt ||
    a.startedAt !== b.startedAt ||
    a.finishAt !== b.finishAt ||
    (a.paid?.metal ?? null) !== (b.paid?.metal ?? null) ||
    (a.paid?.crystal ?? null) !== (b.paid?.crystal ?? null) ||
    (a.paid?.fuel ?? null) !== (b.paid?.fuel ?? null)
  )
    return false;
  if (isUnitOrder(a)) {
    if (!isUnitOrder(b)) return false;
    return a.quantity === b.quantity && a.delivered === b.delivered && a.unitDurationMs === b.unitDurationMs;
  }
  return !isUnitOrder(b) && a.targetLevel === b.targetLevel;
}

/** The constructions rows that `before` -> `after` removes (ids), adds and changes. */
export interface ConstructionChanges {
  removed: number[];
  inserted: ConstructionsTable[];
  updated: ConstructionsTable[];
}

/**
 * What a save writes to `constructions` for `before` -> `after`: the same rows as diffing
 * constructionRows(before) with constructionRows(after) by id, but decided on the items, so that
 * only the added and changed ones are turned into rows.
 */
export function constructionChanges(before: AccountState, after: AccountState): ConstructionChanges {
  const old = new Map<number, { item: QueueItem; position: number }>();
  for (const queue of accountQueues(before))
    queue.forEach((item, position) => old.set(item.id, { item, position }));
  const changes: ConstructionChanges = { removed: [], inserted: [], updated: [] };
  const kept = new Set<number>();
  for (const queue of accountQueues(after)) {
    queue.forEach((item, position) => {
      kept.add(item.id);
      const previous = old.get(item.id);
      if (previous === undefined) changes.inserted.push(constructionToRow(after.accountId, item, position));
      else if (previous.position !== position || !sameItem(previous.item, item))
        changes.updated.push(constructionToRow(after.accountId, item, position));
    });
  }
  for (const id of old.keys()) if (!kept.has(id)) changes.removed.push(id);
  return changes;
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

/**
 * The planet_modules rows a save writes for `before` -> `after`: each level or count that is new
 * or changed, then each one the engine dropped from its record (or whose planet is gone) back at
 * 0. The same rows, in the same order, as diffing moduleRows(before) with moduleRows(after) by
 * planet, type and module, compared on the records without building a row or a key for the
 * unchanged ones (every one but a few on a write).
 */
export function moduleChanges(before: AccountState, after: AccountState): PlanetModulesTable[] {
  const changed: PlanetModulesTable[] = [];
  const row = (planetId: number, typeId: number, moduleId: string, value: number) => ({
    planet_id: planetId,
    type_id: typeId,
    module_id: Number(moduleId),
    value,
  });
  eachModuleRecord(after.planets, before.planets, (planetId, typeId, next, previous) => {
    for (const key of Object.keys(next)) {
      const value = next[Number(key)] as number;
      if (previous?.[Number(key)] !== value) changed.push(row(planetId, typeId, key, value));
    }
  });
  eachModuleRecord(before.planets, after.planets, (planetId, typeId, previous, next) => {
    for (const key of Object.keys(previous)) {
      if (previous[Number(key)] === 0 || (next !== undefined && Object.hasOwn(next, key))) continue;
      changed.push(row(planetId, typeId, key, 0));
    }
  });
  return changed;
}

/** Each planet's module records (by type) beside the same planet's record in `others`, if any. */
function eachModuleRecord(
  planets: readonly PlanetState[],
  others: readonly PlanetState[],
  visit: (
    planetId: number,
    typeId: number,
    record: Readonly<Record<number, number>>,
    other: Readonly<Record<number, number>> | undefined,
  ) => void,
): void {
  const byId = new Map(others.map((planet) => [planet.id, planet]));
  for (const planet of planets) {
    const other = byId.get(planet.id);
    for (const [typeId, field] of MODULE_FIELDS) visit(planet.id, typeId, planet[field], other?.[field]);
  }
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
