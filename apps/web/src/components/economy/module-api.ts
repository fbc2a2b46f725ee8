import {
  CancelResultSchema,
  ConstructionSchema,
  DamageSchema,
  LayerSchema,
  ModuleDetailSchema,
  ModuleListSchema,
  PlanetSchema,
  RequirementsSchema,
} from '@starhold/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { focusPlanetQueryOptions } from '../../api/planets';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { ModuleKind } from './module-kinds';

/** Keys live under ['me', 'planet'] so a focus switch or a planet refresh reaches them too. */
export const moduleKeys = {
  list: (kind: ModuleKind) => [...queryKeys.myPlanet, kind] as const,
  detail: (kind: ModuleKind, id: number) => [...queryKeys.myPlanet, kind, id] as const,
  part: (kind: ModuleKind, id: number, part: 'requirements' | 'damages' | 'layers') => [...queryKeys.myPlanet, kind, id, part] as const,
};

export function moduleListQuery(kind: ModuleKind) {
  return queryOptions({
    queryKey: moduleKeys.list(kind),
    queryFn: () => api.get(`/me/planet/${kind}`, { schema: ModuleListSchema }),
  });
}

export function useModuleList(kind: ModuleKind) {
  return useQuery(moduleListQuery(kind));
}

export function useModuleDetail(kind: ModuleKind, id: number | undefined) {
  return useQuery({
    queryKey: moduleKeys.detail(kind, id ?? 0),
    queryFn: () => api.get(`/me/planet/${kind}/${id}`, { schema: ModuleDetailSchema }),
    enabled: id !== undefined,
  });
}

export function useRequirements(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'requirements'),
    queryFn: () => api.get(`/me/planet/${kind}/${id}/requirements`, { schema: RequirementsSchema }),
    enabled,
  });
}

export function useDamages(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'damages'),
    queryFn: () => api.get(`/me/planet/${kind}/${id}/damages`, { schema: DamageSchema.array() }),
    enabled,
  });
}

export function useLayers(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'layers'),
    queryFn: () => api.get(`/me/planet/${kind}/${id}/layers`, { schema: LayerSchema.array() }),
    enabled,
  });
}

/** One function for every caller: TanStack Query re-runs a `select` whose identity changes on each render. */
const parseEconomyPlanet = (planet: unknown) => PlanetSchema.parse(planet);

/** The focus planet with the economy fields (resources, capacity, system) parsed. */
export function useEconomyPlanet() {
  return useQuery({ ...focusPlanetQueryOptions, select: parseEconomyPlanet });
}

/** Anything a construction changes: the lists, the planet (resources, capacity) and /me (points). */
export function useRefreshEconomy() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.myPlanet }), queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true })]);
}

/** Starts one level, or orders `quantity` ships or defenses. */
export function useStartConstruction(kind: ModuleKind) {
  const refresh = useRefreshEconomy();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity?: number }) =>
      api.post(`/me/planet/${kind}/${id}`, quantity === undefined ? undefined : { value: quantity }, { schema: ConstructionSchema }),
    onSuccess: refresh,
  });
}

export function useDemolish(kind: ModuleKind) {
  const refresh = useRefreshEconomy();
  return useMutation({
    mutationFn: (id: number) => api.del(`/me/planet/${kind}/${id}`),
    onSuccess: refresh,
  });
}

/** Cancels one queued item (its id), the last one when no id is given. */
export function useCancelConstruction(kind: ModuleKind) {
  const refresh = useRefreshEconomy();
  return useMutation({
    mutationFn: (constructionId: number | undefined) =>
      api.del(`/me/planet/${kind}`, { query: { id: constructionId }, schema: CancelResultSchema }),
    onSuccess: refresh,
  });
}

