import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LoginLayout } from './layouts/LoginLayout';
import { MainLayout } from './layouts/MainLayout';
import { SecondLayout } from './layouts/SecondLayout';
import { RequireSession } from './RequireSession';
import { preloadableLazy, type PreloadableScreen } from './preloadable-lazy';
import { RouteError } from './RouteError';

type Screen = PreloadableScreen;

/** Each screen is its feature folder's default export, loaded on first visit (one chunk per route). */
const screens = {
  dashboard: preloadableLazy(() => import('../features/dashboard')),
  leaderboard: preloadableLazy(() => import('../features/leaderboard')),
  player: preloadableLazy(() => import('../features/player')),
  profile: preloadableLazy(() => import('../features/profile')),
  research: preloadableLazy(() => import('../features/research')),
  factories: preloadableLazy(() => import('../features/factories')),
  buildings: preloadableLazy(() => import('../features/buildings')),
  ships: preloadableLazy(() => import('../features/ships')),
  defenses: preloadableLazy(() => import('../features/defenses')),
  commandants: preloadableLazy(() => import('../features/commandants')),
  simulator: preloadableLazy(() => import('../features/simulator')),
  fleets: preloadableLazy(() => import('../features/fleets')),
  admin: preloadableLazy(() => import('../features/admin')),
  emails: preloadableLazy(() => import('../features/emails')),
  systems: preloadableLazy(() => import('../features/systems')),
  auth: preloadableLazy(() => import('../features/auth')),
  terms: preloadableLazy(() => import('../features/terms')),
} satisfies Record<string, Screen>;

/** The screen of each page route, to preload the one a visit starts on. */
const screenOfRoute = new WeakMap<RouteObject, Screen>();

function page(path: string, Screen: Screen): RouteObject {
  const route: RouteObject = { path, element: <Screen /> };
  screenOfRoute.set(route, Screen);
  return route;
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
      page('/simulator', screens.simulator),
      page('/fleets', screens.fleets),
      page('/admin', screens.admin),
      page('/admin/accounts/:id', screens.admin),
    ],
  },
  {
    errorElement: <RouteError />,
    element: (
      <RequireSession>
        <SecondLayout />
      </RequireSession>
    ),
    children: [
      page('/emails', screens.emails),
      page('/systems', screens.systems),
      page('/systems/:systemId', screens.systems),
    ],
  },
  {
    errorElement: <RouteError />,
    element: <LoginLayout />,
    children: [
      page('/login', screens.auth),
      page('/login/terms', screens.terms),
      // The pages the account mails link to (issue 22): under /login, signed out like it.
      page('/login/reset-password', screens.auth),
      page('/login/confirm-email', screens.auth),
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

const preloadsByPath = new Map<string, Promise<void>>();

/**
 * Starts loading the screen of `pathname` (its chunk is usually modulepreloaded already), so that
 * it is in before the session check ends and renders without suspending.
 */
export function preloadScreenFor(pathname: string): Promise<void> {
  // The start calls it twice for the same path (the router, then the first render's wait):
  // matching once is enough.
  let preloading = preloadsByPath.get(pathname);
  if (preloading === undefined) {
    preloading = Promise.all(
      (matchRoutes(routes, pathname) ?? []).map(
        (match) => screenOfRoute.get(match.route)?.preload() ?? Promise.resolve(),
      ),
    ).then(() => undefined);
    preloadsByPath.set(pathname, preloading);
  }
  return preloading;
}

export function createAppRouter() {
  void preloadScreenFor(window.location.pathname);
  return createBrowserRouter(routes);
}
