import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoginLayout } from './layouts/LoginLayout';
import { MainLayout } from './layouts/MainLayout';
import { SecondLayout } from './layouts/SecondLayout';
import { RequireSession } from './RequireSession';
import { RouteError } from './RouteError';

type Screen = LazyExoticComponent<ComponentType>;

/** Each screen is its feature folder's default export, loaded on first visit (one chunk per route). */
const screens = {
  dashboard: lazy(() => import('../features/dashboard')),
  leaderboard: lazy(() => import('../features/leaderboard')),
  player: lazy(() => import('../features/player')),
  profile: lazy(() => import('../features/profile')),
  research: lazy(() => import('../features/research')),
  factories: lazy(() => import('../features/factories')),
  buildings: lazy(() => import('../features/buildings')),
  ships: lazy(() => import('../features/ships')),
  defenses: lazy(() => import('../features/defenses')),
  commandants: lazy(() => import('../features/commandants')),
  emails: lazy(() => import('../features/emails')),
  systems: lazy(() => import('../features/systems')),
  auth: lazy(() => import('../features/auth')),
  terms: lazy(() => import('../features/terms')),
} satisfies Record<string, Screen>;

function page(path: string, Screen: Screen): RouteObject {
  return { path, element: <Screen /> };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    element: (
      <RequireSession>
        <MainLayout />
      </RequireSession>
    ),
    children: [
      page('/', screens.dashboard),
      page('/accounts', screens.leaderboard),
      page('/accounts/:id', screens.player),
      page('/profile', screens.profile),
      page('/account/research', screens.research),
      page('/planet/factories', screens.factories),
      page('/planet/buildings', screens.buildings),
      page('/planet/ships', screens.ships),
      page('/planet/defenses', screens.defenses),
      page('/commandants', screens.commandants),
    ],
  },
  {
    errorElement: <RouteError />,
    element: (
      <RequireSession>
        <SecondLayout />
      </RequireSession>
    ),
    children: [page('/emails', screens.emails), page('/systems', screens.systems), page('/systems/:systemId', screens.systems)],
  },
  {
    errorElement: <RouteError />,
    element: <LoginLayout />,
    children: [page('/login', screens.auth), page('/login/terms', screens.terms)],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
