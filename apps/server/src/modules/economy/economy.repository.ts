/**
 * The only SQL of the economy: loading an account's whole game state, saving what changed,
 * writing the emails that settling produces.
 */
import type { Kysely } from 'kysely';
import type { AccountState, PlanetState, PlanetTypeKey, PlayableRaceId, Points } from '@starhold/rules';
import type { ConstructionsTable, Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import {
  applyConstructionRows,
  applyModuleRows,
  constructionRows,
  fromIso,
  moduleRows,
  toIso,
} from './economy.mapping.js';
import { prepared, preparedForLists } from '../../db/prepared.js';
import { coalescedReads, coalescedRowsById, padKeys, perDatabase } from '../../db/coalesce.js';
import { deepFreeze, type StateCache } from './state-cache.js';

export type EconomyDb = Kysely<Database>;

/** The database as the economy's queries take it (one Database type covers every migration). */
export function economyDb(db: Kysely<Database>): EconomyDb {
  return db;
}

/** Thrown when a guarded update finds the row changed under it: the transaction must not commit. */
export class ConcurrentChangeError extends Error {
  constructor(what: string) {
    super(`Concurrent change detected on ${what}`);
    this.name = 'ConcurrentChangeError';
  }
}

const accountRow = prepared(1, (db: EconomyDb, accountId: number) =>
  db.selectFrom('accounts').select(ACCOUNT_ROW_COLUMNS).where('id', '=', accountId),
);
const planetRowsOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db
    .selectFrom('planets')
    .select(['id', 'planet_type', 'max_capacity', 'metal', 'crystal', 'fuel'])
    .where('account_id', '=', accountId)
    .orderBy('idx'),
);
const moduleRowsOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db
    .selectFrom('planet_modules')
    .innerJoin('planets', 'planets.id', 'planet_modules.planet_id')
    .select([
      'planet_modules.planet_id',
      'planet_modules.type_id',
      'planet_modules.module_id',
      'planet_modules.value',
    ])
    .where('planets.account_id', '=', accountId),
);
const researchRowsOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db.selectFrom('account_research').selectAll().where('account_id', '=', accountId),
);
const constructionRowsOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db.selectFrom('constructions').selectAll().where('account_id', '=', accountId),
);
const commandantRowsOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db.selectFrom('commandants').selectAll().where('account_id', '=', accountId),
);

/** The account row that tells whether a kept state is still current, with the focus index. */
export interface AccountVersionRow {
  id: number;
  race_id: number;
  nmi: number;
  settled_at: string;
  next_item_id: number;
  state_version: number;
  focus_planet_index: number;
}

export async function loadAccountRow(
  db: EconomyDb,
  accountId: number,
): Promise<AccountVersionRow | undefined> {
  const row = await accountRow.executeTakeFirst(db, accountId);
  // pg gives integers back as numbers (database.ts); Number() keeps both dialects alike anyway.
  return row === undefined ? undefined : { ...row, state_version: Number(row.state_version) };
}

const ACCOUNT_ROW_COLUMNS = [
  'id',
  'race_id',
  'nmi',
  'settled_at',
  'next_item_id',
  'state_version',
  'focus_planet_index',
] as const;

const accountRowsById = coalescedRowsById((db: EconomyDb, ids: number[]) =>
  db.selectFrom('accounts').select(ACCOUNT_ROW_COLUMNS).where('id', 'in', ids),
);

/**
 * The account row as `loadAccountRow` gives it, for reads outside a transaction: requests that
 * ask at the same moment share one statement (db/coalesce.ts), each still seeing every write
 * committed before it asked.
 */
export async function loadAccountRowNow(
  db: EconomyDb,
  accountId: number,
): Promise<AccountVersionRow | undefined> {
  const row = await accountRowsById(db, accountId);
  return row === undefined ? undefined : { ...row, state_version: Number(row.state_version) };
}

/**
 * The account's game state as stored (settled up to `settledAt`), from `cache` when it holds the
 * state at the row's current version, otherwise from the tables (then kept in `cache`).
 * The returned state is deeply frozen: it may be shared by every request of the account.
 */
export async function loadAccountState(
  trx: EconomyDb,
  accountId: number,
  cache?: StateCache,
): Promise<AccountState> {
  const account = await loadAccountRow(trx, accountId);
  if (account === undefined) throw new DomainError('NOT_FOUND');
  const kept = cache?.get(accountId, account.state_version);
  if (kept !== undefined) return kept;

  const [planetRows, modules, research, constructions, commandants] = await Promise.all([
    planetRowsOf.execute(trx, accountId),
    moduleRowsOf.execute(trx, accountId),
    researchRowsOf.execute(trx, accountId),
    constructionRowsOf.execute(trx, accountId),
    commandantRowsOf.execute(trx, accountId),
  ]);

  const state = buildState(account, planetRows, modules, research, constructions, commandants);
  cache?.set(accountId, account.state_version, state);
  return state;
}

type PlanetRow = Awaited<ReturnType<typeof planetRowsOf.execute>>[number];
type ModuleRow = Awaited<ReturnType<typeof moduleRowsOf.execute>>[number];
type ResearchRow = Awaited<ReturnType<typeof researchRowsOf.execute>>[number];
type ConstructionRow = Awaited<ReturnType<typeof constructionRowsOf.execute>>[number];
type CommandantRow = Awaited<ReturnType<typeof commandantRowsOf.execute>>[number];

/** The game state of one account from its rows, deeply frozen. */
function buildState(
  account: AccountVersionRow,
  planetRows: readonly PlanetRow[],
  modules: readonly ModuleRow[],
  research: readonly ResearchRow[],
  constructions: readonly ConstructionRow[],
  commandants: readonly CommandantRow[],
): AccountState {
  const planets: PlanetState[] = planetRows.map((row) => {
    const planet: PlanetState = {
      id: row.id,
      type: row.planet_type as PlanetTypeKey,
      maxCapacity: row.max_capacity,
      resources: { metal: row.metal, crystal: row.crystal, fuel: row.fuel },
      factories: {},
      buildings: {},
      ships: {},
      defenses: {},
      queues: { factories: [], buildings: [], ships: [], defenses: [] },
    };
    applyModuleRows(
      planet,
      modules.filter((m) => m.planet_id === row.id),
    );
    return planet;
  });

  const state: AccountState = {
    accountId: account.id,
    race: account.race_id as PlayableRaceId,
    settledAt: fromIso(account.settled_at),
    nmi: account.nmi,
    research: Object.fromEntries(research.map((r) => [r.research_id, r.level])),
    researchQueue: [],
    commandants: Object.fromEntries(commandants.map((c) => [c.commandant_id, fromIso(c.available_until)])),
    planets,
    nextItemId: account.next_item_id,
  };
  applyConstructionRows(state, constructions);
  deepFreeze(state);
  return state;
}

const accountRowsIn = preparedForLists<[], AccountVersionRow>(0, (db, _fixed, ids) =>
  db.selectFrom('accounts').select(ACCOUNT_ROW_COLUMNS).where('id', 'in', ids),
);
const planetRowsIn = preparedForLists<[], PlanetRow & { account_id: number }>(0, (db, _fixed, ids) =>
  db
    .selectFrom('planets')
    .select(['id', 'account_id', 'planet_type', 'max_capacity', 'metal', 'crystal', 'fuel'])
    .where('account_id', 'in', ids)
    .orderBy('idx'),
);
const moduleRowsIn = preparedForLists<[], ModuleRow & { account_id: number }>(0, (db, _fixed, ids) =>
  db
    .selectFrom('planet_modules')
    .innerJoin('planets', 'planets.id', 'planet_modules.planet_id')
    .select([
      'planets.account_id',
      'planet_modules.planet_id',
      'planet_modules.type_id',
      'planet_modules.module_id',
      'planet_modules.value',
    ])
    .where('planets.account_id', 'in', ids),
);
const researchRowsIn = preparedForLists<[], ResearchRow>(0, (db, _fixed, ids) =>
  db.selectFrom('account_research').selectAll().where('account_id', 'in', ids),
);
const constructionRowsIn = preparedForLists<[], ConstructionRow>(0, (db, _fixed, ids) =>
  db.selectFrom('constructions').selectAll().where('account_id', 'in', ids),
);
const commandantRowsIn = preparedForLists<[], CommandantRow>(0, (db, _fixed, ids) =>
  db.selectFrom('commandants').selectAll().where('account_id', 'in', ids),
);

function byAccount<R extends { account_id: number }>(rows: readonly R[]): Map<number, R[]> {
  const grouped = new Map<number, R[]>();
  for (const row of rows) {
    const list = grouped.get(Number(row.account_id));
    if (list === undefined) grouped.set(Number(row.account_id), [row]);
    else list.push(row);
  }
  return grouped;
}

export interface LoadedAccount {
  row: AccountVersionRow;
  state: AccountState;
}

/**
 * Account states the process does not keep, loaded on the read path (no transaction of the
 * caller's): the requests of the same moment share one read-only transaction (repeatable read on
 * PostgreSQL, a deferred transaction on SQLite: one snapshot either way) with one statement per
 * table for all their accounts (db/coalesce.ts), instead of a locking transaction of 8 round
 * trips each. A wave of players whose states changed (after a restart, or after a burst of
 * actions) then costs a few statements per batch. At most 16 accounts a batch.
 */
const sharedStateLoads = perDatabase((db) =>
  coalescedReads<number, LoadedAccount>(async (accountIds) => {
    const keys = padKeys(accountIds);
    const n = keys.length;
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        // One connection: the statements run one after the other anyway.
        const accounts = await accountRowsIn(n).execute(trx, ...keys);
        const planets = byAccount(await planetRowsIn(n).execute(trx, ...keys));
        const modules = byAccount(await moduleRowsIn(n).execute(trx, ...keys));
        const research = byAccount(await researchRowsIn(n).execute(trx, ...keys));
        const constructions = byAccount(await constructionRowsIn(n).execute(trx, ...keys));
        const commandants = byAccount(await commandantRowsIn(n).execute(trx, ...keys));
        const loaded = new Map<number, LoadedAccount>();
        for (const raw of accounts) {
          const row = { ...raw, state_version: Number(raw.state_version) };
          const id = row.id;
          const state = buildState(
            row,
            planets.get(id) ?? [],
            modules.get(id) ?? [],
            research.get(id) ?? [],
            constructions.get(id) ?? [],
            commandants.get(id) ?? [],
          );
          loaded.set(id, { row, state });
        }
        return loaded;
      });
  }, 16),
);

/**
 * The account's row and stored state, read outside any transaction of the caller's and shared
 * with the loads of the same moment (sharedStateLoads); the state is kept in `cache`.
 */
export async function loadAccountStateNow(
  db: EconomyDb,
  accountId: number,
  cache: StateCache,
): Promise<LoadedAccount | undefined> {
  const loaded = await sharedStateLoads(db).get(accountId);
  if (loaded !== undefined) cache.set(accountId, loaded.row.state_version, loaded.state);
  return loaded;
}

export interface DerivedColumns {
  points: Points;
  nextEventAt: number | null;
}

/**
 * Writes the difference between `before` (as loaded) and `after`. Account and planet updates are
 * guarded by the values that were loaded, so even without the account lock a second writer could
 * not spend the same resources twice: its guarded update would match no row.
 */
export async function saveAccountState(
  trx: EconomyDb,
  before: AccountState,
  after: AccountState,
  derived: DerivedColumns,
): Promise<void> {
  const accountUpdate = await trx
    .updateTable('accounts')
    .set({
      nmi: after.nmi,
      next_item_id: after.nextItemId,
      settled_at: toIso(after.settledAt),
      next_event_at: derived.nextEventAt === null ? null : toIso(derived.nextEventAt),
      economy_points: derived.points.economy,
      science_points: derived.points.science,
      military_points: derived.points.military,
      total_points: derived.points.total,
    })
    .where('id', '=', before.accountId)
    .where('nmi', '=', before.nmi)
    .where('next_item_id', '=', before.nextItemId)
    .executeTakeFirst();
  if (accountUpdate.numUpdatedRows === 0n) throw new ConcurrentChangeError(`account ${before.accountId}`);

  for (const planet of after.planets) {
    const old = before.planets.find((p) => p.id === planet.id);
    if (old === undefined) continue;
    const r = planet.resources;
    const o = old.resources;
    if (r.metal === o.metal && r.crystal === o.crystal && r.fuel === o.fuel) continue;
    const update = await trx
      .updateTable('planets')
      .set({ metal: r.metal, crystal: r.crystal, fuel: r.fuel })
      .where('id', '=', planet.id)
      .where('metal', '=', o.metal)
      .where('crystal', '=', o.crystal)
      .where('fuel', '=', o.fuel)
      .executeTakeFirst();
    if (update.numUpdatedRows === 0n) throw new ConcurrentChangeError(`planet ${planet.id}`);
  }

  await saveModules(trx, before, after);
  await saveResearch(trx, before, after);
  await saveCommandants(trx, before, after);
  await saveConstructions(trx, before, after);
}

function rowKey(...parts: number[]): string {
  return parts.join(':');
}

async function saveModules(trx: EconomyDb, before: AccountState, after: AccountState): Promise<void> {
  const old = new Map(
    moduleRows(before).map((row) => [rowKey(row.planet_id, row.type_id, row.module_id), row.value]),
  );
  const next = moduleRows(after);
  const seen = new Set<string>();
  const changed = next.filter((row) => {
    const key = rowKey(row.planet_id, row.type_id, row.module_id);
    seen.add(key);
    return old.get(key) !== row.value;
  });
  // A module the engine dropped from its record is back at zero.
  for (const [key, value] of old) {
    if (seen.has(key) || value === 0) continue;
    const [planetId, typeId, moduleId] = key.split(':').map(Number) as [number, number, number];
    changed.push({ planet_id: planetId, type_id: typeId, module_id: moduleId, value: 0 });
  }
  for (const row of changed) {
    await trx
      .insertInto('planet_modules')
      .values(row)
      .onConflict((oc) => oc.columns(['planet_id', 'type_id', 'module_id']).doUpdateSet({ value: row.value }))
      .execute();
  }
}

async function saveResearch(trx: EconomyDb, before: AccountState, after: AccountState): Promise<void> {
  const ids = new Set([...Object.keys(before.research), ...Object.keys(after.research)].map(Number));
  for (const id of ids) {
    const level = after.research[id] ?? 0;
    if ((before.research[id] ?? 0) === level) continue;
    await trx
      .insertInto('account_research')
      .values({ account_id: after.accountId, research_id: id, level })
      .onConflict((oc) => oc.columns(['account_id', 'research_id']).doUpdateSet({ level }))
      .execute();
  }
}

async function saveCommandants(trx: EconomyDb, before: AccountState, after: AccountState): Promise<void> {
  for (const [key, until] of Object.entries(after.commandants)) {
    const id = Number(key);
    if (before.commandants[id] === until) continue;
    const available_until = toIso(until);
    await trx
      .insertInto('commandants')
      .values({ account_id: after.accountId, commandant_id: id, available_until })
      .onConflict((oc) => oc.columns(['account_id', 'commandant_id']).doUpdateSet({ available_until }))
      .execute();
  }
}

function sameRow(a: ConstructionsTable, b: ConstructionsTable): boolean {
  return (Object.keys(a) as (keyof ConstructionsTable)[]).every((key) => a[key] === b[key]);
}

async function saveConstructions(trx: EconomyDb, before: AccountState, after: AccountState): Promise<void> {
  const old = new Map(constructionRows(before).map((row) => [row.id, row]));
  const next = new Map(constructionRows(after).map((row) => [row.id, row]));
  const removed = [...old.keys()].filter((id) => !next.has(id));
  if (removed.length > 0) {
    await trx
      .deleteFrom('constructions')
      .where('account_id', '=', after.accountId)
      .where('id', 'in', removed)
      .execute();
  }
  for (const [id, row] of next) {
    const previous = old.get(id);
    if (previous === undefined) {
      await trx.insertInto('constructions').values(row).execute();
    } else if (!sameRow(previous, row)) {
      const { account_id: _account, id: _id, ...changes } = row;
      await trx
        .updateTable('constructions')
        .set(changes)
        .where('account_id', '=', row.account_id)
        .where('id', '=', id)
        .execute();
    }
  }
}

export interface EmailToSend {
  title: string;
  params: Record<string, unknown>;
  at: number;
}

export async function insertEmails(
  trx: EconomyDb,
  accountId: number,
  emails: readonly EmailToSend[],
): Promise<void> {
  if (emails.length === 0) return;
  await trx
    .insertInto('emails')
    .values(
      emails.map((email) => ({
        account_id: accountId,
        title: email.title,
        params: JSON.stringify(email.params),
        created_at: toIso(email.at),
        read_at: null,
      })),
    )
    .execute();
}

/** Planet names by id, for the emails that name a planet. */
export async function planetNames(trx: EconomyDb, accountId: number): Promise<Map<number, string>> {
  const rows = await trx
    .selectFrom('planets')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

const focusIndexOf = prepared(1, (db: EconomyDb, accountId: number) =>
  db.selectFrom('accounts').select('focus_planet_index').where('id', '=', accountId),
);

export async function focusPlanetIndex(trx: EconomyDb, accountId: number): Promise<number> {
  const row = await focusIndexOf.executeTakeFirst(trx, accountId);
  if (row === undefined) throw new DomainError('NOT_FOUND');
  return row.focus_planet_index;
}

export const LAST_VISIT_PERIOD_MS = 60_000;

const touchPlanetRow = prepared(3, (db: EconomyDb, planetId: number, now: string, staleBefore: string) =>
  db
    .updateTable('planets')
    .set({ last_visit: now })
    .where('id', '=', planetId)
    .where((eb) => eb.or([eb('last_visit', 'is', null), eb('last_visit', '<=', staleBefore)])),
);

/**
 * Per database (its dialect adapter, shared by its transactions): for each planet, the instant
 * this process may treat as its last recorded visit.
 */
const lastTouched = new WeakMap<object, Map<number, number>>();

/** After a touch that found the visit already recent, how long to skip checking again. */
export const TOUCH_RECHECK_MS = 10_000;

/**
 * Records the owner's visit, writing at most once per LAST_VISIT_PERIOD_MS. Every screen read
 * passes here, so the statement itself is skipped while this process knows no write is due: for a
 * period after it wrote the visit, and for TOUCH_RECHECK_MS after finding it already recent
 * (written by another process, or before a restart). The stored visit then lags by at most that.
 * What was written is remembered only through `afterCommit`, once the write is durable: a visit
 * written in a transaction that then rolls back is not remembered, so the next screen writes it.
 * Outside a transaction (`inTransaction` false, the read path) the write is shared with the other
 * visits of the same moment (sharedTouches).
 */
export async function touchPlanet(
  trx: EconomyDb,
  planetId: number,
  now: number,
  inTransaction: boolean,
  afterCommit: (remember: () => void) => void,
): Promise<void> {
  const adapter = trx.getExecutor().adapter;
  let touched = lastTouched.get(adapter);
  if (touched === undefined) {
    touched = new Map();
    lastTouched.set(adapter, touched);
  }
  const last = touched.get(planetId);
  if (last !== undefined && last > now - LAST_VISIT_PERIOD_MS && last <= now) return;
  const wrote = inTransaction
    ? ((await touchPlanetRow.run(trx, planetId, toIso(now), toIso(now - LAST_VISIT_PERIOD_MS)))
        .numAffectedRows ?? 0n) > 0n
    : ((await sharedTouches(trx).get(planetId, now)) ?? false);
  const remembered = touched;
  afterCommit(() => {
    if (remembered.size >= 100_000) remembered.clear();
    remembered.set(planetId, wrote ? now : now - LAST_VISIT_PERIOD_MS + TOUCH_RECHECK_MS);
  });
}

/** The visits of `n` planets (n a power of two, padKeys) in one statement, returning the planets written. */
const touchPlanetRows = preparedForLists<[string, string], { id: number }>(
  2,
  (db, [now, staleBefore], planetIds) =>
    db
      .updateTable('planets')
      .set({ last_visit: now })
      .where('id', 'in', planetIds)
      .where((eb) => eb.or([eb('last_visit', 'is', null), eb('last_visit', '<=', staleBefore)]))
      .returning('id'),
);

/**
 * Visits recorded outside a transaction (the read path), shared by the requests of the same
 * moment: one UPDATE for all their planets (db/coalesce.ts), so that a wave of first visits (every
 * player's first screen of the minute) costs one commit, not one each; on PostgreSQL each commit
 * waits for its WAL flush and holds a pooled connection meanwhile. Each caller still has its visit
 * written before it answers. The statement uses the latest instant among its callers (they asked
 * within the same turn of the event loop).
 */
const sharedTouches = perDatabase((db) =>
  coalescedReads<number, boolean, number>(async (planetIds, askedAt) => {
    const now = Math.max(...askedAt.values());
    const keys = padKeys(planetIds);
    const rows = await touchPlanetRows(keys.length).execute(
      db,
      toIso(now),
      toIso(now - LAST_VISIT_PERIOD_MS),
      ...keys,
    );
    const written = new Set(rows.map((row) => row.id));
    return new Map(planetIds.map((id) => [id, written.has(id)]));
  }),
);
