import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { ResourceStrip } from './ResourceStrip';

const metal = (value: number) => ({
  resource: { id: 1, name: 'metal' },
  value,
  max: 10_000,
  production_per_hour: 7200,
  production_per_second: 2,
});

describe('ResourceStrip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const clock = { now: () => Date.now() };

  it('grows each gauge every 5 seconds by production per second, capped at the maximum', () => {
    renderWithApp(<ResourceStrip resources={[metal(9_980)]} clock={clock} />);
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('9.9K / 10K');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('9.9K / 10K');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('10K / 10K');
  });

  it('restarts from the server value when it changes', () => {
    const { rerender } = renderWithApp(<ResourceStrip resources={[metal(100)]} clock={clock} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('110 / 10K');
    rerender(<ResourceStrip resources={[metal(40)]} clock={clock} />);
    expect(screen.getByTestId('gauge-value')).toHaveTextContent('40 / 10K');
  });

  it('shows production per hour abbreviated', () => {
    renderWithApp(<ResourceStrip resources={[metal(100)]} clock={clock} />);
    expect(screen.getByText('+7.2K/h')).toBeInTheDocument();
  });
});
