import type { LiveEvent } from '@starhold/contract';
import type { GameEvent } from '@starhold/rules';

export type { LiveEvent, LiveEventKind } from '@starhold/contract';

const RESEARCH_TYPE_ID = 5;

/**
 * The push events of one committed transaction. Deliveries of the same unit on the same planet
 * are merged (a clock jump can deliver hundreds of batches) and new emails are one event with
 * their count; `item_started` is the player's own action and is not pushed.
 */
export function toLiveEvents(events: readonly GameEvent[], emailCount: number): LiveEvent[] {
  const out: LiveEvent[] = [];
  const deliveries = new Map<string, Extract<LiveEvent, { kind: 'units_delivered' }>>();
  for (const event of events) {
    switch (event.kind) {
      case 'level_finished':
        out.push(
          event.typeId === RESEARCH_TYPE_ID
            ? {
                kind: 'research_finished',
                planet_id: event.planetId,
                module_id: event.moduleId,
                level: event.level,
              }
            : {
                kind: 'construction_finished',
                planet_id: event.planetId,
                type_id: event.typeId,
                module_id: event.moduleId,
                level: event.level,
              },
        );
        break;
      case 'item_dropped':
        out.push({
          kind: 'construction_dropped',
          planet_id: event.planetId,
          type_id: event.typeId,
          module_id: event.moduleId,
          level: event.targetLevel,
          reason: event.reason,
        });
        break;
      case 'units_delivered': {
        const key = `${event.planetId}:${event.typeId}:${event.moduleId}`;
        const merged = deliveries.get(key);
        if (merged) merged.count += event.count;
        else {
          const delivery = {
            kind: 'units_delivered' as const,
            planet_id: event.planetId,
            type_id: event.typeId,
            module_id: event.moduleId,
            count: event.count,
          };
          deliveries.set(key, delivery);
          out.push(delivery);
        }
        break;
      }
      case 'commandant_expired':
        out.push({ kind: 'commandant_expired', commandant_id: event.commandantId });
        break;
      case 'item_started':
        break;
    }
  }
  if (emailCount > 0) out.push({ kind: 'email_received', count: emailCount });
  return out;
}
