import { useEffect, useState } from 'react';
import { systemClock, type Clock } from '../../lib/clock';
import { grownValue } from './economy-format';

export const GAUGE_REFRESH_MS = 5000;

interface Grown {
  serverValue: number;
  perSecond: number;
  max: number;
  value: number;
}

/**
 * A resource value that grows locally every 5 seconds by its production per second, capped at
 * the maximum, and starts again from the server value whenever that value changes.
 */
export function useGrowingValue(
  serverValue: number,
  perSecond: number,
  max: number,
  clock: Clock = systemClock,
): number {
  const [grown, setGrown] = useState<Grown | null>(null);

  useEffect(() => {
    const since = clock.now();
    const timer = setInterval(() => {
      const value = grownValue(serverValue, perSecond, max, (clock.now() - since) / 1000);
      setGrown({ serverValue, perSecond, max, value });
    }, GAUGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [serverValue, perSecond, max, clock]);

  // A growth computed from other inputs is stale: the new server value shows until the next tick.
  const current =
    grown !== null && grown.serverValue === serverValue && grown.perSecond === perSecond && grown.max === max;
  return current ? grown.value : serverValue;
}
