import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../api/me';
import { focusPlanetQueryOptions } from '../api/planets';
import { raceThemeFromId, storeRace } from '../lib/settings';

/**
 * The longest the first render waits for what the first screen needs. The early answers are
 * usually in before the code has even started; when the server is slow the app renders anyway
 * (the route guard's spinner) and the calls carry on.
 */
export const FIRST_RENDER_WAIT_MS = 300;

export interface FirstRenderInputs {
  queryClient: QueryClient;
  /** The paths index.html sent a GET for (lib/early-requests.ts). */
  earlyPaths: readonly string[];
  /** Starts loading the screen the visit starts on; resolves when it is in. */
  preloadScreen: () => Promise<unknown>;
  waitMs?: number;
}

/**
 * Waits (bounded) until the queries of the early GETs (/me, /me/planet) hold their answers and
 * the starting screen's chunk is in, so that the first render draws the page itself: the route
 * guard's spinner, its layout and paint, and the re-render once /me answers are skipped. The
 * player's race is stored first, so the theme is the right one from the first render.
 */
export function prepareFirstRender({
  queryClient,
  earlyPaths,
  preloadScreen,
  waitMs = FIRST_RENDER_WAIT_MS,
}: FirstRenderInputs): Promise<void> {
  const waits: Promise<unknown>[] = [preloadScreen().catch(() => undefined)];
  if (earlyPaths.includes('/me')) {
    waits.push(
      queryClient.prefetchQuery(meQueryOptions).then(() => {
        const me = queryClient.getQueryData(meQueryOptions.queryKey);
        if (me) storeRace(raceThemeFromId(me.race.id));
      }),
    );
  }
  if (earlyPaths.includes('/me/planet')) waits.push(queryClient.prefetchQuery(focusPlanetQueryOptions));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  return Promise.race([Promise.all(waits).then(() => undefined), late]).finally(() => clearTimeout(timer));
}
