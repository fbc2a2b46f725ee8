import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { setUnauthenticatedHandler } from '../lib/api';
import { i18n } from '../lib/i18n-instance';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';

export interface AppState {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
}

/**
 * The query client and the router, made before the first render (main.tsx fills the first
 * screen's queries before rendering); a session that cannot be refreshed leads to /login.
 */
export function createAppState(): AppState {
  const router = createAppRouter();
  setUnauthenticatedHandler(() => {
    if (!router.state.location.pathname.startsWith('/login'))
      void router.navigate('/login', { replace: true });
  });
  return { queryClient: createQueryClient(), router };
}

export function App({ queryClient, router }: AppState) {
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
