import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAUGE_REFRESH_MS, useGrowingValue } from './use-growing-value';

function Gauge({ value, perSecond }: { value: number; perSecond: number }) {
  const shown = useGrowingValue(value, perSecond, 1_000, { now: () => Date.now() });
  return <span data-testid="gauge">{shown}</span>;
}

describe('useGrowingValue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows every 5 seconds, and starts again from a new server value at once', () => {
    const { rerender } = render(<Gauge value={100} perSecond={2} />);
    expect(screen.getByTestId('gauge')).toHaveTextContent('100');
    act(() => {
      vi.advanceTimersByTime(GAUGE_REFRESH_MS);
    });
    expect(screen.getByTestId('gauge')).toHaveTextContent('110');
    rerender(<Gauge value={50} perSecond={2} />);
    expect(screen.getByTestId('gauge')).toHaveTextContent('50');
    act(() => {
      vi.advanceTimersByTime(GAUGE_REFRESH_MS);
    });
    expect(screen.getByTestId('gauge')).toHaveTextContent('60');
  });

  it('stops at the maximum', () => {
    render(<Gauge value={990} perSecond={10} />);
    act(() => {
      vi.advanceTimersByTime(GAUGE_REFRESH_MS * 3);
    });
    expect(screen.getByTestId('gauge')).toHaveTextContent('1000');
  });
});
