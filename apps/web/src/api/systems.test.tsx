import type { SystemListItem } from '@starhold/contract';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { createI18n } from '../lib/i18n';
import { requestUrl } from '../test/request-url';
import { systemsColumns } from '../test/systems-columns';
import { useSystemsById } from './systems';

const systems: SystemListItem[] = [
  {
    id: 1,
    name: 'Sol Prime',
    position: { x: 10.5, y: -3 },
    security: { id: 1, name: 'high' },
    race: { id: 1 },
    connections: [2, 3],
    has_own_planet: true,
  },
  {
    id: 2,
    name: 'Vega',
    position: { x: 40, y: 12 },
    security: { id: 2, name: 'low' },
    race: { id: 2 },
    connections: [1],
    has_own_planet: false,
  },
  {
    id: 3,
    name: 'Deneb',
    position: { x: 0, y: 90 },
    security: { id: 3, name: 'null' },
    race: { id: 0 },
    connections: [1],
    has_own_planet: false,
  },
];

function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Providers i18n={createI18n({ language: 'fr' })} queryClient={createQueryClient()} env="test">
      {children}
    </Providers>
  );
}

let paths: string[] = [];
beforeEach(() => {
  paths = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const path = new URL(requestUrl(input), 'http://localhost').pathname.replace('/api/v1', '');
    paths.push(path);
    const body = path === '/systems/map' ? { data: systemsColumns(systems) } : { data: null };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSystemsById', () => {
  it('reads GET /systems/map (not /systems) and gives the list items by id, as before', async () => {
    const { result } = renderHook(() => useSystemsById(), { wrapper: AppProviders });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(paths).toEqual(['/systems/map']);
    const byId = result.current.data;
    expect([...(byId?.keys() ?? [])]).toEqual([1, 2, 3]);
    for (const system of systems) expect(byId?.get(system.id)).toEqual(system);
  });

  it('reads nothing while disabled', async () => {
    const { result } = renderHook(() => useSystemsById(false), { wrapper: AppProviders });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data).toBeUndefined();
    expect(paths).toEqual([]);
  });
});
