import {
  fleetListSchema,
  fleetPreviewSchema,
  fleetSchema,
  ShipListSchema,
  type FleetList,
  type FleetOrderBody,
  type FleetPreview,
} from '@starhold/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Under ['me'] next to the planet: a focus switch (which invalidates everything) reaches them. The
 * list is lib's `queryKeys.myFleets`, which the live events refresh.
 */
export const fleetKeys = {
  list: queryKeys.myFleets,
  /** Under the ships list's key, so that whatever refreshes the ships refreshes this too. */
  owned: [...queryKeys.myPlanet, 'ships', 'owned'] as const,
};

/**
 * Fleet events are pushed (lib/live-events.ts refreshes this list on each, and polls under /me
 * while its stream is down): this slow poll is only a safety net.
 */
export const FLEETS_POLL_MS = 300_000;

/**
 * Silent: the header reads it on every screen, and the fleets page shows its own alert; a failed
 * background poll would otherwise raise a toast every 30 s.
 */
export function useFleetList() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: fleetKeys.list,
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<FleetList>(fleetKeys.list);
      const list = await api.get('/me/fleets', { schema: fleetListSchema, signal, silent: true });
      // A colonize fleet that left the list has founded a colony (or is back): the planet list
      // (dropdown, right column) is read again so that a new colony shows without a reload.
      if (landedColonizers(before, list))
        void queryClient.invalidateQueries({ queryKey: queryKeys.myPlanets });
      return list;
    },
    refetchInterval: FLEETS_POLL_MS,
  });
}

/** Whether an outbound colonize fleet of `before` is no longer outbound in `after`. */
export function landedColonizers(before: FleetList | undefined, after: FleetList): boolean {
  const outbound = (list: FleetList) =>
    list.own.filter((fleet) => fleet.mission === 6 && fleet.state === 'outbound').map((fleet) => fleet.id);
  if (before === undefined) return false;
  const still = new Set(outbound(after));
  return outbound(before).some((id) => !still.has(id));
}

export interface OwnedShip {
  id: number;
  count: number;
  canSpy: boolean;
  canExploit: boolean;
  canColonize: boolean;
}

/** The focus planet's ships the player has at least one of. */
export function useOwnedShips(enabled: boolean) {
  return useQuery({
    queryKey: fleetKeys.owned,
    queryFn: async ({ signal }): Promise<OwnedShip[]> => {
      const list = await api.get('/me/planet/ships', { schema: ShipListSchema, signal });
      return list.modules
        .filter((item) => item.value > 0)
        .map((item) => ({
          id: item.ship.id,
          count: item.value,
          canSpy: item.ship.can_spy,
          canExploit: item.ship.can_exploit,
          canColonize: item.ship.can_colonize,
        }));
    },
    enabled,
  });
}

export type PreviewState =
  | { status: 'idle' }
  | { status: 'loading'; last?: FleetPreview }
  | { status: 'ready'; preview: FleetPreview }
  | { status: 'refused'; errorKey: string };

export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The server's preview of `order`, asked for once the player pauses; a newer order aborts the
 * call still under way, so that a stale answer never replaces a fresh one.
 */
export function useFleetPreview(order: FleetOrderBody | null): PreviewState {
  const key = order === null ? null : JSON.stringify(order);
  const [state, setState] = useState<{ key: string | null; value: PreviewState }>({
    key: null,
    value: { status: 'idle' },
  });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .post('/me/fleets/preview', JSON.parse(key) as unknown, {
          schema: fleetPreviewSchema,
          signal: controller.signal,
          silent: true,
        })
        .then(
          (preview) => setState({ key, value: { status: 'ready', preview } }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState({
              key,
              value: {
                status: 'refused',
                errorKey: error instanceof ApiError ? error.i18nKey : 'DEFAULT_ERROR',
              },
            });
          },
        );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  if (key === null) return { status: 'idle' };
  if (state.key === key) return state.value;
  const last = state.value.status === 'ready' ? state.value.preview : undefined;
  return last ? { status: 'loading', last } : { status: 'loading' };
}

export function useDispatchFleet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: FleetOrderBody) => api.post('/me/fleets', order, { schema: fleetSchema }),
    onSuccess: () =>
      Promise.all([
        // Resources (fuel, cargo) and ships left the planet.
        queryClient.invalidateQueries({ queryKey: queryKeys.myPlanet }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.list }),
      ]),
  });
}

export function useRecallFleet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/me/fleets/${id}/recall`, undefined, { schema: fleetSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetKeys.list }),
  });
}
