import type { OutgoingHttpHeaders } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../context.js';
import { DomainError } from '../../errors.js';
import { sessionOf } from '../../http/session.js';
import type { EventBus } from './event-bus.js';

export const HEARTBEAT_MS = 20_000;
/** What EventSource waits before reconnecting after the server closed the stream. */
const RETRY_MS = 5_000;

/** The open streams of this process, so that shutdown can end them (they never end by themselves). */
export interface StreamRegistry {
  closeAll(): void;
}

export interface EventsRouteOptions {
  heartbeatMs?: number;
  /**
   * Whether the request's session still stands (token not expired, family not revoked, account
   * not suspended), asked at every heartbeat and at once when the bus announces that sessions of
   * the account ended (decision 243): a stream whose session ended is closed, and the browser
   * reconnects with whatever session it has by then.
   */
  stillValid?: (request: FastifyRequest) => Promise<boolean>;
  /** Open streams allowed per account in this process (429 beyond); 0 or unset: no limit. */
  maxPerAccount?: number;
  /** Open streams allowed per client address in this process (429 beyond); 0 or unset: no limit. */
  maxPerAddress?: number;
}

/** Counts per key; a key at zero is dropped so the maps hold only the open ones. */
function take<K>(counts: Map<K, number>, key: K, limit: number): boolean {
  const current = counts.get(key) ?? 0;
  if (limit > 0 && current >= limit) return false;
  counts.set(key, current + 1);
  return true;
}

function give<K>(counts: Map<K, number>, key: K): void {
  const current = counts.get(key) ?? 0;
  if (current <= 1) counts.delete(key);
  else counts.set(key, current - 1);
}

/**
 * GET /me/events: a server-sent event stream of the player's committed game events, one JSON
 * `data:` line per event, `: heartbeat` comments so that proxies keep the connection open.
 */
export function eventsRoutes(
  app: AppInstance,
  bus: EventBus,
  options: EventsRouteOptions = {},
): StreamRegistry {
  const open = new Set<ServerResponse>();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const perAccount = new Map<number, number>();
  const perAddress = new Map<string, number>();
  const maxPerAccount = options.maxPerAccount ?? 0;
  const maxPerAddress = options.maxPerAddress ?? 0;

  app.get('/me/events', { schema: { tags: ['me'] } }, (request, reply) => {
    const { accountId } = sessionOf(request);
    const address = request.ip;
    // Each open stream holds a socket, a subscription and a timer: one account or one address
    // cannot hold an unbounded number of them.
    if (!take(perAccount, accountId, maxPerAccount)) throw new DomainError('TOO_MANY_REQUESTS');
    if (!take(perAddress, address, maxPerAddress)) {
      give(perAccount, accountId);
      throw new DomainError('TOO_MANY_REQUESTS');
    }
    const raw = reply.raw;
    // The stream outlives Fastify's reply cycle: we write to the socket ourselves from now on.
    reply.hijack();
    const headers: OutgoingHttpHeaders = {};
    // The API's security headers, set on the reply before it was hijacked (once per stream).
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: do not buffer this response.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
    open.add(raw);
    const unsubscribe = bus.subscribe(accountId, (event) => {
      raw.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    let checking = false;
    /** Another check asked for while one runs (sessions ended meanwhile): it runs next. */
    let again = false;
    const check = (heartbeat: boolean) => {
      const stillValid = options.stillValid;
      if (!stillValid) {
        if (heartbeat) raw.write(': heartbeat\n\n');
        return;
      }
      if (checking) {
        if (!heartbeat) again = true;
        return;
      }
      checking = true;
      void stillValid(request)
        .catch(() => false)
        .then((valid) => {
          checking = false;
          if (!open.has(raw)) return;
          if (!valid) {
            cleanUp();
            raw.end();
            return;
          }
          if (heartbeat) raw.write(': heartbeat\n\n');
          if (again) {
            again = false;
            check(false);
          }
        });
    };
    const heartbeat = setInterval(() => check(true), heartbeatMs);
    // Sessions of the account ended (password change, sign-out, suspension, in any process):
    // re-check now rather than at the next heartbeat, so a revoked session's stream ends at once.
    const stopWatching = bus.onSessionsEnded(accountId, () => check(false));
    let released = false;
    const cleanUp = () => {
      clearInterval(heartbeat);
      unsubscribe();
      stopWatching();
      open.delete(raw);
      if (released) return;
      released = true;
      give(perAccount, accountId);
      give(perAddress, address);
    };
    request.raw.on('close', cleanUp);
    raw.on('close', cleanUp);
    raw.on('error', cleanUp);
  });

  return {
    closeAll() {
      for (const raw of open) raw.end();
      open.clear();
    },
  };
}
