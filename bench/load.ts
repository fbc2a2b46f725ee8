/**
 * One bounded autocannon run, in its own process so the load generator does not share an event
 * loop with the orchestrator. Input: a JSON LoadSpec as the first argument (cookies in the file
 * named by `cookiesFile`). Output: one JSON LoadResult line on stdout.
 * Run by bench/run.ts: node --import tsx bench/load.ts '<spec>'
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

export interface LoadSpec {
  /** http://127.0.0.1:<port> */
  origin: string;
  /**
   * `get`: GET `path` with cookies in turn; `construct`: POST `path` then DELETE
   * `cancelPath?id=<new item>`; `post`: POST `path` with cookie i and body i of `bodiesFile` in turn.
   */
  mode: 'get' | 'construct' | 'post';
  path: string;
  cancelPath?: string;
  cookiesFile?: string;
  /** `post`: a JSON array of request bodies (strings), one per cookie. */
  bodiesFile?: string;
  /** Sent with every request, as a browser sends it (`gzip, deflate, br, zstd`); omitted: no Accept-Encoding. */
  acceptEncoding?: string;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system) the load generator spent per request: what it costs the machine's shared cores. */
  loadCpuMicrosPerRequest: number;
  /** Bytes read per response, headers included. */
  bytesPerResponse: number;
}

interface ConnectionContext {
  cookie?: string;
  itemId?: number;
}

/** autocannon's request with our per-connection context (it types the context as a bare object). */
type Request = Omit<autocannon.Request, 'setupRequest' | 'onResponse'> & {
  setupRequest?: (request: autocannon.Request, context: ConnectionContext) => autocannon.Request;
  onResponse?: (status: number, body: string, context: ConnectionContext) => void;
};

function requestsFor(spec: LoadSpec, cookies: readonly string[]): Request[] {
  if (spec.mode === 'post') {
    const bodies = JSON.parse(readFileSync(spec.bodiesFile ?? '', 'utf8')) as string[];
    let turn = 0;
    return [
      {
        method: 'POST',
        path: spec.path,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const index = turn++ % Math.max(cookies.length, 1);
          return {
            ...request,
            headers: { ...request.headers, cookie: cookies[index] ?? '' },
            body: bodies[index] ?? '{}',
          };
        },
      },
    ];
  }
  if (spec.mode === 'get') {
    // A setupRequest makes autocannon take a new request before every send; which one (the next
    // cookie's, built once) is reuseBuiltGetRequests's doing.
    return [{ method: 'GET', path: spec.path, setupRequest: (request) => request }];
  }
  let next = 0;
  const cookie = (): string | undefined =>
    cookies.length === 0 ? undefined : cookies[next++ % cookies.length];
  const withCookie = (request: autocannon.Request, value: string | undefined): autocannon.Request => ({
    ...request,
    headers: { ...request.headers, ...(value === undefined ? {} : { cookie: value }) },
  });
  const json = { 'content-type': 'application/json' };
  return [
    {
      method: 'POST',
      path: spec.path,
      headers: json,
      setupRequest: (request, context) => {
        context.cookie = cookie();
        return withCookie(request, context.cookie);
      },
      onResponse: (status, body, context) => {
        context.itemId = status === 200 ? (JSON.parse(body) as { data: { id: number } }).data.id : undefined;
      },
    },
    {
      method: 'DELETE',
      path: spec.cancelPath ?? spec.path,
      headers: json,
      setupRequest: (request, context) => ({
        ...withCookie(request, context.cookie),
        path: `${spec.cancelPath ?? spec.path}?id=${context.itemId ?? 0}`,
      }),
    },
  ];
}

/**
 * autocannon appends every response body to a string, decoding it as UTF-8, even when nothing
 * reads it. On a gzip body (binary, so off V8's ASCII fast path) that cost the load generator
 * ~400 µs of CPU per 40 KB response, more than the server spent, on the cores they share. A GET
 * run never reads bodies, so it skips that; the byte count is kept apart (addByteCount).
 */
function skipUnreadBodies(): void {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void };
  };
  queue.prototype.addBody = () => undefined;
}

type BuildRequest = (request: { method: string; path: string; headers: Record<string, string> }) => Buffer;

/**
 * A GET run's requests differ only by their cookie, yet autocannon rebuilt each one from its
 * parts (object copies, header loops, a string then a Buffer) before every send: a fifth of the
 * load generator's CPU, taken from the cores it shares with the server. The request of each
 * cookie is built once here, by autocannon's own builder (same bytes), and each send takes the
 * next one in turn, as the per-request `setupRequest` did.
 */
function reuseBuiltGetRequests(spec: LoadSpec, cookies: readonly string[]): void {
  const require = createRequire(import.meta.url);
  const requestBuilder = require('autocannon/lib/httpRequestBuilder.js') as (
    defaults: object,
  ) => BuildRequest;
  const iterator = require('autocannon/lib/requestIterator.js') as {
    prototype: {
      rebuildRequest(this: { resetted: boolean; currentRequest: { requestBuffer?: Buffer } }): Buffer;
    };
  };
  const url = new URL(spec.origin);
  const build = requestBuilder({
    hostname: url.hostname,
    port: url.port,
    headers: spec.acceptEncoding === undefined ? {} : { 'accept-encoding': spec.acceptEncoding },
  });
  const built = (cookies.length === 0 ? [undefined] : cookies).map((cookie) =>
    build({ method: 'GET', path: spec.path, headers: cookie === undefined ? {} : { cookie } }),
  );
  let next = 0;
  iterator.prototype.rebuildRequest = function rebuildRequest() {
    this.resetted = false;
    const buffer = built[next++ % built.length] as Buffer;
    this.currentRequest.requestBuffer = buffer;
    return buffer;
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as LoadSpec;
  if (spec.mode === 'get') skipUnreadBodies();
  if (!spec.origin.startsWith('http://127.0.0.1:')) throw new Error('the bench only loads 127.0.0.1');
  const cookies = spec.cookiesFile ? (JSON.parse(readFileSync(spec.cookiesFile, 'utf8')) as string[]) : [];
  if (spec.mode === 'get') reuseBuiltGetRequests(spec, cookies);
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    requests: requestsFor(spec, cookies),
    ...(spec.acceptEncoding === undefined ? {} : { headers: { 'accept-encoding': spec.acceptEncoding } }),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const output: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    loadCpuMicrosPerRequest: result.requests.total > 0 ? (cpu.user + cpu.system) / result.requests.total : 0,
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
