/**
 * Idle alerts of the header's bell (issue 26, decision 199): a hangar that fills within the hour
 * (production stops there) and a planet whose factory and building queues are both empty, plus an
 * idle research queue once a laboratory exists. Derived from a settled state, never stored.
 */
import { hangarCapacity, productionPerHour, RESOURCE_KEYS } from '../formulas/index.js';
import type { AccountState, ResourceId, RulesConfig } from '../types.js';

export type IdleAlert =
  | {
      kind: 'storage_full';
      planetId: number;
      resourceId: ResourceId;
      /** When the stock reaches the capacity; at or before `now` when it already has. */
      fullAt: number;
    }
  | { kind: 'queue_empty'; planetId: number }
  | { kind: 'research_idle' };

/** How far ahead a filling hangar is announced. */
export const STORAGE_ALERT_WINDOW_MS = 3_600_000;
const RESEARCH_LAB = 3;

/** The alerts of a state settled to `now`, planets in their order. */
export function idleAlerts(state: AccountState, now: number, config: RulesConfig): IdleAlert[] {
  const alerts: IdleAlert[] = [];
  for (const planet of state.planets) {
    const capacity = hangarCapacity(state, planet);
    RESOURCE_KEYS.forEach((key, index) => {
      const resourceId = (index + 1) as ResourceId;
      const stock = planet.resources[key];
      const perHour = productionPerHour(state, planet, resourceId, now, config);
      if (stock >= capacity) {
        // Full and producing: the production is being lost. A stock that produces nothing is not idle.
        if (perHour > 0) alerts.push({ kind: 'storage_full', planetId: planet.id, resourceId, fullAt: now });
        return;
      }
      if (perHour <= 0) return;
      const fullIn = ((capacity - stock) / perHour) * 3_600_000;
      if (fullIn <= STORAGE_ALERT_WINDOW_MS)
        alerts.push({
          kind: 'storage_full',
          planetId: planet.id,
          resourceId,
          fullAt: now + Math.ceil(fullIn),
        });
    });
    if (planet.queues.factories.length === 0 && planet.queues.buildings.length === 0)
      alerts.push({ kind: 'queue_empty', planetId: planet.id });
  }
  const hasLab = state.planets.some((planet) => (planet.buildings[RESEARCH_LAB] ?? 0) > 0);
  if (hasLab && state.researchQueue.length === 0) alerts.push({ kind: 'research_idle' });
  return alerts;
}
