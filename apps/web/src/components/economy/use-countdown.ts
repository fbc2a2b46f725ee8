import { useEffect, useRef, useState } from 'react';
import type { Clock } from '../../lib/clock';

export const COUNTDOWN_TICK_MS = 1000;

/**
 * Seconds left until `target` (epoch ms), ticking every second. When it reaches zero `onFinish`
 * fires once for that target.
 */
export function useCountdown(
  target: number | undefined,
  clock: Clock,
  onFinish?: () => void,
): number | undefined {
  const remaining = () =>
    target === undefined ? undefined : Math.max(0, Math.ceil((target - clock.now()) / 1000));
  const [seconds, setSeconds] = useState(remaining);
  const finished = useRef<number | undefined>(undefined);
  const finishRef = useRef(onFinish);
  finishRef.current = onFinish;

  useEffect(() => {
    if (target === undefined) {
      setSeconds(undefined);
      return undefined;
    }
    const tick = () => {
      const left = Math.max(0, Math.ceil((target - clock.now()) / 1000));
      setSeconds(left);
      if (left === 0 && finished.current !== target) {
        finished.current = target;
        finishRef.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [target, clock]);

  return seconds;
}
