import { useEffect, useState } from 'react';
import type { Clock } from './clock';

/**
 * The clock's time, read again every `intervalMs`, for what a screen derives from the time
 * (countdowns, progress, growing gauges). Deriving from it during render keeps those values in
 * step with their inputs without setting state from an effect.
 */
export function useNow(clock: Clock, intervalMs: number): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), intervalMs);
    return () => clearInterval(timer);
  }, [clock, intervalMs]);
  return now;
}
