import type { PlanetResource } from '@starhold/contract';
import { useEffect, useMemo, useState } from 'react';
import { systemClock, type Clock } from '../../lib/clock';
import { grownValue, type Stock } from './economy-format';
import { GAUGE_REFRESH_MS } from './use-growing-value';

/**
 * The focus planet's stocks grown locally from the last server read, on the resource strip's
 * tick (every 5 seconds, the same values the strip shows), so that what depends on them (the
 * build buttons, the waits) follows without a refetch. A new server read starts again from it.
 */
export function useLiveStocks(
  resources: readonly PlanetResource[] | undefined,
  clock: Clock = systemClock,
): Stock[] {
  const [elapsed, setElapsed] = useState<{ from: readonly PlanetResource[] | undefined; seconds: number }>({
    from: resources,
    seconds: 0,
  });

  useEffect(() => {
    if (!resources || resources.length === 0) return undefined;
    const since = clock.now();
    const timer = setInterval(() => {
      setElapsed({ from: resources, seconds: (clock.now() - since) / 1000 });
    }, GAUGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [resources, clock]);

  // Growth counted from an older read is stale: the new read shows as it is until the next tick.
  const seconds = elapsed.from === resources ? elapsed.seconds : 0;
  return useMemo(
    () =>
      (resources ?? []).map((entry) => ({
        resourceId: entry.resource.id,
        value: grownValue(entry.value, entry.production_per_second, entry.max, seconds),
        perHour: entry.production_per_hour,
        max: entry.max,
      })),
    [resources, seconds],
  );
}
