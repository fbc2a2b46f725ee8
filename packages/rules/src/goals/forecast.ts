/**
 * No silent losses (issue 26): what happens to the waiting levels of the queues when their turn
 * comes, found by settling the account forward from one queue head's finish to the next (the
 * same `settle` the server runs), so production that grows as levels complete is counted.
 * What the forecast cannot know (a fleet that lands, a cancel, a commandant bought meanwhile)
 * is left out: it is a forecast, the settling at the time decides.
 */
import { levelCost } from '../formulas/index.js';
import { queueLevel } from '../actions.js';
import { findPlanet } from '../requirements.js';
import { settle } from '../settle.js';
import type { AccountState, LevelItem, LevelTypeId, Refusal, Resources, RulesConfig } from '../types.js';

export type ForecastDropReason = 'INSUFFICIENT_RESOURCES' | 'REQUIREMENTS_NOT_MET' | 'CAPACITY_FULL';

export interface LevelForecast {
  itemId: number;
  planetId: number;
  typeId: LevelTypeId;
  moduleId: number;
  targetLevel: number;
  /** When it starts; null when it is dropped or its turn lies beyond the forecast. */
  startsAt: number | null;
  /** Why it would be dropped; null when it starts (or the forecast does not reach its turn). */
  dropReason: ForecastDropReason | null;
  /** What the planet would lack at its turn (resources only; zero where there is enough). */
  shortfall: Resources | null;
  /** The instant of its turn when it is dropped. */
  dropsAt: number | null;
}

/** How far ahead the forecast looks: beyond, a waiting item's fate is left unknown. */
export const FORECAST_HORIZON_MS = 30 * 24 * 3_600_000;

function waitingLevels(state: AccountState): LevelItem[] {
  const items: LevelItem[] = [];
  for (const planet of state.planets)
    for (const queue of [planet.queues.factories, planet.queues.buildings])
      for (const item of queue) if (item.state === 1) items.push(item);
  for (const item of state.researchQueue) if (item.state === 1) items.push(item);
  return items;
}

/** The earliest finish of a level in progress: the next instant a waiting level may start. */
function nextLevelFinish(state: AccountState): number | null {
  let next = Infinity;
  const heads = [state.researchQueue[0]];
  for (const planet of state.planets) heads.push(planet.queues.factories[0], planet.queues.buildings[0]);
  for (const head of heads)
    if (head?.state === 2 && head.finishAt !== null) next = Math.min(next, head.finishAt);
  return Number.isFinite(next) ? next : null;
}

function lack(stock: Resources, cost: Resources): Resources {
  return {
    metal: Math.max(0, Math.ceil(cost.metal - stock.metal)),
    crystal: Math.max(0, Math.ceil(cost.crystal - stock.crystal)),
    fuel: Math.max(0, Math.ceil(cost.fuel - stock.fuel)),
  };
}

/**
 * The fate of every waiting level of the account (all planets and research), settled to `now`
 * first. Items are listed in queue order per planet, research last.
 */
export function forecastWaitingLevels(
  state: AccountState,
  now: number,
  config: RulesConfig,
  horizonMs: number = FORECAST_HORIZON_MS,
): LevelForecast[] {
  let current = settle(state, Math.max(now, state.settledAt), config).state;
  const forecasts = new Map<number, LevelForecast>(
    waitingLevels(current).map((item) => [
      item.id,
      {
        itemId: item.id,
        planetId: item.planetId,
        typeId: item.typeId,
        moduleId: item.moduleId,
        targetLevel: item.targetLevel,
        startsAt: null,
        dropReason: null,
        shortfall: null,
        dropsAt: null,
      },
    ]),
  );
  let unresolved = forecasts.size;
  const end = current.settledAt + horizonMs;
  while (unresolved > 0) {
    const at = nextLevelFinish(current);
    if (at === null || at > end) break;
    const settled = settle(current, at, config);
    for (const event of settled.events) {
      const forecast = forecasts.get('itemId' in event ? event.itemId : -1);
      if (forecast === undefined || forecast.startsAt !== null || forecast.dropsAt !== null) continue;
      if (event.kind === 'item_started') {
        forecast.startsAt = event.at;
        unresolved -= 1;
      } else if (event.kind === 'item_dropped') {
        forecast.dropReason = event.reason;
        forecast.dropsAt = event.at;
        forecast.targetLevel = event.targetLevel;
        const planet = findPlanet(settled.state, event.planetId);
        if (event.reason === 'INSUFFICIENT_RESOURCES' && planet !== undefined)
          forecast.shortfall = lack(
            planet.resources,
            levelCost(event.typeId, event.moduleId, event.targetLevel),
          );
        unresolved -= 1;
      }
    }
    // Settling stops early at a fleet arrival that needs the server: the forecast ends there.
    if (settled.state.settledAt < at) break;
    current = settled.state;
  }
  return [...forecasts.values()];
}

/**
 * What queuing one more level on `planetId` would lead to: refused now (the action's refusal),
 * started at once, or waiting with its forecast.
 */
export function forecastQueueing(
  state: AccountState,
  planetId: number,
  typeId: LevelTypeId,
  moduleId: number,
  now: number,
  config: RulesConfig,
): { ok: true; value: LevelForecast } | Refusal {
  const queued = queueLevel(state, planetId, typeId, moduleId, now, config);
  if (!queued.ok) return queued;
  const item = queued.value.item as LevelItem;
  if (item.state === 2)
    return {
      ok: true,
      value: {
        itemId: item.id,
        planetId,
        typeId,
        moduleId,
        targetLevel: item.targetLevel,
        startsAt: item.startedAt,
        dropReason: null,
        shortfall: null,
        dropsAt: null,
      },
    };
  const forecast = forecastWaitingLevels(queued.value.state, now, config).find(
    (entry) => entry.itemId === item.id,
  );
  if (forecast === undefined) throw new Error(`queued item ${item.id} missing from its forecast`);
  return { ok: true, value: forecast };
}
