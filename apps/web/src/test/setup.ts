import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toasts } from '../lib/toasts';
import { fakeMatchMedia } from './match-media';

// jsdom lacks the layout APIs Mantine queries on mount.
if (!window.matchMedia) window.matchMedia = fakeMatchMedia();
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
// jsdom lays out nothing, so it has no scrollIntoView.
if (!('scrollIntoView' in window.HTMLElement.prototype)) {
  Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { value: () => undefined });
}

// The test files share their worker's modules (vitest.config.ts: isolate off): what one file
// leaves in the application's singletons must not reach the next.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  toasts.reset();
});
