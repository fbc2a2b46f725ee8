/**
 * An account's stored game state: loading it inside the caller's transaction (or from the state
 * cache at the row's version), and saving what settling or an action changed.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import {
  type AccountState,
  type PlanetState,
  type PlanetTypeKey,
  type PlayableRaceId,
  type Points,
} from '@starhold/rules';
import { padKeys } from '../../db/coalesce.js';
import { RELAXED_COMMIT } from '../../db/dialect.js';
import { compilableRaw, prepared, preparedForLists, preparedForRows } from '../../db/prepared.js';
import type { ConstructionsTable, Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import {
  fleetRowChanges,
  fleetsFromRows,
  loadFleetRows,
  saveFleets,
  type FleetRow,
} from '../fleets/index.js';
import {
  MODULE_FIELDS,
  applyConstructionRows,
  applyModuleRows,
  constructionChanges,
  fromIso,
  moduleChanges,
  toIso,
} from './economy.mapping.js';
import { deepFreeze, type StateCache } from './state-cache.js';

/** Thrown when a guarded update finds the row changed under it: the transaction must not commit. */
export class ConcurrentChangeError extends Error {
  constructor(what: string) {
    super(`Concurrent change detected on ${what}`);
    this.name = 'ConcurrentChangeError';
  }
}

const accountRow = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('accounts').select(ACCOUNT_ROW_COLUMNS).where('id', '=', accountId),
);
const planetRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('planets')
    .select(['id', 'planet_type', 'max_capacity', 'metal', 'crystal', 'fuel'])
    .where('account_id', '=', accountId)
    .orderBy('idx'),
);
const moduleRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
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
const researchRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('account_research').selectAll().where('account_id', '=', accountId),
);
const constructionRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('constructions').selectAll().where('account_id', '=', accountId),
);
const commandantRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
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
  db: Kysely<Database>,
  accountId: number,
): Promise<AccountVersionRow | undefined> {
  const row = await accountRow.executeTakeFirst(db, accountId);
  // pg gives integers back as numbers (database.ts); Number() keeps both dialects alike anyway.
  return row === undefined ? undefined : { ...row, state_version: Number(row.state_version) };
}

/** The columns of AccountVersionRow (the coalesced reads select the same). */
export const ACCOUNT_ROW_COLUMNS = [
  'id',
  'race_id',
  'nmi',
  'settled_at',
  'next_item_id',
  'state_version',
  'focus_planet_index',
] as const;

/**
 * The account's game state as stored (settled up to `settledAt`), from `cache` when it holds the
 * state at the row's current version, otherwise from the tables (then kept in `cache`).
 * The returned state is deeply frozen: it may be shared by every request of the account.
 */
export async function loadAccountState(
  trx: Kysely<Database>,
  accountId: number,
  cache?: StateCache,
  /** The account row when the caller has just read it in this transaction (its lock statement). */
  row?: AccountVersionRow,
): Promise<AccountState> {
  const account = row ?? (await loadAccountRow(trx, accountId));
  if (account === undefined) throw new DomainError('NOT_FOUND');
  const kept = cache?.get(accountId, account.state_version);
  if (kept !== undefined) return kept;

  const [planetRows, modules, research, constructions, commandants, fleets] = await Promise.all([
    planetRowsOf.execute(trx, accountId),
    moduleRowsOf.execute(trx, accountId),
    researchRowsOf.execute(trx, accountId),
    constructionRowsOf.execute(trx, accountId),
    commandantRowsOf.execute(trx, accountId),
    loadFleetRows(trx, accountId),
  ]);

  const state = buildState(account, planetRows, modules, research, constructions, commandants, fleets);
  cache?.set(accountId, account.state_version, state);
  return state;
}

export type PlanetRow = Awaited<ReturnType<typeof planetRowsOf.execute>>[number];
export type ModuleRow = Awaited<ReturnType<typeof moduleRowsOf.execute>>[number];
export type ResearchRow = Awaited<ReturnType<typeof researchRowsOf.execute>>[number];
export type ConstructionRow = Awaited<ReturnType<typeof constructionRowsOf.execute>>[number];
export type CommandantRow = Awaited<ReturnType<typeof commandantRowsOf.execute>>[number];

/** The game state of one account from its rows, deeply frozen. */
export function buildState(
  account: AccountVersionRow,
  planetRows: readonly PlanetRow[],
  modules: readonly ModuleRow[],
  research: readonly ResearchRow[],
  constructions: readonly ConstructionRow[],
  commandants: readonly CommandantRow[],
  fleets: readonly FleetRow[] = [],
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
  if (fleets.length > 0) state.fleets = fleetsFromRows(fleets);
  applyConstructionRows(state, constructions);
  deepFreeze(state);
  return state;
}

const POINT_KEYS = ['economy', 'science', 'military', 'total'] as const;

export interface DerivedColumns {
  points: Points;
  nextEventAt: number | null;
}

/**
 * What `accounts.next_event_at` keeps after a save (decision 210): the scheduler's wake-up, a time
 * no later than the account's next event (`next`: nextWakeUpAt, which leaves out the pirate passes
 * that change nothing, decision 216). A stored wake-up still ahead of `at` (the time the
 * state was settled to) stays when the new next event is not earlier: a construction started
 * then cancelled, or a second item queued behind the first, leaves the indexed column alone (on
 * PostgreSQL the row's update stays a HOT update, with no index entry to write; on SQLite no index
 * page is logged). A wake-up that has come (at or before `at`) or a later one than the new next
 * event takes the exact value: the scheduler, or any visit, settles a woken account to now and
 * stores it exactly, so an early wake-up costs one visit that finds nothing due.
 */
export function nextEventToStore(stored: number | null, next: number | null, at: number): number | null {
  if (stored !== null && stored > at && (next === null || next >= stored)) return stored;
  return next;
}

/** The derived columns a save leaves in the row, from those it worked out (`derived`) and those read. */
function derivedToStore(
  derived: DerivedColumns,
  stored: DerivedColumns | undefined,
  at: number,
): DerivedColumns {
  if (stored === undefined) return derived;
  const nextEventAt = nextEventToStore(stored.nextEventAt, derived.nextEventAt, at);
  return nextEventAt === derived.nextEventAt ? derived : { ...derived, nextEventAt };
}

// The save's statements, built and compiled once (db/prepared.ts): Kysely's building and
// compiling cost as much as running these small statements on SQLite.
/**
 * The account row's update, in four shapes: the points and `next_event_at` are only set when they
 * change. Each of those columns has an index (the rankings, the scheduler's due list) and the
 * points fire the ranking version's trigger: setting them unchanged cost SQLite ~110 µs more than
 * the ~35 µs of the update without them (decision 186), and a construction start changes neither.
 * Arguments: nmi, next item id, settled at, account id, the loaded nmi and next item id, then
 * `next_event_at` when `nextEvent`, then the four points when `points`.
 */
function accountUpdate(nextEvent: boolean, points: boolean) {
  return prepared(6 + (nextEvent ? 1 : 0) + (points ? 4 : 0), (db: Kysely<Database>, ...args: unknown[]) => {
    const [nmi, nextItemId, settledAt, accountId, oldNmi, oldNextItemId, ...rest] = args as number[];
    let query = db
      .updateTable('accounts')
      .set({ nmi, next_item_id: nextItemId, settled_at: settledAt as unknown as string })
      // Moved here and returned (migration 015: the state columns' trigger then leaves it).
      .set({ state_version: sql<number>`state_version + 1` })
      .where('id', '=', accountId as number)
      .where('nmi', '=', oldNmi as number)
      .where('next_item_id', '=', oldNextItemId as number)
      .returning('state_version');
    if (nextEvent) query = query.set({ next_event_at: rest.shift() as unknown as string | null });
    if (points) {
      const [economy, science, military, total] = rest as [number, number, number, number];
      query = query.set({
        economy_points: economy,
        science_points: science,
        military_points: military,
        total_points: total,
      });
    }
    return query;
  });
}
const ACCOUNT_UPDATES = {
  neither: accountUpdate(false, false),
  nextEvent: accountUpdate(true, false),
  points: accountUpdate(false, true),
  both: accountUpdate(true, true),
};
type AccountRowShape = keyof typeof ACCOUNT_UPDATES;
const rowShape = (nextEvent: boolean, points: boolean): AccountRowShape =>
  nextEvent ? (points ? 'both' : 'nextEvent') : points ? 'points' : 'neither';
/** accountUpdate's arguments, in its order. */
type AccountUpdateArgs = (number | string | null)[];

/**
 * The account rows of several saves of one shape in one statement (decision 248): the new values
 * and each row's guard as a VALUES list joined on the id, every row's new state version returned
 * with its id. The VALUES' columns are named column1.. on both databases and cast to the
 * columns' types (PostgreSQL infers a bare parameter there as text). Arguments per row as
 * accountUpdate's.
 */
function accountBatchUpdate(nextEvent: boolean, points: boolean) {
  const width = 6 + (nextEvent ? 1 : 0) + (points ? 4 : 0);
  return preparedForRows<AccountUpdateArgs, { id: number; state_version: number }>(width, (db, rows) => {
    const values = rows.map((row) => {
      const [nmi, nextItemId, settledAt, accountId, oldNmi, oldNextItemId, ...rest] = row;
      const cells = [
        sql`cast(${accountId} as integer)`,
        sql`cast(${nmi} as double precision)`,
        sql`cast(${nextItemId} as integer)`,
        sql`cast(${settledAt} as text)`,
        sql`cast(${oldNmi} as double precision)`,
        sql`cast(${oldNextItemId} as integer)`,
        ...(nextEvent ? [sql`cast(${rest.shift()} as text)`] : []),
        ...(points ? rest.map((value) => sql`cast(${value} as double precision)`) : []),
      ];
      return sql`(${sql.join(cells)})`;
    });
    const nextEventSet = nextEvent ? sql`, next_event_at = v.column7` : sql``;
    const first = nextEvent ? 8 : 7;
    const pointsSet = points
      ? sql`, economy_points = ${sql.raw(`v.column${first}`)}, science_points = ${sql.raw(`v.column${first + 1}`)}, military_points = ${sql.raw(`v.column${first + 2}`)}, total_points = ${sql.raw(`v.column${first + 3}`)}`
      : sql``;
    return compilableRaw(
      db,
      sql`update accounts set nmi = v.column2, next_item_id = v.column3, settled_at = v.column4,
      state_version = accounts.state_version + 1${nextEventSet}${pointsSet}
      from (values ${sql.join(values)}) as v
      where accounts.id = v.column1 and accounts.nmi = v.column5 and accounts.next_item_id = v.column6
      returning accounts.id as id, accounts.state_version as state_version`,
    );
  });
}
const ACCOUNT_BATCH_UPDATES = {
  neither: accountBatchUpdate(false, false),
  nextEvent: accountBatchUpdate(true, false),
  points: accountBatchUpdate(false, true),
  both: accountBatchUpdate(true, true),
};

/** A planet's new metal, crystal and fuel, its id, then the three as loaded (the guard). */
type PlanetResourcesRow = [
  metal: number,
  crystal: number,
  fuel: number,
  planetId: number,
  oldMetal: number,
  oldCrystal: number,
  oldFuel: number,
];
const updatePlanetResources = prepared(
  7,
  (
    db: Kysely<Database>,
    ...[metal, crystal, fuel, planetId, oldMetal, oldCrystal, oldFuel]: PlanetResourcesRow
  ) =>
    db
      .updateTable('planets')
      .set({ metal, crystal, fuel })
      .where('id', '=', planetId)
      .where('metal', '=', oldMetal)
      .where('crystal', '=', oldCrystal)
      .where('fuel', '=', oldFuel),
);
/** updatePlanetResources for several planets, joined on a VALUES list (as accountBatchUpdate). */
const updatePlanetsResources = preparedForRows<PlanetResourcesRow, never>(7, (db, rows) =>
  compilableRaw(
    db,
    sql`update planets set metal = v.column1, crystal = v.column2, fuel = v.column3
    from (values ${sql.join(
      rows.map(
        ([metal, crystal, fuel, planetId, oldMetal, oldCrystal, oldFuel]) =>
          sql`(cast(${metal} as double precision), cast(${crystal} as double precision), cast(${fuel} as double precision), cast(${planetId} as integer), cast(${oldMetal} as double precision), cast(${oldCrystal} as double precision), cast(${oldFuel} as double precision))`,
      ),
    )}) as v
    where planets.id = v.column4 and planets.metal = v.column5 and planets.crystal = v.column6 and planets.fuel = v.column7`,
  ),
);
const upsertModule = prepared(
  4,
  (db: Kysely<Database>, planetId: number, typeId: number, moduleId: number, value: number) =>
    db
      .insertInto('planet_modules')
      .values({ planet_id: planetId, type_id: typeId, module_id: moduleId, value })
      .onConflict((oc) =>
        oc
          .columns(['planet_id', 'type_id', 'module_id'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      ),
);
const upsertResearch = prepared(
  3,
  (db: Kysely<Database>, accountId: number, researchId: number, level: number) =>
    db
      .insertInto('account_research')
      .values({ account_id: accountId, research_id: researchId, level })
      .onConflict((oc) =>
        oc.columns(['account_id', 'research_id']).doUpdateSet((eb) => ({ level: eb.ref('excluded.level') })),
      ),
);
const upsertCommandant = prepared(
  3,
  (db: Kysely<Database>, accountId: number, commandantId: number, availableUntil: string) =>
    db
      .insertInto('commandants')
      .values({ account_id: accountId, commandant_id: commandantId, available_until: availableUntil })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'commandant_id'])
          .doUpdateSet((eb) => ({ available_until: eb.ref('excluded.available_until') })),
      ),
);
const deleteConstructions = preparedForLists<[number], unknown>(1, (db, [accountId], ids) =>
  db.deleteFrom('constructions').where('account_id', '=', accountId).where('id', 'in', ids),
);

/** The constructions table's columns, in the order of a construction's prepared arguments. */
const CONSTRUCTION_COLUMNS = [
  'account_id',
  'id',
  'type_id',
  'module_id',
  'planet_id',
  'state',
  'position',
  'queued_at',
  'started_at',
  'finish_at',
  'target_value',
  'delivered',
  'unit_duration_ms',
  'paid_metal',
  'paid_crystal',
  'paid_fuel',
] as const satisfies readonly (keyof ConstructionsTable)[];

/** A construction row's values in the order of CONSTRUCTION_COLUMNS. */
type ConstructionValues = ConstructionsTable[keyof ConstructionsTable][];

function constructionValues(row: ConstructionsTable): ConstructionValues {
  return CONSTRUCTION_COLUMNS.map((column) => row[column]);
}

function constructionRowOf(...values: ConstructionValues): ConstructionsTable {
  return Object.fromEntries(
    CONSTRUCTION_COLUMNS.map((column, index) => [column, values[index]]),
  ) as unknown as ConstructionsTable;
}

const insertConstruction = prepared(
  CONSTRUCTION_COLUMNS.length,
  (db: Kysely<Database>, ...values: ConstructionValues) =>
    db.insertInto('constructions').values(constructionRowOf(...values)),
);
const updateConstruction = prepared(
  CONSTRUCTION_COLUMNS.length,
  (db: Kysely<Database>, ...values: ConstructionValues) => {
    const { account_id, id, ...changes } = constructionRowOf(...values);
    return db
      .updateTable('constructions')
      .set(changes)
      .where('account_id', '=', account_id)
      .where('id', '=', id);
  },
);

/**
 * Writes the difference between `before` (as loaded) and `after`; returns the account's new
 * `state_version`, valid until the transaction writes its state tables again. Account and planet updates are
 * guarded by the values that were loaded, so even without the account lock a second writer could
 * not spend the same resources twice: its guarded update would match no row.
 */
export async function saveAccountState(
  trx: Kysely<Database>,
  before: AccountState,
  after: AccountState,
  derived: DerivedColumns,
  /** The derived columns as the account row holds them (read with the lock), when known. */
  stored?: DerivedColumns,
): Promise<SavedAccount> {
  const [saved] = await saveAccountStates(trx, [{ before, after, derived, stored }]);
  if (saved === undefined) throw new ConcurrentChangeError(`account ${before.accountId}`);
  return saved;
}

/** One account's save for saveAccountStates: its state as loaded and as changed. */
export interface AccountSave {
  before: AccountState;
  after: AccountState;
  derived: DerivedColumns;
  /** The derived columns as the account row holds them (read with the lock), when known. */
  stored?: DerivedColumns | undefined;
}

export interface SavedAccount {
  version: number;
  /** The derived columns as the row now holds them (decision 210: the wake-up may be kept). */
  stored: DerivedColumns;
}

/**
 * Saves several accounts' changes in one transaction, answering in the saves' order. Each
 * account's state tables are written first, then the account rows last (their update moves each
 * state version past every trigger's bump and returns it, the version the saved state is kept
 * under, decision 186): one statement per row shape for all the accounts of that shape, not one
 * per account (decision 248). Each account comes once. Every row stays guarded by its loaded nmi
 * and next item id; a row that no longer holds them fails the whole save (ConcurrentChangeError)
 * before anything commits.
 */
export async function saveAccountStates(
  trx: Kysely<Database>,
  saves: readonly AccountSave[],
): Promise<SavedAccount[]> {
  // One save per account: a second would be guarded by the state the first one replaced.
  if (new Set(saves.map(({ before }) => before.accountId)).size !== saves.length)
    throw new Error('saveAccountStates: an account saved twice');
  await savePlanetResources(trx, planetResourceRows(saves));
  for (const { before, after } of saves) await saveStateTables(trx, before, after);
  const rows = saves.map(({ before, after, derived, stored }) => {
    // Without the stored values, every column is set.
    const kept = derivedToStore(derived, stored, after.settledAt);
    const nextEventAt = kept.nextEventAt;
    const nextEvent = stored === undefined || nextEventAt !== stored.nextEventAt;
    const points =
      stored === undefined || POINT_KEYS.some((key) => derived.points[key] !== stored.points[key]);
    const shape = rowShape(nextEvent, points);
    const args: AccountUpdateArgs = [
      after.nmi,
      after.nextItemId,
      toIso(after.settledAt),
      before.accountId,
      before.nmi,
      before.nextItemId,
      ...(nextEvent ? [nextEventAt === null ? null : toIso(nextEventAt)] : []),
      ...(points
        ? [derived.points.economy, derived.points.science, derived.points.military, derived.points.total]
        : []),
    ];
    return { shape, args, kept };
  });
  const groups = new Map<AccountRowShape, AccountUpdateArgs[]>();
  for (const { shape, args } of rows) {
    const group = groups.get(shape);
    if (group === undefined) groups.set(shape, [args]);
    else group.push(args);
  }
  const versions = new Map<number, number>();
  for (const [shape, group] of groups) {
    const [only] = group;
    if (group.length === 1 && only !== undefined) {
      const [row] = (await ACCOUNT_UPDATES[shape].run(trx, ...only)).rows;
      if (row !== undefined) versions.set(only[3] as number, Number(row.state_version));
    } else
      for (const row of (await ACCOUNT_BATCH_UPDATES[shape](trx, group)).rows)
        versions.set(Number(row.id), Number(row.state_version));
  }
  return saves.map(({ before }, index) => {
    const version = versions.get(before.accountId);
    const kept = rows[index]?.kept;
    if (version === undefined || kept === undefined)
      throw new ConcurrentChangeError(`account ${before.accountId}`);
    return { version, stored: kept };
  });
}

/** Everything of the account's state but its row and its planets' resources: modules, research, commandants, queues, fleets. */
async function saveStateTables(
  trx: Kysely<Database>,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  await saveModules(trx, before, after);
  await saveResearch(trx, before, after);
  await saveCommandants(trx, before, after);
  await saveConstructions(trx, before, after);
  await saveFleets(trx, before, after);
}

/** The planets whose resources changed: new metal, crystal, fuel, the planet's id, then the loaded three. */
function planetResourceRows(saves: readonly AccountSave[]): PlanetResourcesRow[] {
  const rows: PlanetResourcesRow[] = [];
  for (const { before, after } of saves)
    for (const planet of after.planets) {
      const old = before.planets.find((p) => p.id === planet.id);
      if (old === undefined) continue;
      const r = planet.resources;
      const o = old.resources;
      if (r.metal === o.metal && r.crystal === o.crystal && r.fuel === o.fuel) continue;
      rows.push([r.metal, r.crystal, r.fuel, planet.id, o.metal, o.crystal, o.fuel]);
    }
  return rows;
}

/** Each planet's resources, guarded by the loaded ones: one statement for all of them (decision 248). */
async function savePlanetResources(
  trx: Kysely<Database>,
  rows: readonly PlanetResourcesRow[],
): Promise<void> {
  const [only] = rows;
  if (only === undefined) return;
  const update =
    rows.length === 1
      ? await updatePlanetResources.run(trx, ...only)
      : await updatePlanetsResources(trx, rows);
  if (Number(update.numAffectedRows ?? 0n) !== rows.length)
    throw new ConcurrentChangeError(`planet ${rows.map((row) => row[3]).join(', ')}`);
}

async function saveModules(trx: Kysely<Database>, before: AccountState, after: AccountState): Promise<void> {
  for (const row of moduleChanges(before, after))
    await upsertModule.run(trx, row.planet_id, row.type_id, row.module_id, row.value);
}

async function saveResearch(trx: Kysely<Database>, before: AccountState, after: AccountState): Promise<void> {
  const ids = new Set([...Object.keys(before.research), ...Object.keys(after.research)].map(Number));
  for (const id of ids) {
    const level = after.research[id] ?? 0;
    if ((before.research[id] ?? 0) === level) continue;
    await upsertResearch.run(trx, after.accountId, id, level);
  }
}

async function saveCommandants(
  trx: Kysely<Database>,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  for (const [key, until] of Object.entries(after.commandants)) {
    const id = Number(key);
    if (before.commandants[id] === until) continue;
    await upsertCommandant.run(trx, after.accountId, id, toIso(until));
  }
}

async function saveConstructions(
  trx: Kysely<Database>,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  const { removed, inserted, updated } = constructionChanges(before, after);
  if (removed.length > 0) {
    const ids = padKeys(removed);
    await deleteConstructions(ids.length).run(trx, after.accountId, ...ids);
  }
  for (const row of inserted) await insertConstruction.run(trx, ...constructionValues(row));
  for (const row of updated) await updateConstruction.run(trx, ...constructionValues(row));
}

/**
 * `after` as the tables hold it once `saveAccountState(before, after)` has run: a module level,
 * unit count or research level the engine dropped from its record is stored as a row at 0, a
 * commandant is never deleted, and an account without fleets has no `fleets` key (buildState).
 * What the state cache keeps for the saved version (decision 186). Shares every unchanged part.
 */
export function storedForm(before: AccountState, after: AccountState): AccountState {
  let planets: PlanetState[] | undefined;
  after.planets.forEach((planet, index) => {
    const old = before.planets.find((p) => p.id === planet.id);
    if (old === undefined) return;
    let copy: PlanetState | undefined;
    for (const [, field] of MODULE_FIELDS) {
      const record = withDropped(old[field], planet[field], () => 0);
      if (record === planet[field]) continue;
      copy ??= { ...planet };
      copy[field] = record;
    }
    if (copy === undefined) return;
    planets ??= [...after.planets];
    planets[index] = copy;
  });
  const research = withDropped(before.research, after.research, () => 0);
  const commandants = withDropped(before.commandants, after.commandants, (id) => before.commandants[id] ?? 0);
  const noFleets = after.fleets !== undefined && after.fleets.length === 0;
  if (planets === undefined && research === after.research && commandants === after.commandants && !noFleets)
    return after;
  const stored: AccountState = { ...after, research, commandants, ...(planets ? { planets } : {}) };
  if (noFleets) delete stored.fleets;
  return stored;
}

/** `next` with every key of `old` it lacks, at `dropped(key)`; `next` itself when it lacks none. */
function withDropped(
  old: Readonly<Record<number, number>>,
  next: Readonly<Record<number, number>>,
  dropped: (key: number) => number,
): Record<number, number> {
  let copy: Record<number, number> | undefined;
  for (const key in old) {
    if (key in next) continue;
    copy ??= { ...next };
    copy[Number(key)] = dropped(Number(key));
  }
  return copy ?? next;
}

const focusIndexOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('accounts').select('focus_planet_index').where('id', '=', accountId),
);

export async function focusPlanetIndex(trx: Kysely<Database>, accountId: number): Promise<number> {
  const row = await focusIndexOf.executeTakeFirst(trx, accountId);
  if (row === undefined) throw new DomainError('NOT_FOUND');
  return row.focus_planet_index;
}

/** SQL type of each constructions column, for the guarded save's casts (its values are parameters). */
const CONSTRUCTION_CASTS: Record<(typeof CONSTRUCTION_COLUMNS)[number], string> = {
  account_id: 'integer',
  id: 'integer',
  type_id: 'integer',
  module_id: 'integer',
  planet_id: 'integer',
  state: 'integer',
  position: 'integer',
  queued_at: 'text',
  started_at: 'text',
  finish_at: 'text',
  target_value: 'integer',
  delivered: 'integer',
  unit_duration_ms: 'double precision',
  paid_metal: 'double precision',
  paid_crystal: 'double precision',
  paid_fuel: 'double precision',
};

function sameRecord(a: Record<number, number>, b: Record<number, number>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[Number(key)] === b[Number(key)]);
}

/**
 * Whether `before` -> `after` changes only what the guarded single statement writes: planets'
 * resources, module levels and unit counts, constructions, fleets sent or changed (not landed)
 * and the account row's own columns (a level or unit ordered or cancelled, a fleet dispatched or
 * recalled, time passing). Anything else (research, commandants, fleets landed, planets gained
 * or lost) takes the locking path; so does any change with an event to tell (guardedWrite).
 */
function guardedSaveCovers(before: AccountState, after: AccountState): boolean {
  if (before.planets.length !== after.planets.length) return false;
  if (!sameRecord(before.research, after.research)) return false;
  if (!sameRecord(before.commandants, after.commandants)) return false;
  const next = new Set((after.fleets ?? []).map((fleet) => fleet.id));
  if ((before.fleets ?? []).some((fleet) => !next.has(fleet.id))) return false;
  return before.planets.every((old, index) => {
    const planet = after.planets[index];
    return (
      planet !== undefined &&
      planet.id === old.id &&
      planet.type === old.type &&
      planet.maxCapacity === old.maxCapacity
    );
  });
}

/** nextEventToStore in SQL, on the row's `next_event_at` (ISO texts compare as times). */
const keptWakeUp = (next: string, at: string): string =>
  `case when next_event_at is not null and next_event_at > ${at} and (${next} is null or ${next} >= next_event_at) ` +
  `then next_event_at else ${next} end`;

/**
 * PostgreSQL (decision 212): the save of `before` -> `after` as ONE statement, run on its own
 * (autocommit, its own transaction), guarded by the version `before` was kept at: the account
 * row's update matches only if `state_version` is still `version` and no other account's fleet
 * is due at it by `now`, moves the version and returns it; every other change is a data-modifying
 * CTE that writes only if that update matched. It sets `starhold.version_moved` so that the row
 * triggers firing at the statement's end leave the version where the update put it (migration
 * 016, and 020 for module rows). Null when the change touches more than guardedSaveCovers allows:
 * the caller takes the locking path. A changed fleet's row is guarded by its data as loaded in the
 * account row's update itself (as saveFleets guards its update): a row changed meanwhile fails the
 * guard, and nothing is written. The answer's `state_version` is null when the guard failed
 * (nothing was written).
 */
export function guardedSaveStatement(
  before: AccountState,
  after: AccountState,
  derived: DerivedColumns,
  guard: {
    version: number;
    now: number;
    /** Decision 208: the statement's transaction commits without waiting for the log's flush. */
    relaxedCommit?: boolean;
  },
): CompiledQuery<{ state_version: number | string | null }> | null {
  if (!guardedSaveCovers(before, after)) return null;
  const parameters: unknown[] = [];
  const p = (value: unknown, type: string): string => {
    parameters.push(value);
    return `$${parameters.length}::${type}`;
  };
  const id = before.accountId;
  const fleets = fleetRowChanges(before, after);
  const ctes: string[] = [];
  ctes.push(
    `acc as (update accounts set nmi = ${p(after.nmi, 'double precision')}, next_item_id = ${p(after.nextItemId, 'integer')}, ` +
      `settled_at = ${p(toIso(after.settledAt), 'text')}, state_version = state_version + 1, ` +
      `next_event_at = ${keptWakeUp(p(derived.nextEventAt === null ? null : toIso(derived.nextEventAt), 'text'), p(toIso(after.settledAt), 'text'))}, ` +
      `economy_points = ${p(derived.points.economy, 'double precision')}, science_points = ${p(derived.points.science, 'double precision')}, ` +
      `military_points = ${p(derived.points.military, 'double precision')}, total_points = ${p(derived.points.total, 'double precision')} ` +
      `where id = ${p(id, 'integer')} and state_version = ${p(guard.version, 'integer')} ` +
      `and not exists (select 1 from fleets where fleets.target_account_id = accounts.id and fleets.state = 'outbound' ` +
      `and fleets.arrives_at <= ${p(toIso(guard.now), 'text')})` +
      fleets.updated
        .map(
          ({ fleet, previous }) =>
            ` and exists (select 1 from fleets where account_id = accounts.id and id = ${p(fleet.id, 'integer')} and data = ${p(previous, 'text')})`,
        )
        .join('') +
      ' returning state_version)',
  );
  ctes.push(
    `mark as (select set_config('starhold.version_moved', ${p(String(id), 'text')}, true) as moved` +
      `${guard.relaxedCommit === true ? `, ${RELAXED_COMMIT} as commit_mode` : ''} from acc)`,
  );
  const matched = 'exists (select 1 from acc)';
  after.planets.forEach((planet, index) => {
    const r = planet.resources;
    const o = before.planets[index]?.resources;
    if (o !== undefined && r.metal === o.metal && r.crystal === o.crystal && r.fuel === o.fuel) return;
    ctes.push(
      `p${index} as (update planets set metal = ${p(r.metal, 'double precision')}, crystal = ${p(r.crystal, 'double precision')}, ` +
        `fuel = ${p(r.fuel, 'double precision')} where id = ${p(planet.id, 'integer')} and ${matched})`,
    );
  });
  const { removed, inserted, updated } = constructionChanges(before, after);
  if (removed.length > 0)
    ctes.push(
      `cd as (delete from constructions where account_id = ${p(id, 'integer')} and id = any(${p(removed, 'integer[]')}) and ${matched})`,
    );
  let n = 0;
  const columnValues = (row: ConstructionsTable) =>
    CONSTRUCTION_COLUMNS.map((column) => p(row[column], CONSTRUCTION_CASTS[column]));
  for (const row of inserted) {
    n += 1;
    ctes.push(
      `c${n} as (insert into constructions (${CONSTRUCTION_COLUMNS.join(', ')}) select ${columnValues(row).join(', ')} where ${matched})`,
    );
  }
  for (const row of updated) {
    n += 1;
    const values = columnValues(row);
    ctes.push(
      `c${n} as (update constructions set ${CONSTRUCTION_COLUMNS.map((column, i) => `${column} = ${values[i] ?? ''}`).join(', ')} ` +
        `where account_id = ${p(id, 'integer')} and id = ${p(row.id, 'integer')} and ${matched})`,
    );
  }
  const modules = moduleChanges(before, after);
  if (modules.length > 0)
    ctes.push(
      `m as (insert into planet_modules (planet_id, type_id, module_id, value) select v.* from (values ` +
        modules
          .map(
            (row) =>
              `(${p(row.planet_id, 'integer')}, ${p(row.type_id, 'integer')}, ${p(row.module_id, 'integer')}, ${p(row.value, 'integer')})`,
          )
          .join(', ') +
        `) as v (planet_id, type_id, module_id, value) where ${matched} ` +
        'on conflict (planet_id, type_id, module_id) do update set value = excluded.value)',
    );
  fleets.inserted.forEach(({ fleet, data, toOwner }, index) => {
    const system = p(fleet.target.systemId, 'integer');
    const orbit = p(fleet.target.orbit, 'integer');
    const owner = toOwner
      ? `(select planets.account_id from planets join orbits on orbits.id = planets.orbit_id where orbits.system_id = ${system} and orbits.index = ${orbit})`
      : 'null::integer';
    ctes.push(
      `f${index} as (insert into fleets (account_id, id, mission, state, target_system_id, target_orbit, target_account_id, arrives_at, data) ` +
        `select ${p(id, 'integer')}, ${p(fleet.id, 'integer')}, ${p(fleet.mission, 'integer')}, ${p(fleet.state, 'text')}, ${system}, ${orbit}, ` +
        `${owner}, ${p(toIso(fleet.arrivesAt), 'text')}, ${p(data, 'text')} where ${matched})`,
    );
  });
  fleets.updated.forEach(({ fleet, data }, index) => {
    ctes.push(
      `u${index} as (update fleets set state = ${p(fleet.state, 'text')}, arrives_at = ${p(toIso(fleet.arrivesAt), 'text')}, ` +
        `data = ${p(data, 'text')} where account_id = ${p(id, 'integer')} and id = ${p(fleet.id, 'integer')} and ${matched})`,
    );
  });
  const text = `with ${ctes.join(', ')} select (select state_version from acc) as state_version, (select count(*) from mark) as marked`;
  return CompiledQuery.raw(text, parameters);
}
