/**
 * The load generator of the mixed bench (bench/mixed.ts), in its own process so that it shares no
 * event loop with the orchestrator: autocannon's connections, each one a browser tab whose player
 * changes every session, sending 90 % reads spread over the screens' calls and 10 % writes that
 * the seed made sure can succeed (level starts then their cancels, unit orders, emails marked
 * read, transports then their recalls). Every answer is counted per call and status; latencies
 * are kept per call (autocannon's own histogram is one for all).
 *
 * autocannon drives the sockets; the requests are built here: each connection's request iterator
 * keeps this connection's context for good (autocannon resets it after every turn through its
 * `requests`), builds the next request from it and reads the answer's body only for the calls
 * that need it (a start's or a dispatch's id), so gzip bodies are never decoded.
 *
 * What the players have done (unit orders placed, emails read, a start or dispatch awaiting its
 * cancel or recall) is read from and written back to `stateFile`, so that successive runs on the
 * same database keep every write possible.
 *
 * Run by bench/mixed.ts: node --import tsx bench/lib/mixed-load.ts '<MixedLoadSpec as JSON>'
 * Prints one JSON MixedLoadResult line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

export interface MixedPlayer {
  /** `auth_token=...` */
  cookie: string;
  /** The player's emails, all unread at the seed, in the order they are read. */
  emailIds: number[];
  /** A planet of another player, the transports' target. */
  target: { system_id: number; orbit: number };
  cargoShip: number;
  /** The ship and the defense ordered one at a time. */
  ship: number;
  defense: number;
  /** How many orders each unit queue takes (the seed's Computer level and Admiral). */
  unitQueue: number;
}

export interface MixedLoadSpec {
  /** http://127.0.0.1:<port> */
  origin: string;
  connections: number;
  seconds: number;
  /** JSON array of MixedPlayer. */
  playersFile: string;
  /** JSON PlayersState, read when present and written at the end. */
  stateFile: string;
  /** Seeds each connection's generator (connection i: seed + i). */
  seed: number;
  /** Sent with every GET, as the web app's browser sends it. */
  acceptEncoding: string;
  /** Share of requests that are writes (0.1; 0 for the reads alone, to split the costs). */
  writeShare: number;
}

export interface CallFigures {
  kind: 'read' | 'write';
  sent: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
}

export interface MixedLoadResult {
  seconds: number;
  /** Answered requests per second over the run. */
  requestsPerSecond: number;
  answered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  reads: { answered: number; ok: number; p50Ms: number; p99Ms: number };
  /** `succeeded`: 2xx; `refused`: 4xx (a refusal writes nothing); `failed`: 5xx. */
  writes: {
    answered: number;
    succeeded: number;
    refused: number;
    failed: number;
    p50Ms: number;
    p99Ms: number;
  };
  calls: Record<string, CallFigures>;
  /** Sent but not answered when the run stopped (at most one per connection) or timed out. */
  unanswered: number;
  socketErrors: number;
  timeouts: number;
  /** Writes of another kind sent because a player had used up the chosen kind (unit queues, emails). */
  substitutions: number;
  /** The generator's own CPU (user + system): per answered request, and as a share of one core. */
  loadCpuMicrosPerRequest: number;
  loadCpuShareOfOneCore: number;
  /** autocannon's own figures for the same run (whole milliseconds). */
  autocannon: { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number };
}

interface PlayerState {
  ships: number;
  defenses: number;
  nextEmail: number;
  /** A level start to cancel, or a transport to recall, at the player's next write. */
  pending: { kind: 'cancel'; path: string; id: number } | { kind: 'recall'; id: number } | null;
}

type PlayersState = PlayerState[];

interface Call {
  name: string;
  /** Reads: the path under /api/v1 (none: built per request). */
  path?: string;
  weight: number;
}

const API = '/api/v1';

/**
 * The reads, weighted as a session of the web app makes them (90 in all): the shell's GET /me and
 * the planet on every screen, the bell's unread emails, the module screens, the fleets screen, a
 * leaderboard page, the goals card, and the star map's systems now and then (cached 5 minutes).
 */
const READS: Call[] = [
  { name: 'GET /me', path: '/me', weight: 20 },
  { name: 'GET /me/planet', path: '/me/planet', weight: 15 },
  { name: 'GET /me/planet/factories', path: '/me/planet/factories', weight: 8 },
  { name: 'GET /me/planet/buildings', path: '/me/planet/buildings', weight: 7 },
  { name: 'GET /me/planet/researchs', path: '/me/planet/researchs', weight: 5 },
  { name: 'GET /me/planet/ships', path: '/me/planet/ships', weight: 6 },
  { name: 'GET /me/planet/defenses', path: '/me/planet/defenses', weight: 4 },
  { name: 'GET /me/emails?unread (bell)', path: '/me/emails?offset=0&limit=10&unread=true', weight: 6 },
  // The inbox's page as the web app asks it (INBOX_PAGE_SIZE, apps/web/src/features/emails/api.ts).
  { name: 'GET /me/emails (inbox)', path: '/me/emails?offset=0&limit=50', weight: 4 },
  { name: 'GET /me/fleets', path: '/me/fleets', weight: 6 },
  { name: 'GET /accounts (leaderboard page)', weight: 3 },
  { name: 'GET /systems/map', path: '/systems/map', weight: 2 },
  { name: 'GET /me/goals', path: '/me/goals', weight: 4 },
];

/** A new write (a player with a start or a dispatch pending sends its cancel or recall instead). */
const ALL_NEW_WRITES: Call[] = [
  { name: 'POST level start', weight: 35 },
  { name: 'POST ship order', weight: 15 },
  { name: 'POST defense order', weight: 10 },
  { name: 'PUT email read', weight: 25 },
  { name: 'POST /me/fleets transport', weight: 15 },
];
/**
 * BENCH_MIXED_WRITES='PUT email read,POST ship order' (bench/mixed.ts passes its environment on):
 * only those new writes, at the same share of the requests, to see what each kind costs.
 */
const ONLY_WRITES = process.env.BENCH_MIXED_WRITES?.split(',').map((name) => name.trim());
const NEW_WRITES =
  ONLY_WRITES === undefined
    ? ALL_NEW_WRITES
    : ALL_NEW_WRITES.filter((write) => ONLY_WRITES.includes(write.name));
if (NEW_WRITES.length === 0)
  throw new Error(`BENCH_MIXED_WRITES names no write of ${ALL_NEW_WRITES.map((w) => w.name).join(', ')}`);
const FOLLOW_UPS = ['DELETE level cancel', 'POST /me/fleets/:id/recall'];
/** Level starts: factories 1 to 3, the command center and the hangar (no requirement beyond the seed's). */
const LEVELS = [
  { kind: 'factories', id: 1 },
  { kind: 'factories', id: 2 },
  { kind: 'factories', id: 3 },
  { kind: 'buildings', id: 1 },
  { kind: 'buildings', id: 4 },
] as const;
/** Requests a player sends before the connection moves on to the next player of its pool. */
const SESSION_MIN = 20;
const SESSION_MAX = 40;

/** A small seeded generator (mulberry32). */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T extends { weight: number }>(items: readonly T[], roll: number): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let left = roll * total;
  for (const item of items) {
    left -= item.weight;
    if (left < 0) return item;
  }
  return items[items.length - 1] as T;
}

/** Percentile of unsorted samples (sorted in place). */
function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  samples.sort((a, b) => a - b);
  return samples[Math.min(samples.length - 1, Math.max(0, Math.ceil((p / 100) * samples.length) - 1))] ?? NaN;
}

interface Outgoing {
  call: string;
  kind: 'read' | 'write';
  player: number;
  /** What to remember once a write succeeds. */
  onOk?: (body: string) => void;
}

interface Connection {
  random: () => number;
  pool: number[];
  poolIndex: number;
  left: number;
  inFlight: Outgoing | null;
  queue: { keepBody?: boolean };
}

type Iterator = {
  resetted: boolean;
  context: unknown;
  currentRequest: { requestBuffer?: Buffer };
  resetContext(): void;
  rebuildRequest(): Buffer;
  recordBody(request: unknown, status: number, body: string): void;
};
type Client = {
  requestIterator: Iterator;
  pipelinedRequests: { keepBody?: boolean };
  on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
};

/** Bodies are decoded only for the requests that need them (see the file's comment). */
function readBodiesOnlyWhenAsked(): void {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { keepBody?: boolean; peek(): { body: string } | undefined; addBody(data: Buffer): void };
  };
  queue.prototype.addBody = function addBody(data: Buffer) {
    if (!this.keepBody) return;
    const request = this.peek();
    if (request) request.body += data.toString('utf8');
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as MixedLoadSpec;
  if (!spec.origin.startsWith('http://127.0.0.1:')) throw new Error('the bench only loads 127.0.0.1');
  readBodiesOnlyWhenAsked();
  const players = JSON.parse(readFileSync(spec.playersFile, 'utf8')) as MixedPlayer[];
  const state: PlayersState = existsSync(spec.stateFile)
    ? (JSON.parse(readFileSync(spec.stateFile, 'utf8')) as PlayersState)
    : players.map(() => ({ ships: 0, defenses: 0, nextEmail: 0, pending: null }));
  const host = new URL(spec.origin).host;

  const calls = new Map<
    string,
    { kind: 'read' | 'write'; sent: number; statuses: Map<number, number>; ms: number[] }
  >();
  const callOf = (name: string, kind: 'read' | 'write') => {
    let entry = calls.get(name);
    if (entry === undefined) {
      entry = { kind, sent: 0, statuses: new Map(), ms: [] };
      calls.set(name, entry);
    }
    return entry;
  };
  for (const read of READS) callOf(read.name, 'read');
  for (const write of NEW_WRITES) callOf(write.name, 'write');
  for (const name of FOLLOW_UPS) callOf(name, 'write');
  let substitutions = 0;

  const head = (method: string, path: string, cookie: string, extra: string): string =>
    `${method} ${API}${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\ncookie: ${cookie}\r\n${extra}`;
  const get = (path: string, cookie: string): Buffer =>
    Buffer.from(`${head('GET', path, cookie, `accept-encoding: ${spec.acceptEncoding}\r\n`)}\r\n`);
  const send = (method: string, path: string, cookie: string, body = ''): Buffer =>
    Buffer.from(
      `${head(method, path, cookie, `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`)}\r\n${body}`,
    );
  const idOf = (body: string): number | null => {
    try {
      const id = (JSON.parse(body) as { data?: { id?: unknown } }).data?.id;
      return typeof id === 'number' ? id : null;
    } catch {
      return null;
    }
  };

  /** The write a player sends now, and what to remember once it succeeds. */
  function write(connection: Connection, index: number): { out: Outgoing; buffer: Buffer } {
    const player = players[index] as MixedPlayer;
    const own = state[index] as PlayerState;
    const cookie = player.cookie;
    const pending = own.pending;
    if (pending !== null) {
      // Cleared once sent: a cancel or recall lost when the run stops is not sent twice.
      own.pending = null;
      if (pending.kind === 'cancel')
        return {
          out: { call: 'DELETE level cancel', kind: 'write', player: index },
          buffer: send('DELETE', `${pending.path}?id=${pending.id}`, cookie),
        };
      return {
        out: { call: 'POST /me/fleets/:id/recall', kind: 'write', player: index },
        buffer: send('POST', `/me/fleets/${pending.id}/recall`, cookie),
      };
    }
    let chosen = pick(NEW_WRITES, connection.random()).name;
    const usedUp =
      (chosen === 'POST ship order' && own.ships >= player.unitQueue) ||
      (chosen === 'POST defense order' && own.defenses >= player.unitQueue) ||
      (chosen === 'PUT email read' && own.nextEmail >= player.emailIds.length);
    if (usedUp) {
      substitutions += 1;
      chosen = 'POST level start';
    }
    switch (chosen) {
      case 'POST ship order':
      case 'POST defense order': {
        // Counted when sent: an order whose answer is lost may still have taken its queue place.
        const ships = chosen === 'POST ship order';
        if (ships) own.ships += 1;
        else own.defenses += 1;
        const path = ships ? `/me/planet/ships/${player.ship}` : `/me/planet/defenses/${player.defense}`;
        return {
          out: { call: chosen, kind: 'write', player: index },
          buffer: send('POST', path, cookie, '{"value":1}'),
        };
      }
      case 'PUT email read': {
        const id = player.emailIds[own.nextEmail] as number;
        own.nextEmail += 1;
        return {
          out: { call: chosen, kind: 'write', player: index },
          buffer: send('PUT', `/me/emails/${id}`, cookie),
        };
      }
      case 'POST /me/fleets transport': {
        const body = JSON.stringify({
          mission: 1,
          target: player.target,
          ships: [{ id: player.cargoShip, count: 1 }],
          speed: 100,
          prefer: 'shortest',
          cargo: { metal: 100, crystal: 0, fuel: 0 },
        });
        return {
          out: {
            call: chosen,
            kind: 'write',
            player: index,
            onOk: (answer) => {
              const id = idOf(answer);
              if (id !== null) own.pending = { kind: 'recall', id };
            },
          },
          buffer: send('POST', '/me/fleets', cookie, body),
        };
      }
      default: {
        const level = LEVELS[Math.floor(connection.random() * LEVELS.length)] ?? LEVELS[0];
        return {
          out: {
            call: 'POST level start',
            kind: 'write',
            player: index,
            onOk: (answer) => {
              const id = idOf(answer);
              if (id !== null) own.pending = { kind: 'cancel', path: `/me/planet/${level.kind}`, id };
            },
          },
          buffer: send('POST', `/me/planet/${level.kind}/${level.id}`, player.cookie),
        };
      }
    }
  }

  function next(connection: Connection): Buffer {
    if (connection.left <= 0) {
      connection.poolIndex = (connection.poolIndex + 1) % connection.pool.length;
      connection.left = SESSION_MIN + Math.floor(connection.random() * (SESSION_MAX - SESSION_MIN + 1));
    }
    connection.left -= 1;
    const index = connection.pool[connection.poolIndex] as number;
    const player = players[index] as MixedPlayer;
    let out: Outgoing;
    let buffer: Buffer;
    if (connection.random() < spec.writeShare) ({ out, buffer } = write(connection, index));
    else {
      const read = pick(READS, connection.random());
      const path =
        read.path ??
        // Leaderboard: mostly the first page, sometimes the next ones.
        `/accounts?offset=${25 * Math.floor(connection.random() ** 3 * 4)}&limit=25&order_by=total_points`;
      out = { call: read.name, kind: 'read', player: index };
      buffer = get(path, player.cookie);
    }
    connection.inFlight = out;
    connection.queue.keepBody = out.onOk !== undefined;
    callOf(out.call, out.kind).sent += 1;
    return buffer;
  }

  let connectionCount = 0;
  const setupClient = (client: Client): void => {
    const number = connectionCount++;
    const pool = players.map((_, index) => index).filter((index) => index % spec.connections === number);
    const random = prng(spec.seed + number);
    const connection: Connection = {
      random,
      pool,
      // Each connection starts on a player of its own, at a random point of its session.
      poolIndex: Math.floor(random() * pool.length),
      left: 1 + Math.floor(random() * SESSION_MAX),
      inFlight: null,
      queue: client.pipelinedRequests,
    };
    const iterator = client.requestIterator;
    iterator.context = connection;
    iterator.resetContext = () => undefined;
    iterator.rebuildRequest = function rebuildRequest() {
      this.resetted = false;
      const buffer = next(connection);
      this.currentRequest.requestBuffer = buffer;
      return buffer;
    };
    iterator.recordBody = (_request, status, body) => {
      const out = connection.inFlight;
      if (out === null) return;
      const entry = callOf(out.call, out.kind);
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      if (status >= 200 && status < 300) out.onOk?.(body);
    };
    client.on('response', (_status, _bytes, durationMs) => {
      const out = connection.inFlight;
      if (out !== null) callOf(out.call, out.kind).ms.push(durationMs);
      connection.inFlight = null;
    });
    // The first request was built by autocannon before this ran: build it again from the context.
    iterator.rebuildRequest();
  };

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.seconds,
    timeout: 10,
    // A request entry with a setupRequest makes autocannon rebuild (here: take `next`) every time.
    requests: [{ method: 'GET', path: `${API}/health`, setupRequest: (request) => request }],
    setupClient: setupClient as unknown as (client: autocannon.Client) => void,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  writeFileSync(spec.stateFile, JSON.stringify(state));

  const all: number[] = [];
  const readMs: number[] = [];
  const writeMs: number[] = [];
  const figures: Record<string, CallFigures> = {};
  let unanswered = 0;
  const reads = { answered: 0, ok: 0 };
  const writes = { answered: 0, succeeded: 0, refused: 0, failed: 0 };
  for (const [name, entry] of calls) {
    const answered = [...entry.statuses.values()].reduce((sum, count) => sum + count, 0);
    unanswered += entry.sent - answered;
    const ok = [...entry.statuses]
      .filter(([status]) => status >= 200 && status < 300)
      .reduce((sum, [, count]) => sum + count, 0);
    if (entry.kind === 'read') {
      reads.answered += answered;
      reads.ok += ok;
      readMs.push(...entry.ms);
    } else {
      writes.answered += answered;
      writes.succeeded += ok;
      for (const [status, count] of entry.statuses) {
        if (status >= 400 && status < 500) writes.refused += count;
        else if (status >= 500) writes.failed += count;
      }
      writeMs.push(...entry.ms);
    }
    all.push(...entry.ms);
    figures[name] = {
      kind: entry.kind,
      sent: entry.sent,
      statuses: Object.fromEntries(entry.statuses),
      p50Ms: percentile(entry.ms, 50),
      p99Ms: percentile(entry.ms, 99),
    };
  }
  const answered = reads.answered + writes.answered;
  const output: MixedLoadResult = {
    seconds: spec.seconds,
    requestsPerSecond: answered / spec.seconds,
    answered,
    p50Ms: percentile(all, 50),
    p99Ms: percentile(all, 99),
    maxMs: all.length === 0 ? Number.NaN : (all[all.length - 1] as number),
    reads: { ...reads, p50Ms: percentile(readMs, 50), p99Ms: percentile(readMs, 99) },
    writes: { ...writes, p50Ms: percentile(writeMs, 50), p99Ms: percentile(writeMs, 99) },
    calls: figures,
    unanswered,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    substitutions,
    loadCpuMicrosPerRequest: answered > 0 ? (cpu.user + cpu.system) / answered : 0,
    loadCpuShareOfOneCore: (cpu.user + cpu.system) / 1e6 / wallSeconds,
    autocannon: {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
    },
  };
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
