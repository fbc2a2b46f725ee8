import { useEffect, useState } from 'react';

/** Set once any component has seen a frame painted: later mounts need not wait for one. */
let painted = false;

/** For tests: back to the state of a page that has not painted yet. */
export function resetAfterPaint(): void {
  painted = false;
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
