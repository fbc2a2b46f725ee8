import { PlanetSchema, type Planet } from '@starhold/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { focusPlanetQueryOptions } from '../../api/planets';
import { api } from '../../lib/api';
import { lazySchemas } from '../../lib/lazy-schemas';
import { queryKeys } from '../../lib/query-keys';
import type * as EconomySchemas from './economy-schemas';
import type { ModuleKind } from './module-kinds';

/** Parses an answer with one of the economy schemas, loaded (once) while the call is under way. */
export const parsedWith = lazySchemas<typeof EconomySchemas>(() => import('./economy-schemas'));

/** Keys live under ['me', 'planet'] so a focus switch or a planet refresh reaches them too. */
export const moduleKeys = {
  list: (kind: ModuleKind) => [...queryKeys.myPlanet, kind] as const,
  detail: (kind: ModuleKind, id: number) => [...queryKeys.myPlanet, kind, id] as const,
  part: (kind: ModuleKind, id: number, part: 'requirements' | 'damages' | 'layers') =>
    [...queryKeys.myPlanet, kind, id, part] as const,
};

export function moduleListQuery(kind: ModuleKind) {
  return queryOptions({
    queryKey: moduleKeys.list(kind),
    queryFn: () => parsedWith((s) => s.ModuleListSchema, api.get(`/me/planet/${kind}`)),
  });
}

/** `enabled: false` holds the read back (a cached list still shows). */
export function useModuleList(kind: ModuleKind, options: { enabled?: boolean } = {}) {
  return useQuery({ ...moduleListQuery(kind), enabled: options.enabled ?? true });
}

export function useModuleDetail(kind: ModuleKind, id: number | undefined) {
  return useQuery({
    queryKey: moduleKeys.detail(kind, id ?? 0),
    queryFn: () => parsedWith((s) => s.ModuleDetailSchema, api.get(`/me/planet/${kind}/${id}`)),
    enabled: id !== undefined,
  });
}

export function useRequirements(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'requirements'),
    queryFn: () => parsedWith((s) => s.RequirementsSchema, api.get(`/me/planet/${kind}/${id}/requirements`)),
    enabled,
  });
}

export function useDamages(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'damages'),
    queryFn: () => parsedWith((s) => s.DamageSchema.array(), api.get(`/me/planet/${kind}/${id}/damages`)),
    enabled,
  });
}

export function useLayers(kind: ModuleKind, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moduleKeys.part(kind, id, 'layers'),
    queryFn: () => parsedWith((s) => s.LayerSchema.array(), api.get(`/me/planet/${kind}/${id}/layers`)),
    enabled,
  });
}

/**
 * One function for every caller: TanStack Query re-runs a `select` whose identity changes on each
 * render. The dashboard's first render needs the planet at once, so it is not parsed in
 * production builds, where the schemas load only after that render: the answer is checked
 * against PlanetSchema in development and tests, and the server's tests and the e2e servers
 * check every answer it sends against the same schema (VERIFY_RESPONSES).
 */
const parseEconomyPlanet: (planet: unknown) => Planet = import.meta.env.DEV
  ? (planet) => PlanetSchema.parse(planet)
  : (planet) => planet as Planet;

/** The focus planet with the economy fields (resources, capacity, system) parsed. */
export function useEconomyPlanet() {
  return useQuery({ ...focusPlanetQueryOptions, select: parseEconomyPlanet });
}

/** Anything a construction changes: the lists, the planet (resources, capacity) and /me (points). */
export function useRefreshEconomy() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.myPlanet }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me, exact: true }),
    ]);
}

/** Starts one level, or orders `quantity` ships or defenses. */
export function useStartConstruction(kind: ModuleKind) {
  const refresh = useRefreshEconomy();
  return useMutation({
    mutationFn: ({ id, quantity }: { id: number; quantity?: number }) =>
      parsedWith(
        (s) => s.ConstructionSchema,
        api.post(`/me/planet/${kind}/${id}`, quantity === undefined ? undefined : { value: quantity }),
      ),
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
      parsedWith(
        (s) => s.CancelResultSchema,
        api.del(`/me/planet/${kind}`, { query: { id: constructionId } }),
      ),
    onSuccess: refresh,
  });
}
