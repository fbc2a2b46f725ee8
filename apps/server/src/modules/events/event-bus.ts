import type { QueryExecutorProvider } from 'kysely';
import type { LiveEvent } from './live-events.js';

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * Fan-out of committed push events to the open streams of their account. In-process on SQLite;
 * across processes through PostgreSQL LISTEN/NOTIFY (pg-event-bus.ts).
 */
export interface EventBus {
  /**
   * The last statement of the transaction that produced the events. On PostgreSQL a NOTIFY, which
   * the server delivers only if and when that transaction commits (so a process killed right
   * after its commit still announces it, and a rollback announces nothing).
   */
  publishInTransaction(
    trx: QueryExecutorProvider,
    accountId: number,
    events: readonly LiveEvent[],
  ): Promise<void>;
  /** Called once the transaction has committed: where the in-process bus delivers. */
  publishCommitted(accountId: number, events: readonly LiveEvent[]): void;
  /** Returns the unsubscribe function. */
  subscribe(accountId: number, listener: LiveEventListener): () => void;
  /**
   * Called once a transaction that revoked sessions of the account (or removed or suspended it)
   * has committed: every process re-checks that account's open streams at once, and those whose
   * session ended close (decision 243). `db` is the pool, not the finished transaction.
   */
  announceSessionsEnded(db: QueryExecutorProvider, accountId: number): Promise<void>;
  /** Called on every process when sessions of the account ended; returns the unsubscribe function. */
  onSessionsEnded(accountId: number, listener: () => void): () => void;
  close(): Promise<void>;
}

/** The local half of every bus: listeners by account. */
export interface LocalFanOut {
  deliver(accountId: number, events: readonly LiveEvent[]): void;
  subscribe(accountId: number, listener: LiveEventListener): () => void;
  endSessions(accountId: number): void;
  onSessionsEnded(accountId: number, listener: () => void): () => void;
  clear(): void;
}

function addTo<L>(map: Map<number, Set<L>>, accountId: number, listener: L): () => void {
  let set = map.get(accountId);
  if (!set) {
    set = new Set();
    map.set(accountId, set);
  }
  set.add(listener);
  return () => {
    const current = map.get(accountId);
    current?.delete(listener);
    if (current?.size === 0) map.delete(accountId);
  };
}

export function createLocalFanOut(onListenerError: (error: unknown) => void = () => {}): LocalFanOut {
  const listeners = new Map<number, Set<LiveEventListener>>();
  const sessionListeners = new Map<number, Set<() => void>>();
  return {
    deliver(accountId, events) {
      const set = listeners.get(accountId);
      if (!set) return;
      for (const listener of [...set]) {
        for (const event of events) {
          // One broken stream must not stop the others of the account.
          try {
            listener(event);
          } catch (error) {
            onListenerError(error);
          }
        }
      }
    },
    subscribe: (accountId, listener) => addTo(listeners, accountId, listener),
    endSessions(accountId) {
      for (const listener of [...(sessionListeners.get(accountId) ?? [])]) {
        try {
          listener();
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    onSessionsEnded: (accountId, listener) => addTo(sessionListeners, accountId, listener),
    clear: () => {
      listeners.clear();
      sessionListeners.clear();
    },
  };
}

/** The embedded mode's bus: one process, so publishing is delivering. */
export function createInProcessBus(): EventBus {
  const local = createLocalFanOut();
  return {
    publishInTransaction: async () => {},
    publishCommitted: (accountId, events) => {
      if (events.length > 0) local.deliver(accountId, events);
    },
    subscribe: (accountId, listener) => local.subscribe(accountId, listener),
    announceSessionsEnded: (_db, accountId) => {
      local.endSessions(accountId);
      return Promise.resolve();
    },
    onSessionsEnded: (accountId, listener) => local.onSessionsEnded(accountId, listener),
    close: () => {
      local.clear();
      return Promise.resolve();
    },
  };
}

/**
 * Announces after a commit that sessions of the account ended. Never throws: the announcement
 * only hastens what each stream's heartbeat re-check does anyway, and the revocation stands.
 */
export async function announceSessionsEnded(
  bus: EventBus | undefined,
  db: QueryExecutorProvider,
  accountId: number,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  if (!bus) return;
  try {
    await bus.announceSessionsEnded(db, accountId);
  } catch (error) {
    onError(error);
  }
}
