import { createApiClient, DEFAULT_TIMEOUT_MS } from './api-client';
import { createEarlyTaker } from './early-requests';
import { createRefreshCoordinator } from './refresh-coordinator';
import { i18n } from './i18n-instance';
import { toasts } from './toasts';

let unauthenticatedHandler: () => void = () => window.location.assign('/login');

/** The router installs a handler that navigates without reloading the page. */
export function setUnauthenticatedHandler(handler: () => void): void {
  unauthenticatedHandler = handler;
}

/** The application's API client: every feature's api/ files call through it. */
export const api = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  notify: (toast) => toasts.show(toast),
  translate: (key) => i18n.t(key),
  onUnauthenticated: () => unauthenticatedHandler(),
  takeEarly: createEarlyTaker(
    () => window.__starholdEarly,
    () => Date.now(),
    DEFAULT_TIMEOUT_MS,
  ),
  coordinateRefresh: createRefreshCoordinator({
    ...(typeof navigator !== 'undefined' && navigator.locks ? { locks: navigator.locks } : {}),
    ...(typeof localStorage !== 'undefined' ? { storage: localStorage } : {}),
    now: () => Date.now(),
  }),
});
