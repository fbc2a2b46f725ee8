import http from 'node:http';
import type { LiveEvent } from '../src/modules/events/live-events.js';

/** A browser tab's event stream, read over a real socket (inject cannot stream). */
export interface OpenStream {
  status: number;
  events: LiveEvent[];
  /** Comment lines received (`connected`, `heartbeat`). */
  comments: string[];
  ended: Promise<void>;
  waitFor(predicate: (events: readonly LiveEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function openStream(baseUrl: string, cookie: string | undefined): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/me/events`,
      { headers: cookie ? { cookie } : {} },
      (response) => {
        const events: LiveEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
              else if (line.startsWith(': ')) comments.push(line.slice(2));
            }
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
          waiters.forEach((wake) => wake());
        });
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
        });
        resolve({
          status: response.statusCode ?? 0,
          events,
          comments,
          ended,
          waitFor(predicate, timeoutMs = 5000) {
            return new Promise((done, fail) => {
              const check = () => {
                if (!predicate(events)) return;
                clearTimeout(timer);
                waiters.delete(check);
                done();
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(
                  new Error(`stream: condition not met in ${timeoutMs} ms; got ${JSON.stringify(events)}`),
                );
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

/** Lets in-flight deliveries land before asserting that something did not arrive. */
export const settleDeliveries = (ms = 200) => new Promise((done) => setTimeout(done, ms));
