import type { QueueForecastBody } from '@starhold/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { queryKeys } from '../../../lib/query-keys';

/** The header and the dashboard show goals and alerts: their schemas load with the first call. */
const parsedWith = lazySchemas(() => import('./goal-schemas'));

/**
 * Under the planet's key: every pushed construction event, order or cancel refreshes the planet's
 * queries, and with them the goals' progress, the alerts and the queues' forecast.
 */
export const goalKeys = {
  goals: [...queryKeys.myPlanet, 'goals'] as const,
  alerts: [...queryKeys.myPlanet, 'alerts'] as const,
  forecasts: [...queryKeys.myPlanet, 'queue-forecast'] as const,
};

/** The alerts follow production: read again every minute while a screen is open. */
export const ALERTS_POLL_MS = 60_000;

export function useGoals(enabled: boolean) {
  return useQuery({
    queryKey: goalKeys.goals,
    queryFn: ({ signal }) =>
      parsedWith((s) => s.goalsResponseSchema.shape.data, api.get('/me/goals', { signal })),
    enabled,
  });
}

export function useClaimGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      parsedWith((s) => s.claimGoalResponseSchema.shape.data, api.post(`/me/goals/${id}/claim`)),
    onSuccess: () =>
      Promise.all([
        // The reward landed on the focus planet (resources; the goals are under its key too) and
        // the account (NMI, on /me).
        queryClient.invalidateQueries({ queryKey: queryKeys.myPlanet }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true }),
      ]),
  });
}

/** Silent: the header reads it on every screen; a failed poll must not raise a toast. */
export function useIdleAlertsQuery(enabled: boolean) {
  return useQuery({
    queryKey: goalKeys.alerts,
    queryFn: ({ signal }) =>
      parsedWith(
        (s) => s.idleAlertsResponseSchema.shape.data,
        api.get('/me/alerts', { signal, silent: true }),
      ),
    refetchInterval: ALERTS_POLL_MS,
    enabled,
  });
}

/** The forecast of the waiting levels, silent (a hint beside the queue, never an error of its own). */
export function useQueueForecasts(enabled: boolean) {
  return useQuery({
    queryKey: goalKeys.forecasts,
    queryFn: ({ signal }) =>
      parsedWith(
        (s) => s.queueForecastsResponseSchema.shape.data,
        api.get('/me/queue-forecast', { signal, silent: true }),
      ),
    enabled,
  });
}

/** What queuing one more level would lead to; silent, the queuing call itself reports refusals. */
export function fetchQueueingForecast(body: QueueForecastBody) {
  return parsedWith((s) => s.queueForecastSchema, api.post('/me/queue-forecast', body, { silent: true }));
}
