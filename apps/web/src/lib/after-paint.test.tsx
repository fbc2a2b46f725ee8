import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAfterPaint, useAfterPaint } from './after-paint';

function Probe() {
  return <p>{useAfterPaint() ? 'painted' : 'first frame'}</p>;
}

describe('useAfterPaint', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    resetAfterPaint();
    frames = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false until a frame has been drawn after the mount, then true', () => {
    render(<Probe />);
    expect(screen.getByText('first frame')).toBeInTheDocument();
    // The frame's callback runs before the frame is drawn: still false.
    act(() => frames.forEach((frame) => frame(0)));
    expect(screen.getByText('first frame')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('is true at once in a component mounted after the app has painted', () => {
    const first = render(<Probe />);
    act(() => frames.forEach((frame) => frame(0)));
    act(() => {
      vi.advanceTimersByTime(0);
    });
    first.unmount();
    frames = [];
    render(<Probe />);
    expect(screen.getByText('painted')).toBeInTheDocument();
    expect(frames).toHaveLength(0);
  });

  it('turns true after a second when no frame comes (a hidden tab)', () => {
    render(<Probe />);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByText('first frame')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
  });
});
