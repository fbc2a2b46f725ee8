/**
 * GET /me and GET /me/planet are sent by a small script in index.html before the app's code has
 * even downloaded: a first visit otherwise waits for the code to load and start, then for /me,
 * then for the shell to render before /me/planet leaves. The API client takes each answer over
 * once (`takeEarly`), for a GET of the same path made soon after the page loaded. An answer it
 * cannot use as it is (no answer, or 401 and the session needs refreshing) is dropped, and the
 * client sends the call itself as usual.
 */
export interface EarlyRequests {
  at: number;
  requests: Partial<Record<string, Promise<Response | null>>>;
}

declare global {
  interface Window {
    __starholdEarly?: EarlyRequests;
  }
}

/** Past this, an early answer is too old to stand for a fresh call. */
export const EARLY_MAX_AGE_MS = 10_000;

export function createEarlyTaker(source: () => EarlyRequests | undefined, now: () => number, waitMs: number) {
  return (path: string): Promise<Response | null> | undefined => {
    const early = source();
    const pending = early?.requests[path];
    if (early === undefined || pending === undefined) return undefined;
    delete early.requests[path];
    if (now() - early.at > EARLY_MAX_AGE_MS) return undefined;
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
    return Promise.race([pending, late]).then((response) =>
      response === null || response.status === 401 ? null : response,
    );
  };
}
