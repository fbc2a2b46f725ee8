/**
 * The settling transaction: every request that reads or changes an account's game state runs
 * inside `withAccount`, which locks the account, loads it, settles it to now, lets the caller
 * read or act, saves the difference, and turns the events into emails.
 */
import {
  COMMANDANTS,
  computePoints,
  findModule,
  nextWakeUpAt,
  settle,
  settleForReading,
  type AccountState,
  type GameEvent,
  type PlanetState,
  type RulesConfig,
} from '@starhold/rules';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { inspect, isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { ScheduledTask } from '../../scheduler.js';
import { DomainError } from '../../errors.js';
import type { DialectSeam } from '../../db/dialect.js';
import { prepared, preparedForLists, type PreparedQuery } from '../../db/prepared.js';
import { padKeys } from '../../db/coalesce.js';
import type { Database } from '../../db/schema.js';
import { insertEmails, insertEmailsOf, planetNames, type EmailToSend } from './emails-writer.repository.js';
import { loadAccountRowNow, loadAccountStateNow, loadAccountStatesIn } from './shared-reads.repository.js';
import {
  ACCOUNT_ROW_COLUMNS,
  focusPlanetIndex,
  guardedSaveStatement,
  loadAccountRow,
  loadAccountState,
  saveAccountState,
  saveAccountStates,
  storedForm,
  type AccountVersionRow,
  type DerivedColumns,
} from './state.repository.js';
import { touchPlanet } from './visits.repository.js';
import { fromIso, toIso } from './economy.mapping.js';
import { deepFreeze, stateCacheFor } from './state-cache.js';
import { toLiveEvents, type EventBus, type LiveEvent } from '../events/index.js';
import {
  applyArrivalBatch,
  applyDueArrivals,
  incomingArrivalAt,
  fleetNoticeEmails,
  fleetNoticeEmailsOf,
} from '../fleets/index.js';

export interface EconomyDeps {
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  rules: RulesConfig;
  /** Live push of what a transaction produced: announced with its commit, never after a rollback. */
  bus?: EventBus;
}

export function economyDeps(ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'events'>): EconomyDeps {
  return {
    database: { db: ctx.db, dialect: ctx.dialect },
    rules: { gameSpeed: ctx.config.gameSpeed },
    ...(ctx.events ? { bus: ctx.events } : {}),
  };
}

/** What a settling transaction leaves to do once it has committed: never after a rollback. */
interface OnCommit {
  /** Live events, announced on the bus. */
  events: LiveEvent[];
  callbacks: (() => void)[];
}

const pendingCommit = (): OnCommit => ({ events: [], callbacks: [] });

function committed(deps: EconomyDeps, accountId: number, pending: OnCommit): void {
  if (pending.events.length > 0) deps.bus?.publishCommitted(accountId, pending.events);
  for (const callback of pending.callbacks) callback();
}

export interface AccountContext {
  trx: Kysely<Database>;
  /** Settled to `now`. */
  state: AccountState;
  now: number;
  config: RulesConfig;
  /**
   * False on the read path (`readAccount` without a transaction): `trx` is then the database
   * itself, and reads may be shared with other requests (planetPlacesNow).
   */
  inTransaction: boolean;
  /**
   * Runs `fn` once what the call wrote is committed: at the end of `withAccount`'s transaction
   * (never after a rollback), at once on the read path, whose writes are their own statements.
   */
  afterCommit(fn: () => void): void;
  /**
   * The focus planet index read with the account (on the read path with its row, in `withAccount`
   * with its lock); a call that switches the focus sets it to the new index.
   */
  focusIndex?: number;
  /**
   * The version of the account's emails read with its row (migration 018), on the read path
   * only: in a transaction the settling may still write emails.
   */
  emailsVersion?: number;
  /**
   * When another account's fleet, outbound, first arrives at this one, as read with its row (the
   * read path's row, or the lock's in `withAccount`); null: none is on its way. Undefined where
   * the row was not read with it.
   */
  incomingAt?: string | null;
  /**
   * Outside a transaction: whether the call's own writes (the visit) commit as game writes do,
   * without waiting for the log's flush (the dialect's relaxedCommit, decision 208). Inside
   * one, the transaction's own setting applies.
   */
  relaxedCommit?: boolean;
}

/** The focus planet of the account, whose visit is recorded. */
export async function focusPlanet(ctx: AccountContext): Promise<PlanetState> {
  const index = ctx.focusIndex ?? (await focusPlanetIndex(ctx.trx, ctx.state.accountId));
  const planet = ctx.state.planets[index] ?? ctx.state.planets[0];
  if (planet === undefined) throw new DomainError('NOT_FOUND');
  await touchPlanet(
    ctx.trx,
    planet.id,
    ctx.now,
    ctx.inTransaction,
    (remember) => ctx.afterCommit(remember),
    ctx.relaxedCommit === true,
  );
  return planet;
}

export interface AccountChange<T> {
  /** The new state; omitted when the call only reads. */
  state?: AccountState;
  events?: readonly GameEvent[];
  result: T;
}

const EMAIL_TYPE_KEYS = { 1: 'factory', 2: 'building', 3: 'ship', 4: 'defense', 5: 'research' } as const;

function emailsFor(events: readonly GameEvent[], names: ReadonlyMap<number, string>): EmailToSend[] {
  const emails: EmailToSend[] = [];
  for (const event of events) {
    if (event.kind === 'item_dropped') {
      emails.push({
        title: 'construction_failed',
        at: event.at,
        params: {
          construction: {
            type: EMAIL_TYPE_KEYS[event.typeId],
            type_id: event.typeId,
            module_id: event.moduleId,
            key: findModule(event.typeId, event.moduleId)?.key ?? null,
            level: event.targetLevel,
          },
          planet: names.get(event.planetId) ?? '',
          reason: event.reason,
        },
      });
    } else if (event.kind === 'level_finished' && event.typeId === 5) {
      emails.push({
        title: 'research_finished',
        at: event.at,
        params: {
          research: { id: event.moduleId, key: findModule(5, event.moduleId)?.key ?? null },
          level: event.level,
          planet: names.get(event.planetId) ?? '',
        },
      });
    } else if (event.kind === 'commandant_expired') {
      emails.push({
        title: 'commandant_expired',
        at: event.at,
        params: {
          commandant: {
            id: event.commandantId,
            key: COMMANDANTS.find((c) => c.id === event.commandantId)?.key ?? null,
          },
        },
      });
    }
  }
  return emails;
}

/** Settles an account whose row the transaction already holds, runs `fn`, saves. */
async function settleLocked<T>(
  trx: Kysely<Database>,
  deps: EconomyDeps,
  accountId: number,
  now: number,
  fn: (ctx: AccountContext) => AccountChange<T> | Promise<AccountChange<T>>,
  pending: OnCommit,
  /** The account row as the transaction's lock statement read it. */
  row?: LockedAccountRow,
  /**
   * Whether another account's fleet is due here (the lock row's `incoming_at`), to give up with
   * ARRIVALS_FIRST when an arrival must be applied first; null: go on in any case.
   */
  incomingDue: boolean | null = null,
): Promise<T | typeof ARRIVALS_FIRST> {
  const before = await loadAccountState(trx, accountId, stateCacheFor(deps.database.db), row);
  // A clock behind the last settling (another process, a restarted clock) must not rewind time.
  const at = Math.max(now, before.settledAt);
  const settled = settle(before, at, deps.rules);
  // Settling stops at one of its own fleets' arrivals that touches another account.
  if (incomingDue !== null && (incomingDue || settled.state.settledAt < at)) return ARRIVALS_FIRST;
  const change = await fn({
    trx,
    state: settled.state,
    now: at,
    config: deps.rules,
    inTransaction: true,
    afterCommit: (callback) => pending.callbacks.push(callback),
    ...(row === undefined ? {} : { focusIndex: row.focus_planet_index, incomingAt: row.incoming_at }),
  });
  const after = change.state ?? settled.state;
  const events = [...settled.events, ...(change.events ?? [])];
  // A read over a stretch where only time moved: settling is a pure function of the stored
  // snapshot and the clock, so the stored row stays a valid "settled at settled_at" snapshot and
  // the next reader derives the same state from it. Writing it would cost a commit per screen.
  if (change.state === undefined && events.length === 0) {
    await renewWakeUp(trx, accountId, settled.state, at, row);
    return change.result;
  }
  const version = await saveSettled(trx, deps, before, after, events, pending, row && storedDerived(row));
  await keepSaved(trx, deps, storedForm(before, after), pending, version);
  return change.result;
}

/**
 * A visit that changed nothing, of an account whose wake-up has come (decision 210: a stored
 * `next_event_at` may be earlier than the next event): the next wake-up (nextWakeUpAt, decision
 * 216) is stored, so that the scheduler does not pick the account again and again. Only
 * `next_event_at` is written, which leaves the state's version (and the state kept at it) alone.
 * Without the lock row: the scheduler, which only visits accounts whose wake-up has come.
 */
async function renewWakeUp(
  trx: Kysely<Database>,
  accountId: number,
  state: AccountState,
  at: number,
  row: LockedAccountRow | undefined,
): Promise<void> {
  if (row !== undefined && (row.next_event_at === null || fromIso(row.next_event_at) > at)) return;
  const next = nextWakeUpAt(state);
  const stored = next === null ? null : toIso(next);
  if (row !== undefined && row.next_event_at === stored) return;
  await renewWakeUpStatement.run(trx, stored, accountId);
}

const renewWakeUpStatement = prepared(
  2,
  (db: Kysely<Database>, nextEvent: string | null, accountId: number) =>
    db.updateTable('accounts').set({ next_event_at: nextEvent }).where('id', '=', accountId),
);

/**
 * Keeps the state a transaction saved (in its stored form, storedForm) in the state cache under
 * the version the save gave the account row, once the transaction has committed (decision 186): the next request of the
 * account then reads one row instead of its seven tables. Only after the commit: a rolled-back
 * version number could later be reached again by another change. `version` must be read after the
 * transaction's last write to the account's state tables.
 * With STARHOLD_CHECK_STATE_CACHE=1 (the server test suite sets it) the saved state is compared
 * with the state the tables now give, and a difference fails the transaction: any write to the
 * state tables that `after` does not carry would otherwise be served from the cache.
 */
export async function keepSaved(
  trx: Kysely<Database>,
  deps: EconomyDeps,
  after: AccountState,
  pending: Pick<OnCommit, 'callbacks'>,
  /**
   * The account's version after the save: the save's own update returns it (settleLocked);
   * withAccounts reads all its accounts' at once.
   */
  version: number,
): Promise<void> {
  if (CHECK_STATE_CACHE) {
    const stored = await loadAccountState(trx, after.accountId);
    if (!isDeepStrictEqual(stored, after))
      throw new Error(
        `saved state differs from the stored one for account ${after.accountId} at ${firstDifference(after, stored)}`,
      );
  }
  const cache = stateCacheFor(deps.database.db);
  pending.callbacks.push(() => cache.set(after.accountId, version, deepFreeze(after)));
}

const CHECK_STATE_CACHE = process.env.STARHOLD_CHECK_STATE_CACHE === '1';

/** Where two values first differ, as a path with both sides (the state cache check's message). */
function firstDifference(a: unknown, b: unknown, path = 'state'): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${inspect(a, { depth: 1 })} saved, ${inspect(b, { depth: 1 })} stored`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    if (!(key in a) || !(key in b)) {
      const side = (has: boolean, value: unknown) => (has ? inspect(value, { depth: 1 }) : 'absent');
      return `${path}.${key}: ${side(key in a, left)} saved, ${side(key in b, right)} stored`;
    }
    if (!isDeepStrictEqual(left, right)) return firstDifference(left, right, `${path}.${key}`);
  }
  return `${path}: same keys and values, different prototypes`;
}

/** Saves what changed from `before` to `after`, with the emails and live events of `events`. */
async function saveSettled(
  trx: Kysely<Database>,
  deps: EconomyDeps,
  before: AccountState,
  after: AccountState,
  events: readonly GameEvent[],
  pending: OnCommit,
  stored?: DerivedColumns,
): Promise<number> {
  const accountId = after.accountId;
  const { version } = await saveAccountState(
    trx,
    before,
    after,
    { points: computePoints(after), nextEventAt: nextWakeUpAt(after) },
    stored,
  );
  const emails = await emailsOf(trx, accountId, events);
  await insertEmails(trx, accountId, emails);
  await announce(trx, deps, accountId, toLiveEvents(events, emails.length), pending);
  return version;
}

/** The emails of a settlement's events (a fleet notice's report stored first). */
async function emailsOf(
  trx: Kysely<Database>,
  accountId: number,
  events: readonly GameEvent[],
): Promise<EmailToSend[]> {
  const emails = await settlementEmails(trx, accountId, events);
  // Fleet notices store their report first: the email carries its id (FLEETS.md section 8).
  emails.push(...(await fleetNoticeEmails(trx, accountId, events)));
  return emails;
}

/** The emails of a settlement's events other than fleet notices. */
async function settlementEmails(
  trx: Kysely<Database>,
  accountId: number,
  events: readonly GameEvent[],
): Promise<EmailToSend[]> {
  // Only construction and research emails name a planet: fleet notices do not need the read.
  const named = events.some(
    (event) => event.kind === 'item_dropped' || (event.kind === 'level_finished' && event.typeId === 5),
  );
  return emailsFor(events, named ? await planetNames(trx, accountId) : new Map());
}

/** Live events: published with the transaction, announced once it has committed. */
async function announce(
  trx: Kysely<Database>,
  deps: EconomyDeps,
  accountId: number,
  live: LiveEvent[],
  pending: OnCommit,
): Promise<void> {
  if (live.length === 0) return;
  await deps.bus?.publishInTransaction(trx, accountId, live);
  pending.events.push(...live);
}

/** What a transaction over several accounts changed in one of them. */
export interface AccountsChange {
  /** The state as `withAccounts` loaded it. */
  before: AccountState;
  after: AccountState;
  events: readonly GameEvent[];
}

/**
 * One transaction that locks several accounts in ascending id order (two transactions locking
 * the same accounts never wait on each other in a cycle), loads their stored states (not settled:
 * `fn` settles each to the instant it needs), lets `fn` change them, and saves each change with
 * its emails and live events. An account that no longer exists is missing from the states.
 * Fleet arrivals that touch two accounts go through it.
 */
export async function withAccounts<T>(
  deps: EconomyDeps,
  accountIds: readonly number[],
  fn: (
    trx: Kysely<Database>,
    states: ReadonlyMap<number, AccountState>,
  ) => Promise<{ changes: readonly AccountsChange[]; result: T }>,
): Promise<T> {
  const ids = [...new Set(accountIds)].sort((x, y) => x - y);
  const pending = new Map(ids.map((id) => [id, pendingCommit()]));
  const { db, dialect } = deps.database;
  const result = await dialect.writeTransaction(db, async (trx) => {
    // One statement locks them all, in ascending id order (PostgreSQL locks the rows as the sort
    // hands them over), and reads the rows the state load needs. An account deleted meanwhile is
    // left out of `states`: `fn` decides what that means.
    const keys = padKeys(ids);
    const rows = (await lockAccountsQuery(dialect)(keys.length).execute(trx, ...keys)).map((row) => ({
      ...row,
      state_version: Number(row.state_version),
    }));
    const stored = new Map(rows.map((row) => [row.id, storedDerived(row)]));
    // The kept states at those versions, the others with one statement per table for all of them.
    const states = await loadAccountStatesIn(
      trx,
      rows.map((row) => row.id),
      stateCacheFor(db),
      rows,
    );
    const { changes, result } = await fn(trx, states);
    // As saveSettled does for one account, with one statement for all the accounts' emails. Each
    // save's own update of the account row returns its new version (migration 015): nothing
    // after it writes to that account's state tables (each account is saved once, and the fleet
    // rows and colonies `fn` wrote came before).
    const emails: { accountId: number; email: EmailToSend }[] = [];
    const versions = new Map<number, number>();
    const notices = await fleetNoticeEmailsOf(
      trx,
      new Map(changes.map((change) => [change.after.accountId, change.events])),
    );
    for (const { after } of changes)
      if (!pending.has(after.accountId)) throw new Error(`account ${after.accountId} was not locked`);
    // The derived columns as the row holds them, so that unchanged points and due times are not
    // written again (their indexes and the ranking trigger, decision 186); the account rows of
    // all the changes in one statement per shape (decision 248).
    const saves = await saveAccountStates(
      trx,
      changes.map(({ before, after }) => ({
        before,
        after,
        derived: { points: computePoints(after), nextEventAt: nextWakeUpAt(after) },
        stored: stored.get(after.accountId),
      })),
    );
    for (const [index, { after, events }] of changes.entries()) {
      const accountId = after.accountId;
      const onCommit = pending.get(accountId);
      const saved = saves[index];
      if (onCommit === undefined || saved === undefined)
        throw new Error(`account ${accountId} was not saved`);
      // After the save the derived columns are what it wrote, should the account come again.
      stored.set(accountId, saved.stored);
      versions.set(accountId, saved.version);
      const own = [...(await settlementEmails(trx, accountId, events)), ...(notices.get(accountId) ?? [])];
      for (const email of own) emails.push({ accountId, email });
      await announce(trx, deps, accountId, toLiveEvents(events, own.length), onCommit);
    }
    await insertEmailsOf(trx, emails);
    for (const change of changes) {
      const onCommit = pending.get(change.after.accountId);
      const version = versions.get(change.after.accountId);
      if (onCommit !== undefined && version !== undefined)
        await keepSaved(trx, deps, storedForm(change.before, change.after), onCommit, version);
    }
    return result;
  });
  for (const [id, onCommit] of pending) committed(deps, id, onCommit);
  return result;
}

export async function withAccount<T>(
  deps: EconomyDeps,
  accountId: number,
  now: number,
  fn: (ctx: AccountContext) => AccountChange<T> | Promise<AccountChange<T>>,
  options: {
    /**
     * `fn` may run outside any transaction, and twice (decision 212): it writes nothing itself
     * (the visit aside, which is written the read path's way) and only returns the change.
     */
    guarded?: boolean;
  } = {},
): Promise<T> {
  const { db, dialect } = deps.database;
  if (options.guarded === true && dialect.guardedSingleStatementWrites) {
    const done = await guardedWrite(deps, accountId, now, fn);
    if (done !== NOT_GUARDED) return done.result;
  }
  // Fleet arrivals touching this account lock two accounts, so they are applied first, in their
  // own transactions. Whether one is due is known from the lock statement's row (another
  // account's fleet heading here) and from settling (one of its own fleets reaching another
  // account): only then is this transaction given up, before it wrote anything, and run again
  // after them (decision 186: a separate query for due arrivals cost every write a round trip).
  for (let attempt = 0; ; attempt += 1) {
    const pending = pendingCommit();
    const result = await dialect.writeTransaction(db, async (trx) => {
      // The account's row, locked where the dialect locks rows (on SQLite the write transaction
      // already holds the database's write lock, and the statement only finds the row).
      const locked = await lockAccountQuery(dialect).executeTakeFirst(trx, accountId);
      if (locked === undefined) throw new DomainError('NOT_FOUND');
      const incomingDue = locked.incoming_at !== null && Date.parse(locked.incoming_at) <= now;
      return settleLocked(
        trx,
        deps,
        accountId,
        now,
        fn,
        pending,
        { ...locked, state_version: Number(locked.state_version) },
        attempt === 0 ? incomingDue : null,
      );
    });
    if (result === ARRIVALS_FIRST) {
      await applyDueArrivals(deps, accountId, now);
      continue;
    }
    committed(deps, accountId, pending);
    return result;
  }
}

/** guardedWrite's answer when the write must take the locking path (nothing was written). */
const NOT_GUARDED: unique symbol = Symbol('not guarded');

/**
 * PostgreSQL (decision 212): a write on the state this process keeps, in one round trip for the
 * row and one for the save. The account row is read as the read path reads it (shared with the
 * requests of the moment); if the state kept at its version settles to `now` without an event,
 * `fn` acts on it outside any transaction (its own reads and the visit go the read path's way)
 * and the save runs as one statement guarded by that version (guardedSaveStatement). A state not
 * kept, an event to write (emails, live events), a change beyond resources and queues, a due
 * fleet arrival or a version moved meanwhile: nothing is written and the locking path runs,
 * `fn` again with it. `fn`'s refusals are answered as they are: the state it refused on was the
 * account's own at the moment of the row's read, as on the read path.
 */
async function guardedWrite<T>(
  deps: EconomyDeps,
  accountId: number,
  now: number,
  fn: (ctx: AccountContext) => AccountChange<T> | Promise<AccountChange<T>>,
): Promise<{ result: T } | typeof NOT_GUARDED> {
  const db = deps.database.db;
  const row = await loadAccountRowNow(db, accountId);
  if (row === undefined) return NOT_GUARDED;
  const cache = stateCacheFor(db);
  const before = cache.get(accountId, row.state_version);
  if (before === undefined) return NOT_GUARDED;
  const at = Math.max(now, before.settledAt);
  const settled = settle(before, at, deps.rules);
  const arrivalDue =
    settled.state.settledAt < at || (row.incoming_at !== null && Date.parse(row.incoming_at) <= at);
  if (settled.events.length > 0 || arrivalDue) return NOT_GUARDED;
  const callbacks: (() => void)[] = [];
  const change = await fn({
    trx: db,
    state: settled.state,
    now: at,
    config: deps.rules,
    inTransaction: false,
    afterCommit: (callback) => callbacks.push(callback),
    focusIndex: row.focus_planet_index,
    relaxedCommit: deps.database.dialect.relaxedCommit !== null,
  });
  // Nothing to tell (an item started is in the queue, a fleet sent is in the fleets' list).
  const quiet = (change.events ?? []).every((event) => event.kind === 'item_started');
  if (change.state === undefined || !quiet) {
    if (change.state !== undefined || (change.events ?? []).length > 0) return NOT_GUARDED;
    for (const callback of callbacks) callback();
    return { result: change.result };
  }
  const after = change.state;
  const statement = guardedSaveStatement(
    before,
    after,
    { points: computePoints(after), nextEventAt: nextWakeUpAt(after) },
    { version: row.state_version, now: at, relaxedCommit: deps.database.dialect.relaxedCommit !== null },
  );
  if (statement === null) return NOT_GUARDED;
  const saved = (await db.executeQuery(statement)).rows[0]?.state_version;
  if (saved === null || saved === undefined) return NOT_GUARDED;
  const version = Number(saved);
  const kept = storedForm(before, after);
  if (CHECK_STATE_CACHE) await checkGuardedSave(deps, kept, version);
  cache.set(accountId, version, deepFreeze(kept));
  for (const callback of callbacks) callback();
  return { result: change.result };
}

/**
 * STARHOLD_CHECK_STATE_CACHE for a guarded save: the tables, read in one snapshot with the
 * account's version, must hold what is kept, unless another write has moved the version since.
 */
async function checkGuardedSave(deps: EconomyDeps, kept: AccountState, version: number): Promise<void> {
  await deps.database.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const current = await loadAccountRow(trx, kept.accountId);
      if (current?.state_version !== version) return;
      const stored = await loadAccountState(trx, kept.accountId);
      if (!isDeepStrictEqual(stored, kept))
        throw new Error(
          `guarded save differs from the stored state for account ${kept.accountId} at ${firstDifference(kept, stored)}`,
        );
    });
}

/** settleLocked's answer when a fleet arrival is due: nothing was written, apply it and retry. */
const ARRIVALS_FIRST: unique symbol = Symbol('arrivals first');

const lockAccountsQueries = new WeakMap<
  DialectSeam,
  (length: number) => PreparedQuery<number[], LockedAccountsRow>
>();

/** Several account rows `FOR UPDATE`, in ascending id order, prepared once per dialect seam and list length. */
function lockAccountsQuery(
  dialect: DialectSeam,
): (length: number) => PreparedQuery<number[], LockedAccountsRow> {
  let query = lockAccountsQueries.get(dialect);
  if (query === undefined) {
    query = preparedForLists<[], LockedAccountsRow>(0, (db, _fixed, ids) =>
      dialect.forUpdate(
        relaxedCommit(
          dialect,
          db
            .selectFrom('accounts')
            .select(ACCOUNT_ROW_COLUMNS)
            .select(DERIVED_COLUMNS)
            .where('id', 'in', ids)
            .orderBy('id'),
        ),
      ),
    );
    lockAccountsQueries.set(dialect, query);
  }
  return query;
}

/**
 * A lock statement that also makes its transaction commit without waiting for the log's flush,
 * where the dialect says so (decision 208): every game write's transaction starts with one, so
 * this costs no statement of its own. Its column (`commit_mode`) is read by nobody.
 */
function relaxedCommit<O>(
  dialect: DialectSeam,
  query: SelectQueryBuilder<Database, 'accounts', O>,
): SelectQueryBuilder<Database, 'accounts', O> {
  const mode = dialect.relaxedCommit;
  return mode === null ? query : query.select(mode.as('commit_mode'));
}

/** The account columns derived from the state, which the save leaves alone when they are unchanged. */
const DERIVED_COLUMNS = [
  'economy_points',
  'science_points',
  'military_points',
  'total_points',
  'next_event_at',
] as const;

/** The list lock statement's row (withAccounts): the version row with the derived columns. */
type LockedAccountsRow = AccountVersionRow & {
  economy_points: number;
  science_points: number;
  military_points: number;
  total_points: number;
  next_event_at: string | null;
};

/** The lock statement's row: the version row, with the derived columns the save may leave alone. */
type LockedAccountRow = LockedAccountsRow & {
  /** When another account's fleet first arrives at this one (fleets.repository incomingArrivalAt). */
  incoming_at: string | null;
};

function storedDerived(row: LockedAccountsRow): DerivedColumns {
  return {
    points: {
      economy: row.economy_points,
      science: row.science_points,
      military: row.military_points,
      total: row.total_points,
    },
    nextEventAt: row.next_event_at === null ? null : fromIso(row.next_event_at),
  };
}

const lockAccountQueries = new WeakMap<DialectSeam, PreparedQuery<[number], LockedAccountRow>>();

/**
 * The account row `FOR UPDATE` as the dialect writes it, prepared once per dialect seam: the
 * version row the state load needs, read by the lock statement itself.
 */
function lockAccountQuery(dialect: DialectSeam): PreparedQuery<[number], LockedAccountRow> {
  let query = lockAccountQueries.get(dialect);
  if (query === undefined) {
    query = prepared(1, (db: Kysely<Database>, accountId: number) =>
      dialect.forUpdate(
        relaxedCommit(
          dialect,
          db
            .selectFrom('accounts')
            .select(ACCOUNT_ROW_COLUMNS)
            .select(DERIVED_COLUMNS)
            .select(incomingArrivalAt)
            .where('id', '=', accountId),
        ),
      ),
    );
    lockAccountQueries.set(dialect, query);
  }
  return query;
}

/**
 * The read path of every screen: one indexed read of the account row (shared with the requests
 * asking at the same moment, loadAccountRowNow), the state the process keeps at that row's
 * version (state-cache.ts) or, when it keeps none, the stored state read in a snapshot shared
 * with the other loads of the moment (loadAccountStateNow), then settling in memory. If settling
 * to now produces no event, `fn` reads that state without any transaction or lock: the result
 * is what `withAccount` would have given, since settling is a pure function of the stored
 * snapshot and the clock. Otherwise (an event is due and must be written) it falls back to
 * `withAccount`, which locks, loads, settles, saves and keeps the state.
 * `fn` must only read: on the fast path it runs outside any transaction.
 */
export async function readAccount<T>(
  deps: EconomyDeps,
  accountId: number,
  now: number,
  fn: (ctx: AccountContext) => T | Promise<T>,
): Promise<T> {
  const db = deps.database.db;
  const row = await loadAccountRowNow(db, accountId);
  if (row === undefined) throw new DomainError('NOT_FOUND');
  const cache = stateCacheFor(deps.database.db);
  let stored = cache.get(accountId, row.state_version);
  let focusIndex = row.focus_planet_index;
  if (stored === undefined) {
    // Not kept (first read since a change, or since the start): loaded in a snapshot shared with
    // the other loads of the moment, without taking the account's lock.
    const loaded = await loadAccountStateNow(db, accountId, cache);
    if (loaded === undefined) throw new DomainError('NOT_FOUND');
    stored = loaded.state;
    focusIndex = loaded.row.focus_planet_index;
  }
  const at = Math.max(now, stored.settledAt);
  // A read's `fn` only looks at the state (an action it calls copies it first): an idle account's
  // settled state shares all but its resources with the kept one.
  const settled = settleForReading(stored, at, deps.rules);
  // A fleet arrival due at or from this account (settling stopped at its own, or another's is
  // on its way): withAccount applies it first.
  const arrivalDue =
    settled.state.settledAt < at || (row.incoming_at !== null && Date.parse(row.incoming_at) <= at);
  if (settled.events.length === 0 && !arrivalDue) {
    return fn({
      trx: db,
      state: settled.state,
      now: at,
      config: deps.rules,
      inTransaction: false,
      afterCommit: (callback) => callback(),
      focusIndex,
      emailsVersion: row.emails_version,
      incomingAt: row.incoming_at,
      relaxedCommit: deps.database.dialect.relaxedCommit !== null,
    });
  }
  return withAccount(deps, accountId, now, async (ctx) => ({ result: await fn(ctx) }));
}

export const SCHEDULER_BATCH_SIZE = 100;
/** How often one run may settle the same account (fleet arrivals applied in between). */
const MAX_PICKS_PER_RUN = 8;

/**
 * Settles up to `batchSize` accounts whose next event is due, one transaction each. On
 * PostgreSQL `SKIP LOCKED` lets several processes share the work and skips accounts that a
 * request is settling right now. Returns how many accounts were settled.
 */
export async function runSchedulerOnce(
  deps: EconomyDeps,
  now: number,
  batchSize = SCHEDULER_BATCH_SIZE,
): Promise<number> {
  // Due fleet arrivals first, in time order and in chunks (decision 174): each counts as one.
  let settled = await applyArrivalBatch(deps, now, batchSize);
  const picks = new Map<number, number>();
  while (settled < batchSize) {
    const pending = pendingCommit();
    const accountId = await deps.database.dialect.writeTransaction(deps.database.db, async (trx) => {
      // A game write like any other: its commit need not wait for the log's flush (decision 208).
      const due = await deps.database.dialect
        .forUpdateSkipLocked(
          relaxedCommit(
            deps.database.dialect,
            trx
              .selectFrom('accounts')
              .select('id')
              .where('next_event_at', 'is not', null)
              .where('next_event_at', '<=', toIso(now))
              .orderBy('next_event_at')
              .limit(1),
          ),
        )
        .executeTakeFirst();
      if (due === undefined) return null;
      await settleLocked(trx, deps, due.id, now, () => ({ result: undefined }), pending);
      return due.id;
    });
    if (accountId === null) break;
    committed(deps, accountId, pending);
    // An account comes back while each applied arrival lets it settle further; one whose arrival
    // cannot be applied would come back forever: left to the next run.
    const picked = (picks.get(accountId) ?? 0) + 1;
    picks.set(accountId, picked);
    if (picked > MAX_PICKS_PER_RUN) break;
    // Settling stops at an arrival that touches another account (or the universe): applied here,
    // so the account's next event moves on and an offline target is reached too.
    await applyDueArrivals(deps, accountId, now);
    settled += 1;
  }
  return settled;
}

export const SETTLE_INTERVAL_MS = 5_000;

/** The periodic task that settles offline players (points, emails, queues) as their events fall due. */
export function settleDueAccountsTask(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>): ScheduledTask {
  const deps = economyDeps(ctx);
  return {
    name: 'settle-due-accounts',
    intervalMs: SETTLE_INTERVAL_MS,
    async run(now) {
      // A full batch means more may be due: keep going before the next tick.
      while ((await runSchedulerOnce(deps, now)) === SCHEDULER_BATCH_SIZE);
    },
  };
}
