import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
