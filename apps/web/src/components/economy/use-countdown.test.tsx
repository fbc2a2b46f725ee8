import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import type { Clock } from '../../lib/clock';
import { formatCountdown } from './economy-format';
import { useCountdown } from './use-countdown';

function Countdown({ target, clock, onFinish }: { target: number; clock: Clock; onFinish: () => void }) {
  const seconds = useCountdown(target, clock, onFinish) ?? 0;
  return <span role="timer">{formatCountdown(seconds)}</span>;
}

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and calls the finish callback once at zero', () => {
    const onFinish = vi.fn();
    const clock = { now: () => Date.now() };
    renderWithApp(<Countdown target={1_000_000 + 3_000} clock={clock} onFinish={onFinish} />);
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:03');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:02');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00:00');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});
