import {
  cloneElement,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type RefObject,
} from 'react';

/** Set once any component has seen a frame painted: later mounts need not wait for one. */
let painted = false;

/** For tests: back to the state of a page that has not painted yet. */
export function resetAfterPaint(): void {
  painted = false;
}

/**
 * For tests: as once the app has drawn its first frame, when a player can use the page (the
 * floating parts are built at once, see `useFloatingAfterPaint`).
 */
export function markPainted(): void {
  painted = true;
}

/**
 * False on the render that mounts the component and until the browser has painted a frame
 * after it; true from then on, and at once once the app has painted any frame this way.
 *
 * For work a screen can start a frame later, such as the dashboard's construction queues' reads:
 * started from an effect of the first render, their fetch calls and the loading of their schemas
 * ran in the same task as that render, before its first frame (decision 128). A hidden tab draws
 * no frames: a timer stands in for the frame after a second.
 */
export function useAfterPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      painted = true;
      setReady(true);
    };
    // The frame's callback runs before it is drawn: the timer after it, once it has been.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    });
    timer = setTimeout(done, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}

/** What a target needs until its floating part is built (`useFloatingAfterPaint`). */
type TargetProps = {
  onClick?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/**
 * For a floating part of the first screen (the header's menus and tooltips, its search box's
 * combobox, the resource strip's hover cards, the info tips), built once the first frame is
 * drawn, the target alone before (decision 202): each builds floating-ui's state and sets it again
 * as its target mounts, which React renders synchronously before the first frame, running the
 * first render's passive effects first. `built` turns true with the frame, or at once when a
 * menu's target is clicked before it (`openedFirst`: the menu then opens at once). Until then the
 * target goes through `before`, which gives it the attributes Mantine gives a closed menu's
 * (`'menu'`), popover's (`'dialog'`) or combobox's (`'listbox'`) target, for assistive
 * technologies. The target (carrying `targetRef`) is a new element once built: when the old one
 * had the focus, the new one takes it.
 */
export function useFloatingAfterPaint<T extends HTMLElement = HTMLElement>(
  ref?: RefObject<T | null>,
): {
  built: boolean;
  openedFirst: boolean;
  targetRef: RefObject<T | null>;
  before: (target: ReactElement<TargetProps>, popup?: 'menu' | 'dialog' | 'listbox') => ReactElement;
} {
  const painted = useAfterPaint();
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  const ownRef = useRef<T | null>(null);
  const targetRef = ref ?? ownRef;
  const built = painted || clicked;
  useLayoutEffect(() => {
    if (built && focused) targetRef.current?.focus();
  }, [built, focused, targetRef]);
  const before = (target: ReactElement<TargetProps>, popup?: 'menu' | 'dialog' | 'listbox') => {
    const own = target.props;
    return cloneElement(target, {
      ...(popup === 'listbox' ? { 'aria-haspopup': popup, autoComplete: 'off' } : {}),
      ...(popup === 'menu' || popup === 'dialog' ? { 'aria-haspopup': popup, 'aria-expanded': false } : {}),
      onClick: (event: MouseEvent) => {
        own.onClick?.(event);
        if (popup === 'menu') setClicked(true);
      },
      onFocus: (event: FocusEvent) => {
        own.onFocus?.(event);
        setFocused(true);
      },
      onBlur: (event: FocusEvent) => {
        own.onBlur?.(event);
        setFocused(false);
      },
    } as object);
  };
  return { built, openedFirst: clicked, targetRef, before };
}
