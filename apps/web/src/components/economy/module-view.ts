import type { ModuleItem } from '@starhold/contract';
import type { ModuleKind } from './module-kinds';

/** What every module screen shows of an item, whatever its kind. */
export interface ModuleView {
  id: number;
  /** Level for factories, buildings and research; owned count for ships and defenses. */
  amount: number;
  pending: number;
  canBeImproved: boolean;
  costs: { resourceId: number; amount: number }[];
  time: number;
  image: string;
  /** Race whose names apply (buildings are named per race). */
  raceId: number;
}

export function toModuleView(item: ModuleItem): ModuleView {
  const amount = 'level' in item ? item.level : item.value;
  let raceId = 1;
  if ('building' in item) raceId = item.building.race.id;
  else if ('ship' in item) raceId = item.ship.race.id;
  else if ('defense' in item) raceId = item.defense.race.id;
  return {
    id: item.id,
    amount,
    pending: item.nb_upgrade_on_progress,
    canBeImproved: item.can_be_improved,
    costs: item.next_level_costs.map((cost) => ({ resourceId: cost.resource.id, amount: cost.amount })),
    time: item.next_level_time,
    image: item.image,
    raceId,
  };
}

/** Translation key prefix of an item's name, description and detail in the `modules` namespace. */
export function moduleTextKey(kind: ModuleKind, id: number, raceId: number): string {
  return kind === 'buildings' ? `modules:buildings.${raceId}.${id}` : `modules:${kind}.${id}`;
}
