import type { LiveEvent } from '@starhold/contract';
import type { FleetNotice, GameEvent } from '@starhold/rules';

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
      case 'fleet_notice': {
        const live = fleetLiveEvent(event);
        if (live !== null) out.push(live);
        break;
      }
      case 'item_started':
        break;
    }
  }
  if (emailCount > 0) out.push({ kind: 'email_received', count: emailCount });
  return out;
}

const numberParam = (notice: FleetNotice, name: string): number => {
  const value = notice.params[name];
  return typeof value === 'number' ? value : 0;
};

/**
 * A fleet notice as the push event its recipient's toast needs (FLEETS.md section 8): the email
 * that goes with it carries the details and the report.
 */
export function fleetLiveEvent(notice: FleetNotice): LiveEvent | null {
  const ids = { fleet_id: notice.fleetId, owner_id: notice.ownerId };
  switch (notice.key) {
    case 'combat_report':
    case 'pirate_ambush': {
      const report = notice.report?.kind === 'combat' ? notice.report : undefined;
      const pirates = notice.key === 'pirate_ambush';
      return {
        kind: 'fleet_combat',
        ...ids,
        // The planet's owner defends an attack; the fleet's owner defends against pirates.
        defending: pirates || notice.accountId !== notice.ownerId,
        pirates,
        winner: report?.winner ?? 'draw',
      };
    }
    case 'spied_on':
      return {
        kind: 'fleet_spied_on',
        fleet_id: notice.fleetId,
        planet_id: numberParam(notice, 'planet_id'),
        detected: notice.params.detected === true,
      };
    case 'fleet_returned':
      return {
        kind: 'fleet_returned',
        fleet_id: notice.fleetId,
        planet_id: numberParam(notice, 'planet_id'),
      };
    case 'colonized':
      return {
        kind: 'colony_founded',
        fleet_id: notice.fleetId,
        planet_id: numberParam(notice, 'planet_id'),
      };
    case 'spy_report':
    case 'transport_delivered':
    case 'debris_collected':
    case 'colonization_failed':
      return { kind: 'fleet_arrived', ...ids, notice: notice.key };
  }
}
