import type { Planet, PlanetList } from '@starhold/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

export const planetsQueryOptions = queryOptions({
  queryKey: queryKeys.myPlanets,
  queryFn: async () => (await api.get<PlanetList>('/me/planets')).planets,
});

export const focusPlanetQueryOptions = queryOptions({
  queryKey: queryKeys.myPlanet,
  queryFn: () => api.get<Planet>('/me/planet', { silent: true }),
  // The resource strip refreshes with the server every 5 seconds (SPEC 2).
  refetchInterval: 5000,
  retry: false,
});

export function usePlanets() {
  return useQuery(planetsQueryOptions);
}

export function useFocusPlanet() {
  return useQuery(focusPlanetQueryOptions);
}

/** POST /me/planet then refresh everything: every planet screen depends on the focus. */
export function useSwitchPlanet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planetIndex: number) => api.post<unknown>('/me/planet', { planet_index: planetIndex }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
