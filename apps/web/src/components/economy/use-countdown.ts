import { useEffect, useEffectEvent, useRef } from 'react';
import type { Clock } from '../../lib/clock';
import { useNow } from '../../lib/use-now';

export const COUNTDOWN_TICK_MS = 1000;

/** Whole seconds from `now` to `target` (epoch ms), never below zero. */
export function secondsLeft(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/**
 * Seconds left until `target` (epoch ms), ticking every second. When it reaches zero `onFinish`
 * fires once for that target.
 */
export function useCountdown(
  target: number | undefined,
  clock: Clock,
  onFinish?: () => void,
): number | undefined {
  const now = useNow(clock, COUNTDOWN_TICK_MS);
  const seconds = target === undefined ? undefined : secondsLeft(target, now);
  const finish = useEffectEvent(() => onFinish?.());
  const finishedFor = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (seconds !== 0 || finishedFor.current === target) return;
    finishedFor.current = target;
    finish();
  }, [seconds, target]);

  return seconds;
}
