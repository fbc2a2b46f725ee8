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
  close(): Promise<void>;
}

/** The local half of every bus: listeners by account. */
export interface LocalFanOut {
  deliver(accountId: number, events: readonly LiveEvent[]): void;
  subscribe(accountId: number, listener: LiveEventListener): () => void;
  clear(): void;
}

export function createLocalFanOut(onListenerError: (error: unknown) => void = () => {}): LocalFanOut {
  const listeners = new Map<number, Set<LiveEventListener>>();
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
    subscribe(accountId, listener) {
      let set = listeners.get(accountId);
      if (!set) {
        set = new Set();
        listeners.set(accountId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(accountId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(accountId);
      };
    },
    clear: () => listeners.clear(),
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
    close: () => {
      local.clear();
      return Promise.resolve();
    },
  };
}
