import { Button, Menu } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { resetAfterPaint, useAfterPaint, useFloatingAfterPaint } from './after-paint';

function Probe() {
  return <p>{useAfterPaint() ? 'painted' : 'first frame'}</p>;
}

let frames: FrameRequestCallback[];

function drawFrame() {
  act(() => frames.forEach((frame) => frame(0)));
  act(() => {
    vi.advanceTimersByTime(0);
  });
}

/** A menu built as the header's are (decision 202). */
function LateMenu() {
  const { built, openedFirst, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const target = <Button ref={targetRef}>Planets</Button>;
  if (!built) return before(target, 'menu');
  return (
    <Menu defaultOpened={openedFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Terra</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

describe('useAfterPaint', () => {
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

describe('useFloatingAfterPaint', () => {
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

  it("shows the target alone, as a closed menu's, until a frame is drawn, then builds the menu", () => {
    renderWithApp(<LateMenu />);
    const before = screen.getByRole('button', { name: 'Planets' });
    expect(before).toHaveAttribute('aria-haspopup', 'menu');
    expect(before).toHaveAttribute('aria-expanded', 'false');
    drawFrame();
    const after = screen.getByRole('button', { name: 'Planets' });
    expect(after).not.toBe(before);
    fireEvent.click(after);
    expect(screen.getByRole('menuitem', { name: 'Terra' })).toBeInTheDocument();
    expect(after).toHaveAttribute('aria-expanded', 'true');
  });

  it('builds the menu open when its target is clicked before the first frame', () => {
    renderWithApp(<LateMenu />);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Planets' }));
    expect(screen.getByRole('menuitem', { name: 'Terra' })).toBeInTheDocument();
  });

  it('moves the keyboard focus to the new target when the old one had it', () => {
    renderWithApp(<LateMenu />);
    screen.getByRole('button', { name: 'Planets' }).focus();
    drawFrame();
    expect(screen.getByRole('button', { name: 'Planets' })).toHaveFocus();
  });
});
