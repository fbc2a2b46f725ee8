/**
 * Fleet arrivals that settling cannot apply alone (FLEETS.md section 7, decision 173): attack,
 * spy, transport to another account, exploit and colonize. Each is applied in one transaction
 * that locks the owner and the other account in ascending id order, settles the owner to the
 * arrival (settling stops there) and the other account to the same instant, and stores both
 * outcomes, the debris, the colony and the reports. Exactly once: under the locks, the fleet must
 * still be the owner's next due arrival, and its row is changed by a guarded update.
 */
import {
  cloneAccount,
  writableFleet,
  isExternalArrival,
  nextExternalFleetEvent,
  resolveAttack,
  resolveColonize,
  resolveExploit,
  resolveSpy,
  resolveTransport,
  settle,
  turnRound,
  type AccountState,
  type FleetNotice,
  type FleetState,
  type GameEvent,
  type MissionResult,
  type PlanetTypeKey,
} from '@starhold/rules';
import { sql, type Kysely } from 'kysely';
import { coalescedReadsUnderway } from '../../db/coalesce.js';
import { prepared } from '../../db/prepared.js';
import type { Database, FleetsTable } from '../../db/schema.js';
import { withAccounts, type AccountsChange, type EconomyDeps } from '../economy/index.js';
import {
  insertReports,
  lockOrbit,
  lockOrbits,
  orbitView,
  setDebris,
  setDebrisOf,
  deleteFleetRowsOf,
  fleetChanged,
  parseFleet,
  updateFleetRows,
  type OrbitView,
} from './fleets.repository.js';
import { isoAt as toIso } from '../../context.js';

/** Enough for a burst of arrivals at one account; the rest wait for its next read or the scheduler. */
const MAX_ARRIVALS_PER_CALL = 32;
/** How deep a chain of blocked targets (A's arrival waits for B's, which waits for C's) is followed. */
const MAX_BLOCKED_DEPTH = 4;
/** A colony's name until its owner renames it (names are 3 to 20 characters). */
export const COLONY_NAME = 'Colony';

interface DueArrival {
  ownerId: number;
  fleetId: number;
  targetAccountId: number | null;
  arrivesAt: number;
  target: { systemId: number; orbit: number };
}

const DUE_COLUMNS = [
  'account_id',
  'id',
  'target_account_id',
  'arrives_at',
  'target_system_id',
  'target_orbit',
  'data',
] as const;

function dueFrom(rows: readonly Pick<FleetsTable, (typeof DUE_COLUMNS)[number]>[]): DueArrival[] {
  return rows
    .filter((row) => isExternalArrival(parseFleet(row.data)))
    .map((row) => ({
      ownerId: row.account_id,
      fleetId: row.id,
      targetAccountId: row.target_account_id,
      arrivesAt: Date.parse(row.arrives_at),
      target: { systemId: row.target_system_id, orbit: row.target_orbit },
    }));
}

/**
 * Other accounts' arrivals on the same orbit before this one, not applied yet: they come first
 * (the earlier colonist takes the orbit, the earlier recycler the debris, the earlier attack
 * fights the planet first), whichever account is read first.
 */
async function earlierOnOrbit(db: Kysely<Database>, arrival: DueArrival): Promise<DueArrival[]> {
  return dueFrom(
    await earlierOnOrbitRows.execute(
      db,
      arrival.target.systemId,
      arrival.target.orbit,
      toIso(arrival.arrivesAt),
      arrival.ownerId,
    ),
  );
}

const earlierOnOrbitRows = prepared(
  4,
  (db: Kysely<Database>, systemId: number, orbit: number, before: string, ownerId: number) =>
    db
      .selectFrom('fleets')
      .select(DUE_COLUMNS)
      .where('target_system_id', '=', systemId)
      .where('target_orbit', '=', orbit)
      .where('state', '=', sql.lit('outbound'))
      .where('arrives_at', '<', before)
      .where('account_id', '<>', ownerId)
      .orderBy('arrives_at'),
);

/** Outbound fleets due by `now` that involve the account (its own or heading for its planets). */
async function dueArrivals(db: Kysely<Database>, accountId: number, now: number): Promise<DueArrival[]> {
  return dueFrom(await dueArrivalRows.execute(db, accountId, toIso(now)));
}

/**
 * The account's own fleets, then those heading for it, each through its index (the primary key;
 * the partial `fleets_incoming_idx`, decision 256): SQLite does not take a partial index for one
 * side of an OR, and without one it read every fleet due by then.
 */
const dueArrivalRows = prepared(2, (db: Kysely<Database>, accountId: number, by: string) =>
  db
    .selectFrom('fleets')
    .select(DUE_COLUMNS)
    .where('account_id', '=', accountId)
    .where('state', '=', sql.lit('outbound'))
    .where('arrives_at', '<=', by)
    .unionAll(
      db
        .selectFrom('fleets')
        .select(DUE_COLUMNS)
        .where('target_account_id', '=', accountId)
        .where('account_id', '<>', accountId)
        .where('state', '=', sql.lit('outbound'))
        .where('arrives_at', '<=', by),
    )
    .orderBy('arrives_at')
    .orderBy('account_id')
    .orderBy('id'),
);

/**
 * Applies, in time order, the due arrivals that involve `accountId`, before anything reads or
 * changes it. Costs one indexed query when none is due.
 */
export async function applyDueArrivals(deps: EconomyDeps, accountId: number, now: number): Promise<void> {
  let previous = '';
  for (let round = 0; round < MAX_ARRIVALS_PER_CALL; round += 1) {
    const [next] = await dueArrivals(deps.database.db, accountId, now);
    if (next === undefined) return;
    const key = `${next.ownerId}:${next.fleetId}`;
    // The same arrival again: it could not be applied (a blocked chain too deep); leave it.
    if (key === previous) return;
    previous = key;
    await applyArrivalOf(deps, next.ownerId, now, 0);
  }
}

type Applied = { kind: 'applied' } | { kind: 'none' } | { kind: 'blocked'; by: number } | { kind: 'retry' };

/**
 * Applies the owner's next due external arrival (after its blockers when its target has one).
 * Whether it was applied.
 */
async function applyArrivalOf(
  deps: EconomyDeps,
  ownerId: number,
  now: number,
  depth: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [next] = (await dueArrivals(deps.database.db, ownerId, now)).filter(
      (arrival) => arrival.ownerId === ownerId,
    );
    if (next === undefined) return false;
    if (depth < MAX_BLOCKED_DEPTH) {
      for (const earlier of await earlierOnOrbit(deps.database.db, next))
        await applyArrivalOf(deps, earlier.ownerId, now, depth + 1);
    }
    const outcome = await applyOne(deps, next, now);
    if (outcome.kind === 'applied') return true;
    if (outcome.kind === 'none') return false;
    if (outcome.kind === 'blocked') {
      if (depth >= MAX_BLOCKED_DEPTH) return false;
      await applyArrivalOf(deps, outcome.by, now, depth + 1);
    }
  }
  return false;
}

/**
 * The accounts one transaction holds while it applies arrivals: each as loaded (`before`, with the
 * colony rows inserted meanwhile), as the arrivals applied so far left it (`current`), and the
 * events those produced. Saved once per account at the end, however many arrivals touched it.
 */
interface WorkingSet {
  trx: Kysely<Database>;
  before: Map<number, AccountState>;
  current: Map<number, AccountState>;
  events: Map<number, GameEvent[]>;
  /**
   * A chunk's orbits, locked and read once when it starts and kept up to date by its arrivals
   * (debris, colonies); undefined on the one-by-one path, which locks and reads its orbit itself.
   */
  orbits?: Map<string, OrbitView | undefined>;
  /** A chunk's debris fields as its arrivals left them, by orbit id: written once, at its end. */
  debris?: Map<number, { metal: number; crystal: number }>;
}

function workingSet(
  trx: Kysely<Database>,
  states: ReadonlyMap<number, AccountState>,
  orbits?: Map<string, OrbitView | undefined>,
): WorkingSet {
  return {
    trx,
    before: new Map(states),
    current: new Map(states),
    events: new Map(),
    ...(orbits === undefined ? {} : { orbits, debris: new Map() }),
  };
}

const orbitKey = (target: { systemId: number; orbit: number }): string =>
  `${target.systemId}:${target.orbit}`;

/** The arrival's orbit, locked: from the chunk's views, or locked and read now. */
async function targetOrbit(
  deps: EconomyDeps,
  set: WorkingSet,
  target: { systemId: number; orbit: number },
): Promise<OrbitView | undefined> {
  const key = orbitKey(target);
  if (set.orbits?.has(key)) return set.orbits.get(key);
  await lockOrbit(set.trx, deps.database.dialect, target.systemId, target.orbit);
  const view = await orbitView(set.trx, target.systemId, target.orbit);
  set.orbits?.set(key, view);
  return view;
}

/** What an arrival changed on its orbit, for the next arrivals of the chunk. */
function orbitChanged(set: WorkingSet, view: OrbitView, change: Partial<OrbitView>): void {
  for (const [key, kept] of set.orbits ?? [])
    if (kept?.orbitId === view.orbitId) set.orbits?.set(key, { ...kept, ...change });
}

function record(set: WorkingSet, after: AccountState, events: readonly GameEvent[]): void {
  set.current.set(after.accountId, after);
  const list = set.events.get(after.accountId);
  if (list === undefined) set.events.set(after.accountId, [...events]);
  else list.push(...events);
}

/** What the working set changed, one entry per account an arrival touched. */
function changesOf(set: WorkingSet): AccountsChange[] {
  const changes: AccountsChange[] = [];
  for (const [accountId, events] of set.events) {
    const before = set.before.get(accountId);
    const after = set.current.get(accountId);
    if (before !== undefined && after !== undefined) changes.push({ before, after, events });
  }
  return changes;
}

const involved = (arrival: DueArrival): number[] =>
  arrival.targetAccountId === null ? [arrival.ownerId] : [arrival.ownerId, arrival.targetAccountId];

async function applyOne(deps: EconomyDeps, planned: DueArrival, now: number): Promise<Applied> {
  return withAccounts<Applied>(deps, involved(planned), async (trx, states) => {
    const set = workingSet(trx, states);
    const result = await applyInto(deps, set, planned, now);
    return { changes: changesOf(set), result };
  });
}

/**
 * Applies one arrival to the working set: the owner settled to the arrival instant from its
 * current state, the mission resolved against the target's current state, both recorded.
 */
async function applyInto(
  deps: EconomyDeps,
  set: WorkingSet,
  planned: DueArrival,
  now: number,
): Promise<Applied> {
  const trx = set.trx;
  const stored = set.current.get(planned.ownerId);
  if (stored === undefined) return { kind: 'none' };
  const settled = settle(stored, Math.max(now, stored.settledAt), deps.rules);
  const next = nextExternalFleetEvent(settled.state);
  if (next === null || next.at > now || settled.state.settledAt !== next.at) return { kind: 'none' };
  // Another arrival of the owner's comes first, or this one was applied meanwhile: look again.
  if (next.fleetId !== planned.fleetId) return { kind: 'retry' };
  const fleet = settled.state.fleets?.find((candidate) => candidate.id === next.fleetId);
  if (fleet === undefined) return { kind: 'none' };

  const orbit = await targetOrbit(deps, set, fleet.target);
  const targetOwner = orbit?.planet?.accountId ?? null;
  const needsTarget = fleet.mission === 1 || fleet.mission === 3 || fleet.mission === 4;
  if (needsTarget && targetOwner !== null && targetOwner !== planned.targetAccountId) {
    // The planet changed hands since dispatch: lock its present owner instead.
    await trx
      .updateTable('fleets')
      .set({ target_account_id: targetOwner })
      .where('account_id', '=', planned.ownerId)
      .where('id', '=', fleet.id)
      .execute();
    return { kind: 'retry' };
  }
  const target = targetOwner === null ? undefined : set.current.get(targetOwner);

  let result: MissionResult;
  let colonyId: number | null = null;
  if (needsTarget) {
    if (orbit?.planet === null || orbit === undefined || target === undefined) {
      record(set, turnedBack(settled.state, fleet.id, next.at), settled.events);
      return { kind: 'applied' };
    }
    const planetId = orbit.planet.planetId;
    const debris = orbit.debris;
    result =
      fleet.mission === 3
        ? resolveAttack(settled.state, fleet.id, target, planetId, debris, deps.rules)
        : fleet.mission === 4
          ? resolveSpy(settled.state, fleet.id, target, planetId, debris, deps.rules)
          : resolveTransport(settled.state, fleet.id, target, planetId, deps.rules);
  } else if (fleet.mission === 5) {
    result = resolveExploit(settled.state, fleet.id, orbit?.debris ?? null);
  } else {
    colonyId =
      orbit !== undefined && orbit.planet === null
        ? await insertColony(trx, settled.state, orbit, next.at)
        : null;
    if (colonyId !== null && orbit !== undefined)
      orbitChanged(set, orbit, { planet: { accountId: planned.ownerId, planetId: colonyId } });
    result = resolveColonize(settled.state, fleet.id, {
      free: colonyId !== null,
      planetType: (orbit?.planetType ?? 'default') as PlanetTypeKey,
      maxCapacity: orbit?.maxCapacity ?? 0,
      newPlanetId: colonyId ?? 0,
    });
  }

  if (!result.ok) {
    if (result.reason === 'TARGET_BLOCKED' && target !== undefined)
      return { kind: 'blocked', by: target.accountId };
    // The arrival cannot happen as planned (the planet is gone): the fleet flies home.
    if (colonyId !== null) await dropColony(set, orbit, colonyId);
    record(set, turnedBack(settled.state, fleet.id, next.at), settled.events);
    return { kind: 'applied' };
  }
  const outcome = result.value;
  if (colonyId !== null) {
    const colony = outcome.owner.planets.find((planet) => planet.id === colonyId);
    if (outcome.colony === undefined || colony === undefined) await dropColony(set, orbit, colonyId);
    else {
      await trx
        .updateTable('planets')
        .set({ ...colony.resources })
        .where('id', '=', colonyId)
        .execute();
      const before = set.before.get(planned.ownerId);
      if (before !== undefined)
        set.before.set(planned.ownerId, withColonyRow(before, colonyId, outcome.owner));
    }
  }
  if (outcome.debris !== undefined && orbit !== undefined) {
    if (set.debris === undefined) await setDebris(trx, orbit.orbitId, outcome.debris);
    else set.debris.set(orbit.orbitId, { ...outcome.debris });
    orbitChanged(set, orbit, { debris: { ...outcome.debris } });
  }

  const noticesFor = (accountId: number): FleetNotice[] =>
    outcome.notices.filter((notice) => notice.accountId === accountId);
  record(set, outcome.owner, [...settled.events, ...noticesFor(stored.accountId)]);
  if (outcome.target !== null && target !== undefined && outcome.target.accountId !== stored.accountId)
    record(set, outcome.target, [...outcome.targetEvents, ...noticesFor(target.accountId)]);
  return { kind: 'applied' };
}

/**
 * The scheduler's path for arrivals (decisions 174 and 177): the due arrivals of every account
 * taken in time order (arrival, owner, fleet id) and applied in chunks, each chunk one transaction
 * that locks all its accounts in ascending id order, then its orbits in order, loads each account
 * once, applies the chunk's arrivals one after the other and saves each account once. An arrival
 * that cannot be applied as planned (its target is blocked, changed hands, or the owner has an
 * earlier one) ends its chunk's transaction and goes through the one-by-one path before the
 * chunk's next arrivals. Returns the number of arrivals applied.
 *
 * Time order holds per account and per orbit, which is all an arrival depends on: on SQLite the
 * chunks are consecutive and run one after the other, sized to a few ms of work each with the
 * event loop yielded in between (the driver is synchronous: a chunk holds the one connection and
 * every read); on PostgreSQL chunks that share no account and no orbit run at once on several
 * connections, a chunk starting only once every earlier chunk sharing one with it has finished.
 */
export async function applyArrivalBatch(deps: EconomyDeps, now: number, limit: number): Promise<number> {
  const due = dueFrom(await dueBatchRows.execute(deps.database.db, toIso(now), limit));
  if (due.length === 0) return 0;
  return deps.database.dialect.arrivalChunksAtOnce > 1
    ? applyConcurrently(deps, due, now)
    : applyInTurn(deps, due, now);
}

const dueBatchRows = prepared(2, (db: Kysely<Database>, by: string, limit: number) =>
  db
    .selectFrom('fleets')
    .select(DUE_COLUMNS)
    // A literal, as the partial index fleets_due_idx names it (migration 014).
    .where('state', '=', sql.lit('outbound'))
    .where('arrives_at', '<=', by)
    .orderBy('arrives_at')
    .orderBy('account_id')
    .orderBy('id')
    .limit(limit),
);

/**
 * How long one chunk run in turn (SQLite) may hold the connection and the event loop while
 * requests are coming in: they wait that long.
 */
export const CHUNK_BUDGET_MS = 2;
/**
 * The same once the yields before the chunk found nothing waiting (decision 250): no request is
 * held up, and a longer chunk shares its commit and its fixed statements (the lock, the orbits,
 * the emails' and reports' inserts) among more arrivals.
 */
export const QUIET_CHUNK_BUDGET_MS = 8;
/**
 * A yield to the event loop that came back within this long, with no coalesced read waiting or
 * running (coalescedReadsUnderway: every authenticated request starts with one), found no request.
 */
export const QUIET_YIELD_MS = 0.2;
/**
 * How many quiet yields in a row make the quiet budget: under load a yield may find the clients
 * between two requests, and a long chunk it allowed would hold their next round up.
 */
export const QUIET_YIELDS = 8;

/**
 * The size of the SQLite arrival chunks run in turn (decisions 177 and 250): each sized from the
 * last one's time per arrival to about CHUNK_BUDGET_MS of work while requests come in, to
 * QUIET_CHUNK_BUDGET_MS once QUIET_YIELDS yields in a row found none; between 1 and `largest`
 * (the dialect's arrivalChunk).
 */
export class ChunkPace {
  /** The next chunk's number of arrivals. */
  size = 1;
  private quietYields = 0;

  constructor(readonly largest: number) {}

  /**
   * After a chunk that took `taken` arrivals in `elapsedMs` and the yield after it, which took
   * `yieldMs` and after which `readsUnderway` told whether requests were on their way.
   */
  next(taken: number, elapsedMs: number, yieldMs: number, readsUnderway: boolean): number {
    this.quietYields = yieldMs < QUIET_YIELD_MS && !readsUnderway ? this.quietYields + 1 : 0;
    const budget = this.quietYields >= QUIET_YIELDS ? QUIET_CHUNK_BUDGET_MS : CHUNK_BUDGET_MS;
    const fit = Math.floor((Math.max(1, taken) * budget) / Math.max(elapsedMs, 1e-3));
    this.size = Math.max(1, Math.min(this.largest, fit));
    return this.size;
  }
}

/**
 * The pacer kept for a database handle in `kept`, made again by `make` when there is none or the
 * one kept no longer `fits` the dialect's setting (a test's handle with other settings): the next
 * batch (100 arrivals a scheduler run) goes on where the last one left off.
 */
function keptPacer<T>(kept: WeakMap<object, T>, db: object, fits: (pacer: T) => boolean, make: () => T): T {
  let pacer = kept.get(db);
  if (pacer === undefined || !fits(pacer)) {
    pacer = make();
    kept.set(db, pacer);
  }
  return pacer;
}

/** SQLite's chunk sizes, per database handle. */
const paces = new WeakMap<object, ChunkPace>();

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Consecutive chunks one after the other, sized by the database's ChunkPace, the event loop yielded between two. */
async function applyInTurn(deps: EconomyDeps, due: readonly DueArrival[], now: number): Promise<number> {
  const largest = deps.database.dialect.arrivalChunk;
  const pace = keptPacer(
    paces,
    deps.database.db,
    (kept) => kept.largest === largest,
    () => new ChunkPace(largest),
  );
  let applied = 0;
  let index = 0;
  while (index < due.length) {
    const chunk = due.slice(index, index + pace.size);
    const started = performance.now();
    const done = await applyChunk(deps, chunk, now);
    const elapsed = performance.now() - started;
    applied += done.applied;
    index += done.taken;
    if (done.stopped !== null) {
      await yieldToEventLoop();
      // Its blockers first, as a read of the owner would.
      if (await applyArrivalOf(deps, done.stopped.ownerId, now, 0)) applied += 1;
      index += 1;
    }
    const yielded = performance.now();
    await yieldToEventLoop();
    pace.next(done.taken, elapsed, performance.now() - yielded, coalescedReadsUnderway());
  }
  return applied;
}

interface PlannedChunk {
  arrivals: DueArrival[];
  /** Earlier chunks sharing an account or an orbit with this one: they finish first. */
  after: Set<PlannedChunk>;
}

const keysOf = (arrival: DueArrival): string[] => [
  ...involved(arrival).map((id) => `a${id}`),
  `o${orbitKey(arrival.target)}`,
];

/**
 * The batch's arrivals, in time order, grouped into chunks of at most the dialect's arrivalChunk:
 * an arrival joins the chunk that last took one of its accounts or its orbit when that is the only
 * one and has room; one touching no chunk yet joins the smallest open chunk (or opens one, up to
 * the dialect's arrivalChunksAtOnce); otherwise it opens a chunk that waits for every chunk it shares one with.
 * Each account and orbit therefore sees its arrivals in time order, whichever chunks run at once.
 */
function planChunks(due: readonly DueArrival[], largest: number, atOnce: number): PlannedChunk[] {
  const chunks: PlannedChunk[] = [];
  const lastWith = new Map<string, PlannedChunk>();
  let open: PlannedChunk[] = [];
  const openChunk = (after: Set<PlannedChunk>): PlannedChunk => {
    const chunk: PlannedChunk = { arrivals: [], after };
    chunks.push(chunk);
    open.push(chunk);
    return chunk;
  };
  for (const arrival of due) {
    const keys = keysOf(arrival);
    const touching = new Set(keys.flatMap((key) => lastWith.get(key) ?? []));
    let chunk: PlannedChunk;
    const [only] = touching;
    if (only === undefined) {
      const smallest = open.reduce<PlannedChunk | undefined>(
        (best, candidate) =>
          best === undefined || candidate.arrivals.length < best.arrivals.length ? candidate : best,
        undefined,
      );
      chunk = smallest === undefined || open.length < atOnce ? openChunk(new Set()) : smallest;
    } else if (touching.size === 1 && only.arrivals.length < largest) chunk = only;
    else chunk = openChunk(touching);
    chunk.arrivals.push(arrival);
    for (const key of keys) lastWith.set(key, chunk);
    if (chunk.arrivals.length >= largest) open = open.filter((candidate) => candidate !== chunk);
  }
  return chunks;
}

/** The event loop's lag (moving average) above which fewer chunks run at once, below which more. */
const LAG_HIGH_MS = 8;
const LAG_LOW_MS = 3;

/**
 * How many chunks run at once on PostgreSQL (decision 204): between 1 and the dialect's
 * arrivalChunksAtOnce, from the event loop's lag that the chunks measure when they yield between
 * two arrivals (what the HTTP side and the other chunks did meanwhile). A busy loop, where reads
 * already wait, gets fewer chunks at once; a quiet one the dialect's number.
 */
export class ArrivalPacer {
  private lag = 0;
  atOnce: number;

  constructor(readonly most: number) {
    this.atOnce = most;
  }

  /** One yield's lag, in ms. */
  observe(lagMs: number): void {
    this.lag = this.lag * 0.8 + lagMs * 0.2;
  }

  /** The number of chunks that may run from now on, moved by one at most per call from the lag. */
  adjust(): number {
    if (this.lag > LAG_HIGH_MS) this.atOnce = Math.max(1, this.atOnce - 1);
    else if (this.lag < LAG_LOW_MS) this.atOnce = Math.min(this.most, this.atOnce + 1);
    return this.atOnce;
  }
}

/** PostgreSQL's chunks at once, per database handle. */
const pacers = new WeakMap<object, ArrivalPacer>();

function pacerFor(deps: EconomyDeps): ArrivalPacer {
  const most = deps.database.dialect.arrivalChunksAtOnce;
  return keptPacer(
    pacers,
    deps.database.db,
    (kept) => kept.most === most,
    () => new ArrivalPacer(most),
  );
}

/** Chunks that share nothing run at once, as many as the pacer allows. */
async function applyConcurrently(
  deps: EconomyDeps,
  due: readonly DueArrival[],
  now: number,
): Promise<number> {
  const { arrivalChunk, arrivalChunksAtOnce } = deps.database.dialect;
  const chunks = planChunks(due, arrivalChunk, arrivalChunksAtOnce);
  const pacer = pacerFor(deps);
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async (): Promise<void> => {
    if (running < pacer.adjust()) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = (): void => {
    running -= 1;
    // At least one runs whenever any waits: the limit is never below 1.
    while (waiting.length > 0 && running < pacer.atOnce) {
      running += 1;
      waiting.shift()?.();
    }
  };
  const done = new Map<PlannedChunk, Promise<number>>();
  for (const chunk of chunks) {
    const earlier = [...chunk.after].flatMap((other) => done.get(other) ?? []);
    done.set(
      chunk,
      (async () => {
        // Waiting for earlier chunks holds no slot: a slot is only held while a chunk runs. One
        // that failed leaves its arrivals unapplied: the later ones sharing with it wait for the
        // next run rather than overtake them.
        await Promise.all(earlier);
        await slot();
        try {
          return await applyAll(deps, chunk.arrivals, now, pacer);
        } finally {
          release();
        }
      })(),
    );
  }
  let applied = 0;
  for (const outcome of await Promise.allSettled(done.values())) {
    if (outcome.status === 'rejected') throw outcome.reason;
    applied += outcome.value;
  }
  return applied;
}

/** A chunk's arrivals in one transaction, and again after any that had to go one by one. */
async function applyAll(
  deps: EconomyDeps,
  arrivals: readonly DueArrival[],
  now: number,
  pacer: ArrivalPacer,
): Promise<number> {
  let applied = 0;
  let index = 0;
  while (index < arrivals.length) {
    const done = await applyChunk(deps, arrivals.slice(index), now, pacer);
    applied += done.applied;
    index += done.taken;
    if (done.stopped !== null) {
      if (await applyArrivalOf(deps, done.stopped.ownerId, now, 0)) applied += 1;
      index += 1;
    }
  }
  return applied;
}

/**
 * Writes the fleet rows the chunk changed in all its accounts with two statements (decision 203):
 * one guarded update of the fleets that arrived (now returning, or turned back) and one delete of
 * those that were destroyed or landed. Answers the changes with `before` as the rows now are, so
 * that each account's save writes only the fleets that left.
 */
async function withFleetRowsWritten(
  trx: Kysely<Database>,
  changes: readonly AccountsChange[],
): Promise<AccountsChange[]> {
  const updated: { accountId: number; fleet: FleetState; previous: FleetState }[] = [];
  const landed: { accountId: number; fleetId: number }[] = [];
  for (const { before, after } of changes) {
    const next = new Map((after.fleets ?? []).map((fleet) => [fleet.id, fleet]));
    for (const previous of before.fleets ?? []) {
      const fleet = next.get(previous.id);
      if (fleet === undefined) landed.push({ accountId: after.accountId, fleetId: previous.id });
      else if (fleet !== previous && fleetChanged(previous, fleet))
        updated.push({ accountId: after.accountId, fleet, previous });
    }
  }
  if (updated.length === 0 && landed.length === 0) return [...changes];
  await updateFleetRows(trx, updated);
  await deleteFleetRowsOf(trx, landed);
  const written = new Map(updated.map(({ accountId, fleet }) => [`${accountId}:${fleet.id}`, fleet]));
  const gone = new Set(landed.map(({ accountId, fleetId }) => `${accountId}:${fleetId}`));
  return changes.map(({ before, after, events }) => {
    if (before.fleets === undefined) return { before, after, events };
    const stored = before.fleets.flatMap((fleet) => {
      const key = `${before.accountId}:${fleet.id}`;
      return gone.has(key) ? [] : [written.get(key) ?? fleet];
    });
    return { before: { ...before, fleets: stored }, after, events };
  });
}

async function applyChunk(
  deps: EconomyDeps,
  chunk: readonly DueArrival[],
  now: number,
  /**
   * PostgreSQL: yield to the event loop between arrivals (the chunk holds no connection others
   * need) and tell the pacer how long that took.
   */
  pacer?: ArrivalPacer,
): Promise<{ applied: number; taken: number; stopped: DueArrival | null }> {
  const targets = [...new Map(chunk.map((a) => [orbitKey(a.target), a.target])).values()];
  return withAccounts(deps, chunk.flatMap(involved), async (trx, states) => {
    // Orbits in one order too, after the accounts: two chunks sharing two fields never wait on
    // each other in a cycle.
    const orbits = await lockOrbits(trx, deps.database.dialect, targets);
    const set = workingSet(
      trx,
      states,
      new Map(targets.map((target) => [orbitKey(target), orbits.get(orbitKey(target))])),
    );
    let applied = 0;
    let taken = 0;
    let stopped: DueArrival | null = null;
    for (const arrival of chunk) {
      // PostgreSQL: the HTTP side's callbacks between two arrivals (the chunk holds its accounts'
      // and orbits' locks meanwhile, nothing else); a chunk's arrivals otherwise run back to back
      // on the event loop, the orbits being read once for the chunk.
      if (pacer !== undefined && taken > 0) {
        const yielded = performance.now();
        await yieldToEventLoop();
        pacer.observe(performance.now() - yielded);
      }
      const outcome = await applyInto(deps, set, arrival, now);
      if (outcome.kind === 'blocked' || outcome.kind === 'retry') {
        stopped = arrival;
        break;
      }
      if (outcome.kind === 'applied') applied += 1;
      taken += 1;
    }
    await setDebrisOf(trx, set.debris ?? new Map());
    return { changes: await withFleetRowsWritten(trx, changesOf(set)), result: { applied, taken, stopped } };
  });
}

/** The colony row inserted for an arrival that did not found it after all. */
async function dropColony(set: WorkingSet, orbit: OrbitView | undefined, colonyId: number): Promise<void> {
  await set.trx.deleteFrom('planets').where('id', '=', colonyId).execute();
  if (orbit !== undefined) orbitChanged(set, orbit, { planet: null });
}

/** The owner's stored state, with the colony row just inserted already in it (saved apart). */
function withColonyRow(stored: AccountState, colonyId: number | null, after: AccountState): AccountState {
  if (colonyId === null) return stored;
  const colony = after.planets.find((planet) => planet.id === colonyId);
  if (colony === undefined) return stored;
  // Only the row (resources written above); modules, ships and queues are saved as new.
  return {
    ...stored,
    planets: [
      ...stored.planets,
      {
        ...colony,
        factories: {},
        buildings: {},
        ships: {},
        defenses: {},
        queues: { factories: [], buildings: [], ships: [], defenses: [] },
      },
    ],
  };
}

/** The fleet turns round where it stands, its mission void. */
function turnedBack(settledState: AccountState, fleetId: number, at: number): AccountState {
  const after = cloneAccount(settledState);
  const fleet = writableFleet(after, fleetId);
  if (fleet !== undefined) turnRound(fleet, at);
  return after;
}

/**
 * The colony's row, or null when another colonist took the orbit first: two arrivals applied at
 * once for different accounts lock different rows, and the orbit's uniqueness decides (a plain
 * insert would fail the second one's transaction, and the read that applied it, with a 500).
 */
async function insertColony(
  trx: Kysely<Database>,
  owner: AccountState,
  orbit: OrbitView,
  at: number,
): Promise<number | null> {
  const row = await trx
    .insertInto('planets')
    .values({
      account_id: owner.accountId,
      orbit_id: orbit.orbitId,
      idx: owner.planets.length,
      name: COLONY_NAME,
      planet_type: orbit.planetType,
      max_capacity: orbit.maxCapacity,
      metal: 0,
      crystal: 0,
      fuel: 0,
      last_visit: null,
      created_at: toIso(at),
    })
    .onConflict((oc) => oc.column('orbit_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

type NoticeEmail = { title: string; at: number; params: Record<string, unknown> };

/**
 * The emails of the fleet notices addressed to the account, each combat or spy report stored
 * first (the player's copy) and linked by `report_id`.
 */
export async function fleetNoticeEmails(
  trx: Kysely<Database>,
  accountId: number,
  events: readonly GameEvent[],
): Promise<NoticeEmail[]> {
  return (await fleetNoticeEmailsOf(trx, new Map([[accountId, events]]))).get(accountId) ?? [];
}

/** `fleetNoticeEmails` for several accounts, their reports stored with one statement. */
export async function fleetNoticeEmailsOf(
  trx: Kysely<Database>,
  eventsOf: ReadonlyMap<number, readonly GameEvent[]>,
): Promise<Map<number, NoticeEmail[]>> {
  const notices: { accountId: number; notice: FleetNotice }[] = [];
  for (const [accountId, events] of eventsOf)
    for (const event of events)
      if (event.kind === 'fleet_notice' && event.accountId === accountId)
        notices.push({ accountId, notice: event });
  const reports = notices.flatMap(({ accountId, notice }) =>
    notice.report === undefined ? [] : [{ accountId, report: notice.report }],
  );
  const reportIds = await insertReports(trx, reports);
  const emails = new Map<number, NoticeEmail[]>();
  let next = 0;
  for (const { accountId, notice } of notices) {
    const reportId = notice.report === undefined ? null : (reportIds[next++] ?? null);
    const email = {
      title: notice.key,
      at: notice.at,
      params: { ...notice.params, fleet_id: notice.fleetId, owner_id: notice.ownerId, report_id: reportId },
    };
    const list = emails.get(accountId);
    if (list === undefined) emails.set(accountId, [email]);
    else list.push(email);
  }
  return emails;
}
