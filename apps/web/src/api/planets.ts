import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import { queryKeys } from '../lib/query-keys';

/** The parts of a planet (SPEC 3) the shell shows. */
export interface PlanetSummary {
  id: number;
  index: number;
  name: string;
  planet_type?: { name: string };
  system?: { name: string };
}

export interface PlanetResource {
  resource: { id: number; name: string };
  value: number;
  max: number;
  production_per_hour: number;
  production_per_second: number;
}

export interface FocusPlanet extends PlanetSummary {
  /** Absent until the economy API lands; the resource strip then shows nothing. */
  resources?: PlanetResource[];
}

export const planetsQueryOptions = queryOptions({
  queryKey: queryKeys.myPlanets,
  queryFn: async () => (await api.get<{ planets: PlanetSummary[] }>('/me/planets')).planets,
});

export const focusPlanetQueryOptions = queryOptions({
  queryKey: queryKeys.myPlanet,
  queryFn: () => api.get<FocusPlanet>('/me/planet', { silent: true }),
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
