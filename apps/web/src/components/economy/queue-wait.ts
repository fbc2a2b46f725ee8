import type { Construction } from '@starhold/contract';
import {
  BUILDING,
  COMMANDANT,
  levelDurationSeconds,
  type AccountState,
  type PlanetState,
} from '@starhold/rules';
import { parseServerDate } from '../../lib/format';

function accountWith(commandants: Record<number, number>): AccountState {
  return {
    accountId: 0,
    race: 1,
    settledAt: 0,
    nmi: 0,
    research: {},
    researchQueue: [],
    commandants,
    planets: [],
    nextItemId: 1,
  };
}

function planetWith(buildings: Record<number, number>): PlanetState {
  return {
    id: 0,
    type: 'default',
    maxCapacity: 0,
    resources: { metal: 0, crystal: 0, fuel: 0 },
    factories: {},
    buildings,
    ships: {},
    defenses: {},
    queues: { factories: [], buildings: [], ships: [], defenses: [] },
  };
}

/**
 * Seconds until an item joining this level queue starts (decision 240): what is left of the item
 * in progress, then each waiting item's duration by the rules formula (`levelDurationSeconds`), at
 * the command center and laboratory levels it will start with (queued levels of those counted as
 * they finish). The architect's or technocrat's reduction is read from the item in progress (its
 * real duration against the formula's). Undefined when the queue holds something it cannot time.
 */
export function queueWaitSeconds(
  queue: readonly Construction[],
  buildingLevels: Record<number, number>,
  gameSpeed: number,
  now: number,
): number | undefined {
  const buildings = { ...buildingLevels };
  const config = { gameSpeed };
  const plain = accountWith({});
  let account = plain;
  let total = 0;
  for (const item of queue) {
    const typeId = item.type_id;
    if (typeId !== 1 && typeId !== 2 && typeId !== 5) return undefined;
    if (item.state === 2) {
      if (item.scheduled_at === null) return undefined;
      const end = parseServerDate(item.scheduled_at).getTime();
      total += Math.max(0, (end - now) / 1000);
      if (item.started_at !== null) {
        const real = (end - parseServerDate(item.started_at).getTime()) / 1000;
        const formula = levelDurationSeconds(
          plain,
          planetWith(buildings),
          typeId,
          item.module_id,
          item.scheduled_value,
          now,
          config,
        );
        // The reduced duration is 0.8 (architect) or 0.75 (technocrat) of the formula's.
        if (real < formula * 0.9) {
          const commandant = typeId === 5 ? COMMANDANT.technocrat : COMMANDANT.architect;
          account = accountWith({ [commandant]: Number.POSITIVE_INFINITY });
        }
      }
    } else {
      total += levelDurationSeconds(
        account,
        planetWith(buildings),
        typeId,
        item.module_id,
        item.scheduled_value,
        now,
        config,
      );
    }
    const raisesDurations =
      typeId === 2 && (item.module_id === BUILDING.commandCenter || item.module_id === BUILDING.laboratory);
    if (raisesDurations) buildings[item.module_id] = item.scheduled_value;
  }
  return Math.round(total);
}
