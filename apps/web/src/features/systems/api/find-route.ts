import { systemSummarySchema, type RoutePreference, type SystemSummary } from '@starhold/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { RoutePreference, SystemSummary };

export interface RouteRequest {
  from: number;
  to: number;
  prefer: RoutePreference;
}

const routeSchema = systemSummarySchema.array();

export function fetchRoute({ from, to, prefer }: RouteRequest): Promise<SystemSummary[]> {
  // Silent: route failures are logged only (SPEC 7), never toasted.
  return api.get(`/systems/${from}/${to}`, { query: { prefer }, schema: routeSchema, silent: true });
}

/**
 * A mutation rather than a query: the search runs when the player presses "find", and clearing
 * (reset) returns to the idle state of SPEC 4 (idle, searching, found or cleared).
 */
export function useFindRoute() {
  return useMutation({
    mutationFn: fetchRoute,
    onError: (error, request) => console.error('Route lookup failed', request, error),
  });
}
