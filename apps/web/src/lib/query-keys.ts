/**
 * Query keys follow the API path, one array segment per path segment, with parameters as a
 * trailing object: ['me', 'planet', 'factories'], ['me', 'emails', { offset, limit }].
 * Invalidating a prefix (['me', 'planet']) refreshes everything under it; switching the focus
 * planet invalidates every query.
 */
export const queryKeys = {
  me: ['me'] as const,
  myPlanets: ['me', 'planets'] as const,
  myPlanet: ['me', 'planet'] as const,
  /** GET /me/fleets: the fleets page and the header's hostile-fleet badge. */
  myFleets: ['me', 'fleets'] as const,
  /** GET /me/reports/{id}: the emails screen, the simulator and its report picker share it. */
  report: (id: number) => ['me', 'reports', id] as const,
  emails: (page: { offset: number; limit: number }) => ['me', 'emails', page] as const,
  races: ['lists', 'races'] as const,
} as const;
