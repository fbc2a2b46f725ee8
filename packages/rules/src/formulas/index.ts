import {
  BUILDING,
  COMMANDANT,
  FACTORIES,
  PLANET_TYPES,
  RESEARCH,
  findModule,
  findUnit,
  type BuildingDef,
} from '../catalogue/index.js';
import type {
  AccountState,
  CommandantId,
  ConstructionTypeId,
  LevelTypeId,
  PlanetState,
  ResourceId,
  ResourceKey,
  Resources,
  RulesConfig,
  UnitTypeId,
} from '../types.js';

/*
 * The formulas take ids that come from the catalogue. An unknown id is a programming error and
 * throws a RangeError; input from players is validated earlier, by the actions and requirements.
 */

export const RESOURCE_KEYS: readonly ResourceKey[] = ['metal', 'crystal', 'fuel'];
export const ZERO_RESOURCES: Readonly<Resources> = { metal: 0, crystal: 0, fuel: 0 };

export function resourceKey(resourceId: ResourceId): ResourceKey {
  const key = RESOURCE_KEYS[resourceId - 1];
  if (key === undefined) throw new RangeError(`unknown resource ${resourceId}`);
  return key;
}

export function addResources(a: Resources, b: Resources): Resources {
  return { metal: a.metal + b.metal, crystal: a.crystal + b.crystal, fuel: a.fuel + b.fuel };
}

/**
 * Stocks are sums of floating-point production, so settling in two steps can land a hair away from
 * settling in one: a tolerance far below one unit keeps the two paths deciding alike.
 */
const STOCK_TOLERANCE = 1e-6;

export function hasResources(stock: Resources, cost: Resources): boolean {
  return (
    stock.metal >= cost.metal - STOCK_TOLERANCE &&
    stock.crystal >= cost.crystal - STOCK_TOLERANCE &&
    stock.fuel >= cost.fuel - STOCK_TOLERANCE
  );
}

/** Subtracts a cost that `hasResources` accepted; clamps at 0 so rounding can never go negative. */
export function subtractResources(stock: Resources, cost: Resources): Resources {
  return {
    metal: Math.max(0, stock.metal - cost.metal),
    crystal: Math.max(0, stock.crystal - cost.crystal),
    fuel: Math.max(0, stock.fuel - cost.fuel),
  };
}

export function isCommandantActive(account: AccountState, commandantId: CommandantId, at: number): boolean {
  const until = account.commandants[commandantId];
  return until !== undefined && at < until;
}

function levelDef(typeId: LevelTypeId, moduleId: number): BuildingDef {
  const def = findModule(typeId, moduleId);
  if (def === undefined || !('factor' in def)) throw new RangeError(`unknown module ${typeId}/${moduleId}`);
  return def;
}

/** Cost of going from level - 1 to level: floor(base * factor^(level-1)) per resource. */
export function levelCost(typeId: LevelTypeId, moduleId: number, level: number): Resources {
  const def = levelDef(typeId, moduleId);
  if (level < 1) return { ...ZERO_RESOURCES };
  const scale = def.factor ** (level - 1);
  return {
    metal: Math.floor(def.baseCost.metal * scale),
    crystal: Math.floor(def.baseCost.crystal * scale),
    fuel: Math.floor(def.baseCost.fuel * scale),
  };
}

export function unitCost(typeId: UnitTypeId, moduleId: number): Resources {
  const def = findUnit(typeId, moduleId);
  if (def === undefined) throw new RangeError(`unknown unit ${typeId}/${moduleId}`);
  return { ...def.cost };
}

export function buildingLevel(planet: PlanetState, buildingId: number): number {
  return planet.buildings[buildingId] ?? 0;
}

export function researchLevel(account: AccountState, researchId: number): number {
  return account.research[researchId] ?? 0;
}

/** Production per hour of the planet's mine for that resource (with its passive part), before bonuses. */
export function baseProductionPerHour(planet: PlanetState, resourceId: ResourceId): number {
  const factory = FACTORIES.find((def) => def.resourceId === resourceId);
  if (factory === undefined) throw new RangeError(`unknown resource ${resourceId}`);
  const level = planet.factories[factory.id] ?? 0;
  return factory.perHourBase * level * 1.1 ** level + factory.passivePerHour;
}

/** Sum of the additive production bonuses (0.35 = +35%). */
export function productionBonus(
  account: AccountState,
  planet: PlanetState,
  resourceId: ResourceId,
  at: number,
): number {
  const key = resourceKey(resourceId);
  const planetType = PLANET_TYPES.find((def) => def.key === planet.type);
  let bonus = planetType?.bonus[key] ?? 0;
  if (key === 'fuel') bonus += 0.02 * researchLevel(account, RESEARCH.fuelChemistry);
  else bonus += 0.02 * researchLevel(account, RESEARCH.mining);
  if (isCommandantActive(account, COMMANDANT.geologist, at)) bonus += 0.1;
  return bonus;
}

export function productionPerHour(
  account: AccountState,
  planet: PlanetState,
  resourceId: ResourceId,
  at: number,
  config: RulesConfig,
): number {
  return (
    baseProductionPerHour(planet, resourceId) *
    (1 + productionBonus(account, planet, resourceId, at)) *
    config.gameSpeed
  );
}

export function productionPerSecond(
  account: AccountState,
  planet: PlanetState,
  resourceId: ResourceId,
  at: number,
  config: RulesConfig,
): number {
  return productionPerHour(account, planet, resourceId, at, config) / 3600;
}

/** Capacity of each resource: 5000 * floor(2.5 * e^(20H/33)), raised 5% per Logistics level. */
export function hangarCapacity(account: AccountState, planet: PlanetState): number {
  const hangar = buildingLevel(planet, BUILDING.hangar);
  const base = 5000 * Math.floor(2.5 * Math.exp((20 * hangar) / 33));
  return base * (1 + 0.05 * researchLevel(account, RESEARCH.logistics));
}

export function maxQueueLength(account: AccountState, typeId: ConstructionTypeId, at: number): number {
  let length = 3 + Math.min(5, Math.floor(researchLevel(account, RESEARCH.computer) / 2));
  if ((typeId === 3 || typeId === 4) && isCommandantActive(account, COMMANDANT.admiral, at)) length += 2;
  if ((typeId === 1 || typeId === 2 || typeId === 5) && isCommandantActive(account, COMMANDANT.commander, at))
    length += 2;
  return length;
}

export function maxPlanets(account: AccountState): number {
  return 1 + Math.ceil(researchLevel(account, RESEARCH.astrophysics) / 2);
}

/** Factory and building levels on the planet (each uses one capacity). */
export function capacityUsed(planet: PlanetState): number {
  const sum = (levels: Record<number, number>): number =>
    Object.values(levels).reduce((total, level) => total + level, 0);
  return sum(planet.factories) + sum(planet.buildings);
}

/** Factory and building items queued on the planet (waiting or in progress). */
export function pendingLevels(planet: PlanetState): number {
  return planet.queues.factories.length + planet.queues.buildings.length;
}

function roundDuration(rawSeconds: number, config: RulesConfig): number {
  return Math.max(1, Math.round(rawSeconds / config.gameSpeed));
}

export function levelDurationSeconds(
  account: AccountState,
  planet: PlanetState,
  typeId: LevelTypeId,
  moduleId: number,
  level: number,
  at: number,
  config: RulesConfig,
): number {
  const cost = levelCost(typeId, moduleId, level);
  const worth = cost.metal + cost.crystal;
  if (typeId === 5) {
    const raw = (worth / (1000 * (1 + buildingLevel(planet, BUILDING.laboratory)))) * 3600;
    const reduced = isCommandantActive(account, COMMANDANT.technocrat, at) ? raw * 0.75 : raw;
    return roundDuration(reduced, config);
  }
  const raw = (worth / (2500 * (1 + buildingLevel(planet, BUILDING.commandCenter)))) * 3600;
  const reduced = isCommandantActive(account, COMMANDANT.architect, at) ? raw * 0.8 : raw;
  return roundDuration(reduced, config);
}

/** Seconds to build one unit; `at` is unused by today's rules but keeps the signature uniform. */
export function unitDurationSeconds(
  _account: AccountState,
  planet: PlanetState,
  typeId: UnitTypeId,
  moduleId: number,
  _at: number,
  config: RulesConfig,
): number {
  const cost = unitCost(typeId, moduleId);
  const building = typeId === 3 ? BUILDING.shipyard : BUILDING.arsenal;
  const raw = ((cost.metal + cost.crystal) / (2500 * (1 + buildingLevel(planet, building)))) * 3600;
  return roundDuration(raw, config);
}

/**
 * The resource on the hour for the next 24 hours (25 values), at the production of `at`, capped at
 * the hangar capacity; a stock already above the capacity stays where it is.
 */
export function predictResource(
  account: AccountState,
  planet: PlanetState,
  resourceId: ResourceId,
  at: number,
  config: RulesConfig,
): number[] {
  const current = planet.resources[resourceKey(resourceId)];
  const perHour = productionPerHour(account, planet, resourceId, at, config);
  const capacity = hangarCapacity(account, planet);
  return Array.from({ length: 25 }, (_, hour) =>
    current >= capacity ? current : Math.min(capacity, current + perHour * hour),
  );
}
