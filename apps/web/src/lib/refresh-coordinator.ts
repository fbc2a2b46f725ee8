/**
 * Tabs of one browser share the session cookies, and a refresh token is good for one use: two
 * tabs refreshing with the same token at the same instant would look like a stolen token, and
 * the server would end the session (reuse revokes the family). Refreshes are therefore taken in
 * turn across tabs (Web Locks), and a tab whose call failed before another tab refreshed just
 * retries with the cookies that refresh left, instead of spending the old token again.
 * The lock alone keeps a token from being spent twice (a tab refreshes only once the other's
 * refresh has answered, so with the new cookie); the localStorage record, which may reach another
 * tab's process late, only spares the second refresh.
 */
export type RefreshCoordinator = (refresh: () => Promise<boolean>, callSentAt: number) => Promise<boolean>;

export const LOCK_NAME = 'starhold-session-refresh';
export const REFRESHED_AT_KEY = 'starhold.sessionRefreshedAt';

export interface CoordinatorDeps {
  /** `navigator.locks`; without it (old browsers) tabs are not coordinated. */
  locks?: Pick<LockManager, 'request'>;
  /** Shared by the tabs: `localStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
}

export function createRefreshCoordinator(deps: CoordinatorDeps): RefreshCoordinator {
  return async (refresh, callSentAt) => {
    const run = async (): Promise<boolean> => {
      const refreshedAt = Number(deps.storage?.getItem(REFRESHED_AT_KEY) ?? 0);
      // Another tab refreshed after this call left: the cookies already hold the new session.
      if (refreshedAt >= callSentAt) return true;
      const ok = await refresh();
      if (ok) deps.storage?.setItem(REFRESHED_AT_KEY, String(deps.now()));
      return ok;
    };
    // The lock resolves with what `run` resolves with (the DOM types see a promise of a promise).
    return deps.locks ? await deps.locks.request(LOCK_NAME, run) : run();
  };
}
