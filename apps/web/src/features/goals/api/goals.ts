import {
  claimGoalResponseSchema,
  goalsResponseSchema,
  idleAlertsResponseSchema,
  queueForecastSchema,
  queueForecastsResponseSchema,
  type QueueForecastBody,
} from '@starhold/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

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
    queryFn: ({ signal }) => api.get('/me/goals', { schema: goalsResponseSchema.shape.data, signal }),
    enabled,
  });
}

export function useClaimGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/me/goals/${id}/claim`, undefined, { schema: claimGoalResponseSchema.shape.data }),
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
      api.get('/me/alerts', { schema: idleAlertsResponseSchema.shape.data, signal, silent: true }),
    refetchInterval: ALERTS_POLL_MS,
    enabled,
  });
}

/** The forecast of the waiting levels, silent (a hint beside the queue, never an error of its own). */
export function useQueueForecasts(enabled: boolean) {
  return useQuery({
    queryKey: goalKeys.forecasts,
    queryFn: ({ signal }) =>
      api.get('/me/queue-forecast', {
        schema: queueForecastsResponseSchema.shape.data,
        signal,
        silent: true,
      }),
    enabled,
  });
}

/** What queuing one more level would lead to; silent, the queuing call itself reports refusals. */
export function fetchQueueingForecast(body: QueueForecastBody) {
  return api.post('/me/queue-forecast', body, { schema: queueForecastSchema, silent: true });
}
