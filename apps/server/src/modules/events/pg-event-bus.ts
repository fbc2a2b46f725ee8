import { sql } from 'kysely';
import pg from 'pg';
import { createLocalFanOut, type EventBus } from './event-bus.js';
import type { LiveEvent } from './live-events.js';

export interface BusLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PostgresBusOptions {
  url: string;
  /** The schema of our tables: NOTIFY is database-wide, so each schema gets its own channel. */
  schema?: string | undefined;
  log: BusLog;
  /** false for a process without streams (the worker): it only publishes. */
  listen: boolean;
  /** Longest wait between two attempts to re-open the LISTEN connection. */
  maxReconnectDelayMs?: number;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
const MAX_PAYLOAD_CHARS = 7000;

interface Notification {
  a: number;
  e: readonly LiveEvent[];
}

/** Sessions of account `a` ended: its streams re-check their session (decision 243). */
interface SessionsEnded {
  a: number;
  s: 1;
}

export function channelFor(schema: string | undefined): string {
  if (schema === undefined || schema === 'public') return 'starhold_events';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(schema))
    throw new Error(`schema name not usable as a channel: ${schema}`);
  return `starhold_events_${schema}`;
}

/** Splits events into payloads PostgreSQL accepts. */
export function notificationPayloads(accountId: number, events: readonly LiveEvent[]): string[] {
  const payload = JSON.stringify({ a: accountId, e: events } satisfies Notification);
  if (payload.length <= MAX_PAYLOAD_CHARS || events.length === 1) return [payload];
  const half = Math.ceil(events.length / 2);
  return [
    ...notificationPayloads(accountId, events.slice(0, half)),
    ...notificationPayloads(accountId, events.slice(half)),
  ];
}

function parseNotification(text: string | undefined): Notification | SessionsEnded | null {
  if (text === undefined) return null;
  try {
    const value = JSON.parse(text) as Partial<Notification> & { s?: unknown };
    if (typeof value.a !== 'number') return null;
    if (value.s === 1) return { a: value.a, s: 1 };
    if (!Array.isArray(value.e)) return null;
    return { a: value.a, e: value.e };
  } catch {
    return null;
  }
}

/**
 * A bus shared by every process on one database: transactions NOTIFY, and every process
 * (the publisher included) delivers what its LISTEN connection receives to its own streams.
 * That connection re-opens with backoff when it drops; events sent meanwhile are missed by this
 * process's tabs, which is why the web app refreshes on reconnection and polls while down.
 * Resolves once the first LISTEN is in place, so nothing committed afterwards is missed.
 */
export async function startPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const channel = channelFor(options.schema);
  const local = createLocalFanOut((error) => options.log.warn({ err: error }, 'live event listener failed'));
  const maxDelay = options.maxReconnectDelayMs ?? 10_000;
  let listener: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const scheduleReconnect = (delay: number) => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connectListener().catch((error: unknown) => {
        options.log.warn({ err: error }, 'live event LISTEN reconnect failed');
        scheduleReconnect(Math.min(delay * 2, maxDelay));
      });
    }, delay);
  };

  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.url });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      if (closed) return;
      options.log.warn({ err: error }, 'live event LISTEN connection lost; reconnecting');
      scheduleReconnect(500);
    };
    client.on('notification', (message) => {
      const notification = parseNotification(message.payload);
      if (!notification) return;
      if ('s' in notification) local.endSessions(notification.a);
      else local.deliver(notification.a, notification.e);
    });
    await client.connect();
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    await client.query(`LISTEN "${channel}"`);
    if (closed) {
      await client.end();
      return;
    }
    listener = client;
  };

  if (options.listen) await connectListener();

  return {
    async publishInTransaction(trx, accountId, events) {
      for (const payload of notificationPayloads(accountId, events)) {
        await sql`select pg_notify(${channel}, ${payload})`.execute(trx);
      }
    },
    publishCommitted: () => {},
    subscribe: (accountId, listener) => local.subscribe(accountId, listener),
    // Sent on the pool after the commit: every process, this one included, hears it on LISTEN.
    async announceSessionsEnded(db, accountId) {
      const payload = JSON.stringify({ a: accountId, s: 1 } satisfies SessionsEnded);
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    onSessionsEnded: (accountId, listener) => local.onSessionsEnded(accountId, listener),
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      local.clear();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
