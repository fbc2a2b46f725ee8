import { systemDetailSchema, type SystemDetail } from '@starhold/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { systemsQueryKey } from './get-systems';

export type { SystemDetail };

export function fetchSystem(id: number, signal?: AbortSignal): Promise<SystemDetail> {
  // Silent: the detail screen shows its own error alert (SPEC 8), a toast would say it twice.
  return api.get(`/systems/${id}`, { schema: systemDetailSchema, silent: true, signal });
}

export function systemQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...systemsQueryKey, id] as const,
    queryFn: ({ signal }) => fetchSystem(id, signal),
  });
}

/** A non-numeric id in the URL never reaches the server: it is an unknown system. */
export function useSystem(id: number | null) {
  return useQuery({ ...systemQueryOptions(id ?? 0), enabled: id !== null });
}
