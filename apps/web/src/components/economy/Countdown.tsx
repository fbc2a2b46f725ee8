import { Text, type TextProps } from '@mantine/core';
import type { Clock } from '../../lib/clock';
import { systemClock } from '../../lib/clock';
import { formatCountdown } from './economy-format';
import { useCountdown } from './use-countdown';

interface CountdownProps extends TextProps {
  /** Finish instant, epoch ms. */
  target: number;
  clock?: Clock;
  onFinish?: () => void;
}

/** A one-second countdown to `target`; `onFinish` fires when it reaches zero. */
export function Countdown({ target, clock = systemClock, onFinish, ...props }: CountdownProps) {
  const seconds = useCountdown(target, clock, onFinish) ?? 0;
  return (
    <Text span ff="monospace" role="timer" {...props}>
      {formatCountdown(seconds)}
    </Text>
  );
}
