import { useEffect, useRef, useState } from 'react';
import { systemClock, type Clock } from '../../lib/clock';
import { grownValue } from './economy-format';

export const GAUGE_REFRESH_MS = 5000;

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
  const [value, setValue] = useState(serverValue);
  const since = useRef(clock.now());

  useEffect(() => {
    since.current = clock.now();
    setValue(serverValue);
    const timer = setInterval(() => {
      setValue(grownValue(serverValue, perSecond, max, (clock.now() - since.current) / 1000));
    }, GAUGE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [serverValue, perSecond, max, clock]);

  return value;
}
