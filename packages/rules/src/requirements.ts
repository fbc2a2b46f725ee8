import { findModule, type ModuleDef, type Requirement } from './catalogue/index.js';
import {
  capacityUsed,
  hasResources,
  levelCost,
  levelDurationSeconds,
  maxQueueLength,
  pendingLevels,
  unitCost,
  unitDurationSeconds,
} from './formulas/index.js';
import { settle } from './settle.js';
import type {
  AccountState,
  ConstructionTypeId,
  LevelItem,
  LevelTypeId,
  PlanetState,
  Refusal,
  RefusalReason,
  Resources,
  RulesConfig,
  UnitOrder,
  UnitTypeId,
} from './types.js';

export interface RequirementsView {
  buildings: { id: number; level: number; currentLevel: number }[];
  research: { id: number; level: number; currentLevel: number }[];
  met: boolean;
}

export interface ModuleView {
  typeId: ConstructionTypeId;
  moduleId: number;
  key: string;
  /** Levels, or for ships and defenses the owned count. */
  level: number;
  /** Queued levels, or units still to deliver (`nb_upgrade_on_progress`). */
  pending: number;
  canBeImproved: boolean;
  refusal: RefusalReason | null;
  /** The level the next queued item would reach (units: owned + pending + 1). */
  nextLevel: number;
  /** Cost of that level; for ships and defenses the cost of one unit. */
  nextLevelCosts: Resources;
  /** Seconds to build that level, or one unit, with today's buildings and commandants. */
  nextLevelTime: number;
  requirements: RequirementsView;
}

export function refuse(reason: RefusalReason, message: string): Refusal {
  return { ok: false, reason, message };
}

export function isLevelType(typeId: unknown): typeId is LevelTypeId {
  return typeId === 1 || typeId === 2 || typeId === 5;
}

export function isUnitType(typeId: unknown): typeId is UnitTypeId {
  return typeId === 3 || typeId === 4;
}

export function findPlanet(account: AccountState, planetId: number): PlanetState | undefined {
  return account.planets.find((planet) => planet.id === planetId);
}

/** The queue a level item of that type joins: the planet's for factories and buildings, the account's for research. */
export function levelQueue(account: AccountState, planet: PlanetState, typeId: LevelTypeId): LevelItem[] {
  if (typeId === 1) return planet.queues.factories;
  if (typeId === 2) return planet.queues.buildings;
  return account.researchQueue;
}

export function unitQueue(planet: PlanetState, typeId: UnitTypeId): UnitOrder[] {
  return typeId === 3 ? planet.queues.ships : planet.queues.defenses;
}

export function currentLevel(
  account: AccountState,
  planet: PlanetState,
  typeId: LevelTypeId,
  moduleId: number,
): number {
  if (typeId === 1) return planet.factories[moduleId] ?? 0;
  if (typeId === 2) return planet.buildings[moduleId] ?? 0;
  return account.research[moduleId] ?? 0;
}

function queuedOf(queue: readonly LevelItem[], moduleId: number): number {
  return queue.filter((item) => item.moduleId === moduleId).length;
}

/**
 * Whether the requirements hold. `projected` counts the levels already queued (building queue of
 * the planet, research queue of the account) as if they were done: that is how a level is judged
 * when it joins a non-empty queue; when it starts, only the real levels count.
 */
export function requirementsHold(
  account: AccountState,
  planet: PlanetState,
  requirements: readonly Requirement[],
  projected: boolean,
): boolean {
  return requirements.every((requirement) => {
    if (requirement.kind === 'building') {
      const queued = projected ? queuedOf(planet.queues.buildings, requirement.id) : 0;
      return (planet.buildings[requirement.id] ?? 0) + queued >= requirement.level;
    }
    const queued = projected ? queuedOf(account.researchQueue, requirement.id) : 0;
    return (account.research[requirement.id] ?? 0) + queued >= requirement.level;
  });
}

function definition(
  typeId: ConstructionTypeId,
  moduleId: number,
  account: AccountState,
): ModuleDef | undefined {
  const def = findModule(typeId, moduleId);
  if (def === undefined || ('race' in def && def.race !== account.race)) return undefined;
  return def;
}

export function requirementsOf(
  account: AccountState,
  planet: PlanetState,
  typeId: ConstructionTypeId,
  moduleId: number,
): RequirementsView {
  const requirements = findModule(typeId, moduleId)?.requirements ?? [];
  const buildings = requirements
    .filter((r) => r.kind === 'building')
    .map((r) => ({ id: r.id, level: r.level, currentLevel: planet.buildings[r.id] ?? 0 }));
  const research = requirements
    .filter((r) => r.kind === 'research')
    .map((r) => ({ id: r.id, level: r.level, currentLevel: account.research[r.id] ?? 0 }));
  const met = [...buildings, ...research].every((r) => r.currentLevel >= r.level);
  return { buildings, research, met };
}

export interface LevelPlan {
  ok: true;
  targetLevel: number;
  /** True when the queue is empty: the item starts (and is paid) at once. */
  startsNow: boolean;
}

/** Checks a new level item against an account settled to `now`, in the order a player reads the refusals. */
export function planLevel(
  account: AccountState,
  planet: PlanetState,
  typeId: LevelTypeId,
  moduleId: number,
  now: number,
): LevelPlan | Refusal {
  const def = definition(typeId, moduleId, account);
  if (def === undefined) return refuse('UNKNOWN_MODULE', `unknown module ${moduleId} of type ${typeId}`);
  const queue = levelQueue(account, planet, typeId);
  const startsNow = queue.length === 0;
  if (!requirementsHold(account, planet, def.requirements, !startsNow)) {
    return refuse('REQUIREMENTS_NOT_MET', 'requirements are not met');
  }
  if (queue.length >= maxQueueLength(account, typeId, now)) return refuse('QUEUE_FULL', 'the queue is full');
  if (typeId !== 5 && capacityUsed(planet) + pendingLevels(planet) + 1 > planet.maxCapacity) {
    return refuse('CAPACITY_FULL', 'the planet has no capacity left');
  }
  const targetLevel = currentLevel(account, planet, typeId, moduleId) + queuedOf(queue, moduleId) + 1;
  if (startsNow && !hasResources(planet.resources, levelCost(typeId, moduleId, targetLevel))) {
    return refuse('INSUFFICIENT_RESOURCES', 'not enough resources');
  }
  return { ok: true, targetLevel, startsNow };
}

/** Checks an order of `quantity` units against an account settled to `now`. */
export function planUnits(
  account: AccountState,
  planet: PlanetState,
  typeId: UnitTypeId,
  moduleId: number,
  quantity: number,
  now: number,
): { ok: true; cost: Resources } | Refusal {
  const def = definition(typeId, moduleId, account);
  if (def === undefined) return refuse('UNKNOWN_MODULE', `unknown module ${moduleId} of type ${typeId}`);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100_000) {
    return refuse('INVALID_QUANTITY', 'quantity must be an integer from 1 to 100000');
  }
  if (!requirementsHold(account, planet, def.requirements, false)) {
    return refuse('REQUIREMENTS_NOT_MET', 'requirements are not met');
  }
  if (unitQueue(planet, typeId).length >= maxQueueLength(account, typeId, now))
    return refuse('QUEUE_FULL', 'the queue is full');
  const one = unitCost(typeId, moduleId);
  const cost = { metal: one.metal * quantity, crystal: one.crystal * quantity, fuel: one.fuel * quantity };
  if (!hasResources(planet.resources, cost)) return refuse('INSUFFICIENT_RESOURCES', 'not enough resources');
  return { ok: true, cost };
}

function settledTo(account: AccountState, now: number, config: RulesConfig): AccountState {
  return now > account.settledAt ? settle(account, now, config).state : account;
}

/** `can_be_improved` and its reason. The account is settled to `now` first if it is behind. */
export function canStart(
  account: AccountState,
  planetId: number,
  typeId: ConstructionTypeId,
  moduleId: number,
  now: number,
  config: RulesConfig,
): { ok: true } | Refusal {
  const settled = settledTo(account, now, config);
  const planet = findPlanet(settled, planetId);
  if (planet === undefined) return refuse('UNKNOWN_PLANET', `unknown planet ${planetId}`);
  const plan = isLevelType(typeId)
    ? planLevel(settled, planet, typeId, moduleId, now)
    : isUnitType(typeId)
      ? planUnits(settled, planet, typeId, moduleId, 1, now)
      : refuse('UNKNOWN_MODULE', `unknown construction type ${String(typeId)}`);
  return plan.ok ? { ok: true } : plan;
}

/** Everything a module grid or detail shows; undefined for an unknown module or planet, or another race's unit. */
export function moduleView(
  account: AccountState,
  planetId: number,
  typeId: ConstructionTypeId,
  moduleId: number,
  now: number,
  config: RulesConfig,
): ModuleView | undefined {
  const settled = settledTo(account, now, config);
  const planet = findPlanet(settled, planetId);
  const def = definition(typeId, moduleId, settled);
  if (planet === undefined || def === undefined) return undefined;
  const check = canStart(settled, planetId, typeId, moduleId, now, config);
  const refusal = check.ok ? null : check.reason;
  const requirements = requirementsOf(settled, planet, typeId, moduleId);
  if (isUnitType(typeId)) {
    const owned = (typeId === 3 ? planet.ships : planet.defenses)[moduleId] ?? 0;
    const pending = unitQueue(planet, typeId)
      .filter((order) => order.moduleId === moduleId)
      .reduce((sum, order) => sum + order.quantity - order.delivered, 0);
    return {
      typeId,
      moduleId,
      key: def.key,
      level: owned,
      pending,
      canBeImproved: check.ok,
      refusal,
      nextLevel: owned + pending + 1,
      nextLevelCosts: unitCost(typeId, moduleId),
      nextLevelTime: unitDurationSeconds(settled, planet, typeId, moduleId, now, config),
      requirements,
    };
  }
  if (!isLevelType(typeId)) return undefined;
  const level = currentLevel(settled, planet, typeId, moduleId);
  const pending = queuedOf(levelQueue(settled, planet, typeId), moduleId);
  const nextLevel = level + pending + 1;
  return {
    typeId,
    moduleId,
    key: def.key,
    level,
    pending,
    canBeImproved: check.ok,
    refusal,
    nextLevel,
    nextLevelCosts: levelCost(typeId, moduleId, nextLevel),
    nextLevelTime: levelDurationSeconds(settled, planet, typeId, moduleId, nextLevel, now, config),
    requirements,
  };
}
