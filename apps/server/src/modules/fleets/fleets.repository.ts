/**
 * Fleets and reports as stored (migration 010): a fleet row holds the rules engine's FleetState as
 * JSON beside the columns the server queries; the universe as the fleet code needs it.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import {
  buildRouteGraph,
  type AccountState,
  type FleetReport,
  type FleetState,
  type FleetSystem,
  type RouteGraph,
  type RouteStop,
  type SecurityId,
} from '@starhold/rules';
import { padKeys } from '../../db/coalesce.js';
import { compilableRaw, prepared, preparedForLists, preparedForRows } from '../../db/prepared.js';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { isoAt as toIso } from '../../context.js';

export interface FleetRow {
  account_id: number;
  data: string;
}

const fleetRowsOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db.selectFrom('fleets').select(['account_id', 'data']).where('account_id', '=', accountId).orderBy('id'),
);

/** The rows of several accounts' fleets, for the read path's shared loads. */
export const fleetRowsIn = preparedForLists<[], FleetRow>(0, (db, _fixed, ids) =>
  db.selectFrom('fleets').select(['account_id', 'data']).where('account_id', 'in', ids).orderBy('id'),
);

/**
 * A route stop as stored (decision 251): `[systemId, position, security]`, not the rules' object
 * with its three keys. A stop is a third of the object's text (a route of 30 stops: about 0.8 KB
 * instead of 1.8 KB, most of a fleet row), so every fleet insert and update writes less and every
 * load parses less. Rows written before hold the objects; `parseFleet` reads both.
 */
type StoredStop = [systemId: number, position: number, security: SecurityId];

/**
 * A route's stored text, kept per frozen route: the rules share one frozen route among the fleets
 * that fly it (`routeStopsKept`), and a kept state's routes are frozen, so a fleet saved again
 * (turned round, recalled) or a new fleet on a known route has its longest part, the stops'
 * positions (about 30 doubles to format), written once.
 */
const routeText = new WeakMap<readonly RouteStop[], string>();
/** Where the route goes in the fleet's text: a JSON string no other field of a fleet can hold. */
const ROUTE_MARK = '\u0000route';
const ROUTE_MARK_JSON = JSON.stringify(ROUTE_MARK);

/** A route's stored text, kept when the route is frozen (another could change under the kept text). */
function storedRoute(route: readonly RouteStop[]): string {
  let text = routeText.get(route);
  if (text === undefined) {
    text = JSON.stringify(route.map((stop): StoredStop => [stop.systemId, stop.position, stop.security]));
    if (Object.isFrozen(route)) routeText.set(route, text);
  }
  return text;
}

/**
 * A fleet's stored text: `JSON.stringify(fleet)` with its route's stops as arrays (StoredStop),
 * a frozen route's text kept from its first time.
 */
export function fleetJson(fleet: FleetState): string {
  const route = storedRoute(fleet.route);
  return JSON.stringify({ ...fleet, route: ROUTE_MARK }).replace(ROUTE_MARK_JSON, () => route);
}

/** The fleet a row's `data` holds, its route's stops stored as arrays (fleetJson) or as objects. */
export function parseFleet(data: string): FleetState {
  const fleet = JSON.parse(data) as Omit<FleetState, 'route'> & { route: (RouteStop | StoredStop)[] };
  const route = fleet.route;
  if (route.length > 0 && Array.isArray(route[0]))
    fleet.route = (route as StoredStop[]).map(([systemId, position, security]) => ({
      systemId,
      position,
      security,
    }));
  return fleet as FleetState;
}

/**
 * The stored `data` of fleets this process read or wrote, by fleet object: saving compares and
 * guards with it instead of serialising every fleet of the account again (an account with a dozen
 * fleets in flight paid two dozen JSON.stringify per save, the largest cost of an arrival).
 */
const storedData = new WeakMap<FleetState, string>();

export const fleetsFromRows = (rows: readonly FleetRow[]): FleetState[] =>
  rows.map((row) => {
    const fleet = parseFleet(row.data);
    storedData.set(fleet, row.data);
    return fleet;
  });

const dataOf = (fleet: FleetState): string => {
  let data = storedData.get(fleet);
  if (data === undefined) {
    data = fleetJson(fleet);
    storedData.set(fleet, data);
  }
  return data;
};

/** Whether two JSON values (fleet states: plain objects, arrays, numbers, strings) are equal. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (const key of keysA) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

export async function loadFleetRows(db: Kysely<Database>, accountId: number): Promise<FleetRow[]> {
  return fleetRowsOf.execute(db, accountId);
}

const updateFleetRow = prepared(
  6,
  (
    db: Kysely<Database>,
    state: string,
    arrivesAt: string,
    data: string,
    accountId: number,
    id: number,
    previous: string,
  ) =>
    db
      .updateTable('fleets')
      .set({ state, arrives_at: arrivesAt, data })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('data', '=', previous),
);

/** A fleet row to write: its state and the data it is stored with. */
export interface FleetRowWrite {
  fleet: FleetState;
  data: string;
}

/** What `fleetRowChanges` finds to write. */
export interface FleetRowChanges {
  landed: number[];
  inserted: (FleetRowWrite & { toOwner: boolean })[];
  updated: (FleetRowWrite & { previous: string })[];
}

/**
 * The fleet rows `before` -> `after` writes: the fleets that landed (their ids), the new ones
 * (`toOwner`: the row's `target_account_id` is the target planet's owner, read by the insert) and
 * the changed ones with the data they were loaded with (`previous`), which guards their update.
 * The written fleets' data is remembered (storedData): a later save that finds them unchanged
 * writes nothing, and guards with it.
 */
export function fleetRowChanges(before: AccountState, after: AccountState): FleetRowChanges {
  const oldList = before.fleets ?? [];
  const nextList = after.fleets ?? [];
  const changes: FleetRowChanges = { landed: [], inserted: [], updated: [] };
  // The fleets a write left alone are the same objects, in the same order (decision 215): only
  // what follows them is looked at (a dispatch: its new fleet).
  let same = 0;
  while (same < oldList.length && same < nextList.length && oldList[same] === nextList[same]) same += 1;
  if (same === oldList.length && same === nextList.length) return changes;
  const old = new Map(oldList.slice(same).map((fleet) => [fleet.id, fleet]));
  const next = new Map(nextList.slice(same).map((fleet) => [fleet.id, fleet]));
  changes.landed = [...old.keys()].filter((id) => !next.has(id));
  for (const [id, fleet] of next) {
    const previous = old.get(id);
    if (previous !== undefined && sameJson(previous, fleet)) {
      // Unchanged: the row keeps its data, which this copy now stands for too.
      const data = storedData.get(previous);
      if (data !== undefined) storedData.set(fleet, data);
      continue;
    }
    const data = fleetJson(fleet);
    storedData.set(fleet, data);
    if (previous === undefined) {
      // The other account the arrival touches: the target planet's owner unless it is ours.
      const toOwner = !(
        fleet.mission === 2 ||
        fleet.mission === 5 ||
        fleet.mission === 6 ||
        fleet.ownTargetPlanetId !== null
      );
      changes.inserted.push({ fleet, data, toOwner });
    } else changes.updated.push({ fleet, data, previous: dataOf(previous) });
  }
  return changes;
}

/**
 * Writes the fleets that left, changed or landed between `before` and `after`. A changed fleet's
 * update is guarded by the row as loaded: two writers never both apply one fleet event.
 */
export async function saveFleets(
  trx: Kysely<Database>,
  before: AccountState,
  after: AccountState,
): Promise<void> {
  const accountId = after.accountId;
  const { landed, inserted, updated } = fleetRowChanges(before, after);
  if (landed.length > 0) {
    const keys = padKeys(landed);
    const deleted = await deleteFleetRows(keys.length).run(trx, accountId, ...keys);
    if (Number(deleted.numAffectedRows ?? 0n) !== landed.length) throw new FleetRowChangedError(accountId);
  }
  for (const { fleet, data, toOwner } of inserted)
    await (toOwner ? insertFleetRowToOwner : insertFleetRow).run(
      trx,
      accountId,
      fleet.id,
      fleet.mission,
      fleet.state,
      fleet.target.systemId,
      fleet.target.orbit,
      toIso(fleet.arrivesAt),
      data,
    );
  for (const { fleet, data, previous } of updated) {
    const result = await updateFleetRow.run(
      trx,
      fleet.state,
      toIso(fleet.arrivesAt),
      data,
      accountId,
      fleet.id,
      previous,
    );
    if ((result.numAffectedRows ?? 0n) === 0n) throw new FleetRowChangedError(accountId);
  }
}

type FleetInsertArgs = [
  accountId: number,
  id: number,
  mission: number,
  state: string,
  systemId: number,
  orbit: number,
  arrivesAt: string,
  data: string,
];

/** A new fleet row whose arrival touches no other account (`target_account_id` null). */
const insertFleetRow = prepared<FleetInsertArgs, never>(
  8,
  (db, accountId, id, mission, state, systemId, orbit, arrivesAt, data) =>
    db.insertInto('fleets').values({
      account_id: accountId,
      id,
      mission,
      state,
      target_system_id: systemId,
      target_orbit: orbit,
      target_account_id: null,
      arrives_at: arrivesAt,
      data,
    }),
);

/** A new fleet row whose `target_account_id` is the target planet's owner, read by the insert itself. */
const insertFleetRowToOwner = prepared<FleetInsertArgs, never>(
  8,
  (db, accountId, id, mission, state, systemId, orbit, arrivesAt, data) =>
    db.insertInto('fleets').values((eb) => ({
      account_id: accountId,
      id,
      mission,
      state,
      target_system_id: systemId,
      target_orbit: orbit,
      target_account_id: eb
        .selectFrom('planets')
        .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
        .select('planets.account_id')
        .where('orbits.system_id', '=', systemId)
        .where('orbits.index', '=', orbit),
      arrives_at: arrivesAt,
      data,
    })),
);

/** The rows of fleets that landed (the ids padded, coalesce.ts padKeys). */
const deleteFleetRows = preparedForLists<[accountId: number], never>(1, (db, [accountId], ids) =>
  db.deleteFrom('fleets').where('account_id', '=', accountId).where('id', 'in', ids),
);

type FleetUpdateRow = [
  accountId: number,
  id: number,
  state: string,
  arrivesAt: string,
  data: string,
  previous: string,
];

/** `updateFleetRows`' statement, prepared per row count (db/prepared.ts). */
const updateFleetRowsOf = preparedForRows<FleetUpdateRow, never>(6, (db, rows) =>
  compilableRaw(
    db,
    // VALUES' columns are named column1..column6 on both databases.
    sql`update fleets set state = v.column3, arrives_at = v.column4, data = v.column5
    from (values ${sql.join(
      rows.map(
        ([accountId, id, state, arrivesAt, data, previous]) =>
          sql`(cast(${accountId} as integer), cast(${id} as integer), ${state}, ${arrivesAt}, ${data}, ${previous})`,
      ),
    )}) as v
    where fleets.account_id = v.column1 and fleets.id = v.column2 and fleets.data = v.column6`,
  ),
);

/**
 * Writes changed fleets of several accounts with one statement (a chunk of arrivals, decision
 * 203), each row guarded by its data as loaded, as `saveFleets`' updates are: if any row no
 * longer holds its `previous` data the statement matches fewer rows and FleetRowChangedError is
 * thrown, so the transaction does not commit. The written fleets' data is then known: a later
 * `saveFleets` that finds them unchanged writes nothing.
 */
export async function updateFleetRows(
  trx: Kysely<Database>,
  rows: readonly { accountId: number; fleet: FleetState; previous: FleetState }[],
): Promise<void> {
  if (rows.length === 0) return;
  const written = rows.map(({ fleet }) => fleetJson(fleet));
  const result = await updateFleetRowsOf(
    trx,
    rows.map(({ accountId, fleet, previous }, index): FleetUpdateRow => [
      accountId,
      fleet.id,
      fleet.state,
      toIso(fleet.arrivesAt),
      written[index] as string,
      dataOf(previous),
    ]),
  );
  if (Number(result.numAffectedRows ?? 0n) !== rows.length)
    throw new FleetRowChangedError(rows[0]?.accountId ?? 0);
  rows.forEach(({ fleet }, index) => storedData.set(fleet, written[index] as string));
}

/** `deleteFleetRowsOf`' statement, prepared per row count (db/prepared.ts). */
const deleteFleetRowsIn = preparedForRows<[accountId: number, fleetId: number], never>(2, (db, rows) =>
  compilableRaw(
    db,
    sql`delete from fleets where (account_id, id) in (values ${sql.join(
      rows.map(([accountId, fleetId]) => sql`(cast(${accountId} as integer), cast(${fleetId} as integer))`),
    )})`,
  ),
);

/**
 * Deletes the rows of landed or destroyed fleets of several accounts with one statement (a chunk
 * of arrivals); FleetRowChangedError when one of them is gone already, as `saveFleets` does.
 */
export async function deleteFleetRowsOf(
  trx: Kysely<Database>,
  rows: readonly { accountId: number; fleetId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const result = await deleteFleetRowsIn(
    trx,
    rows.map(({ accountId, fleetId }): [number, number] => [accountId, fleetId]),
  );
  if (Number(result.numAffectedRows ?? 0n) !== rows.length)
    throw new FleetRowChangedError(rows[0]?.accountId ?? 0);
}

/** Whether a fleet differs from another as stored (both plain fleet states). */
export const fleetChanged = (before: FleetState, after: FleetState): boolean => !sameJson(before, after);

/** A fleet row changed under a guarded write: the transaction must not commit. */
export class FleetRowChangedError extends Error {
  constructor(accountId: number) {
    super(`Concurrent change of a fleet of account ${accountId}`);
    this.name = 'FleetRowChangedError';
  }
}

/** The accounts whose fleets arrive at `accountId`'s planets by `at` (attack, spy, transport). */
export async function dueIncomingOwners(
  db: Kysely<Database>,
  accountId: number,
  at: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('fleets')
    .select('account_id')
    .distinct()
    .where('target_account_id', '=', accountId)
    .where('state', '=', sql.lit('outbound'))
    .where('arrives_at', '<=', toIso(at))
    .execute();
  return rows.map((row) => row.account_id);
}

/**
 * A column for reads of the account row: when the first fleet of another account still outbound
 * to one of its planets arrives (null: none). The read path then knows, without a statement of
 * its own, whether an arrival must be applied before it answers.
 */
export const incomingArrivalAt = (eb: ExpressionBuilder<Database, 'accounts'>) =>
  eb
    .selectFrom('fleets')
    .select((f) => f.fn.min('fleets.arrives_at').as('at'))
    .whereRef('fleets.target_account_id', '=', 'accounts.id')
    .where('fleets.state', '=', sql.lit('outbound'))
    .as('incoming_at');

/** Research 5 is Espionage technology (FLEETS.md section 5). */
export const ESPIONAGE_RESEARCH_ID = 5;

/** `incomingFleets`' statement, built and compiled once per database (db/prepared.ts). */
const incomingFleetRows = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('fleets')
    .leftJoin('account_research', (join) =>
      join
        .onRef('account_research.account_id', '=', 'fleets.account_id')
        .on('account_research.research_id', '=', ESPIONAGE_RESEARCH_ID),
    )
    .select(['fleets.account_id', 'fleets.data', 'account_research.level'])
    .where('fleets.target_account_id', '=', accountId)
    .where('fleets.state', '=', sql.lit('outbound'))
    .where('fleets.mission', 'in', [3, 4])
    .orderBy('fleets.arrives_at'),
);

/** The fleets of other accounts heading for `accountId`'s planets, with their owners' Espionage. */
export async function incomingFleets(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ ownerId: number; espionage: number; fleet: FleetState }[]> {
  const rows = await incomingFleetRows.execute(db, accountId);
  return rows.map((row) => ({
    ownerId: row.account_id,
    espionage: row.level ?? 0,
    fleet: parseFleet(row.data),
  }));
}

type ReportRow = [accountId: number, kind: string, createdAt: string, data: string];

/** `insertReports`' statement, prepared per row count (db/prepared.ts). */
const insertReportRows = preparedForRows<ReportRow, { id: number; account_id: number; data: string }>(
  4,
  (db, rows) =>
    db
      .insertInto('reports')
      .values(
        rows.map(([accountId, kind, createdAt, data]) => ({
          account_id: accountId,
          kind,
          created_at: createdAt,
          data,
        })),
      )
      .returning(['id', 'account_id', 'data']),
);

/**
 * Stores reports, several accounts' at once, with one statement; their ids in the order given.
 * The rows come back in no promised order, so each is matched by its account and content: two
 * identical reports of one account are interchangeable.
 */
export async function insertReports(
  trx: Kysely<Database>,
  reports: readonly { accountId: number; report: FleetReport }[],
): Promise<number[]> {
  if (reports.length === 0) return [];
  const rows = reports.map(({ accountId, report }) => ({
    account_id: accountId,
    kind: report.kind,
    created_at: toIso(report.at),
    data: JSON.stringify(report),
  }));
  const inserted = (
    await insertReportRows(
      trx,
      rows.map((row): ReportRow => [row.account_id, row.kind, row.created_at, row.data]),
    )
  ).rows;
  const ids = new Map<string, number[]>();
  for (const row of inserted) {
    const key = `${row.account_id}:${row.data}`;
    const list = ids.get(key);
    if (list === undefined) ids.set(key, [row.id]);
    else list.push(row.id);
  }
  return rows.map((row) => {
    const id = ids.get(`${row.account_id}:${row.data}`)?.shift();
    if (id === undefined) throw new Error(`report of account ${row.account_id} not returned by its insert`);
    return id;
  });
}

export async function findReport(
  db: Kysely<Database>,
  accountId: number,
  reportId: number,
): Promise<{ id: number; kind: string; created_at: string; data: string } | undefined> {
  return db
    .selectFrom('reports')
    .select(['id', 'kind', 'created_at', 'data'])
    .where('id', '=', reportId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** What a target orbit holds now. */
export interface OrbitView {
  orbitId: number;
  planetType: string;
  maxCapacity: number;
  debris: { metal: number; crystal: number };
  planet: { accountId: number; planetId: number } | null;
}

const orbitViewOf = prepared(2, (db: Kysely<Database>, systemId: number, orbit: number) =>
  db
    .selectFrom('orbits')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select([
      'orbits.id',
      'orbits.planet_type',
      'orbits.max_capacity',
      'orbits.debris_metal',
      'orbits.debris_crystal',
      'planets.id as planet_id',
      'planets.account_id',
    ])
    .where('orbits.system_id', '=', systemId)
    .where('orbits.index', '=', orbit),
);

export async function orbitView(
  db: Kysely<Database>,
  systemId: number,
  orbit: number,
): Promise<OrbitView | undefined> {
  const row = await orbitViewOf.executeTakeFirst(db, systemId, orbit);
  return row === undefined ? undefined : viewOf(row);
}

function viewOf(row: {
  id: number;
  planet_type: string;
  max_capacity: number;
  debris_metal: number;
  debris_crystal: number;
  planet_id: number | null;
  account_id: number | null;
}): OrbitView {
  return {
    orbitId: row.id,
    planetType: row.planet_type,
    maxCapacity: row.max_capacity,
    debris: { metal: row.debris_metal, crystal: row.debris_crystal },
    planet:
      row.planet_id !== null && row.account_id !== null
        ? { accountId: row.account_id, planetId: row.planet_id }
        : null,
  };
}

/**
 * Locks the orbit's row for the rest of the transaction (PostgreSQL; SQLite's write transaction
 * already excludes every other writer): two arrivals on one field (recyclers of two accounts, an
 * attack adding debris while recyclers take some) then read and write the field one after the
 * other. Taken after the accounts' locks, never before, so no cycle can form.
 */
export async function lockOrbit(
  trx: Kysely<Database>,
  dialect: DialectSeam,
  systemId: number,
  orbit: number,
): Promise<void> {
  await dialect
    .forUpdate(
      trx.selectFrom('orbits').select('id').where('system_id', '=', systemId).where('index', '=', orbit),
    )
    .execute();
}

type OrbitTarget = [systemId: number, orbit: number];

/** The orbits at the given (system, orbit) pairs, as a where clause (the pairs padded, coalesce.ts padKeys). */
const orbitsAt = (targets: readonly OrbitTarget[]) => (eb: ExpressionBuilder<Database, 'orbits'>) =>
  eb.or(
    targets.map(([systemId, orbit]) =>
      eb.and([eb('orbits.system_id', '=', systemId), eb('orbits.index', '=', orbit)]),
    ),
  );

/**
 * The orbits' rows `FOR UPDATE`, in (system, orbit) order: PostgreSQL locks the rows as the sort
 * hands them over. Run only where the dialect locks rows (DialectSeam.rowLocks).
 */
const lockOrbitRows = preparedForRows<OrbitTarget, { id: number }>(2, (db, targets) =>
  db
    .selectFrom('orbits')
    .select('orbits.id')
    .where(orbitsAt(targets))
    .orderBy('system_id')
    .orderBy('index')
    .forUpdate(),
);

/** What the orbits hold, with their planets' owners. */
const orbitRowsAt = preparedForRows(2, (db, targets: OrbitTarget[]) =>
  db
    .selectFrom('orbits')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select([
      'orbits.id',
      'orbits.system_id',
      'orbits.index',
      'orbits.planet_type',
      'orbits.max_capacity',
      'orbits.debris_metal',
      'orbits.debris_crystal',
      'planets.id as planet_id',
      'planets.account_id',
    ])
    .where(orbitsAt(targets)),
);

/**
 * Locks several orbits in (system, orbit) order, as `lockOrbit` does one, with one statement, and
 * reads what they hold with one more: a chunk of arrivals (decision 177). Keyed `system:orbit`;
 * an orbit that does not exist is missing. Where the dialect takes no row locks (SQLite, whose
 * write transaction holds the database) only the read is run. Both statements are prepared per
 * padded number of orbits (the last pair repeated: the same orbit matched twice is one row).
 * The read is a statement of its own after the lock, not the locking statement itself: on
 * PostgreSQL it then sees what committed while the lock was awaited (a colony founded there).
 */
export async function lockOrbits(
  trx: Kysely<Database>,
  dialect: DialectSeam,
  targets: readonly { systemId: number; orbit: number }[],
): Promise<Map<string, OrbitView>> {
  const views = new Map<string, OrbitView>();
  if (targets.length === 0) return views;
  const pairs = padKeys(targets).map((target): OrbitTarget => [target.systemId, target.orbit]);
  if (dialect.rowLocks) {
    const locked = await lockOrbitRows(trx, pairs);
    if (locked.rows.length === 0) return views;
  }
  const { rows } = await orbitRowsAt(trx, pairs);
  for (const row of rows) views.set(`${row.system_id}:${row.index}`, viewOf(row));
  return views;
}

const setDebrisOn = prepared(3, (db: Kysely<Database>, orbitId: number, metal: number, crystal: number) =>
  db.updateTable('orbits').set({ debris_metal: metal, debris_crystal: crystal }).where('id', '=', orbitId),
);

export async function setDebris(
  trx: Kysely<Database>,
  orbitId: number,
  debris: { metal: number; crystal: number },
): Promise<void> {
  await setDebrisOn.run(trx, orbitId, debris.metal, debris.crystal);
}

/** `setDebrisOf`' statement, prepared per row count (db/prepared.ts). */
const setDebrisIn = preparedForRows<[orbitId: number, metal: number, crystal: number], never>(3, (db, rows) =>
  compilableRaw(
    db,
    sql`update orbits set debris_metal = v.column2, debris_crystal = v.column3
    from (values ${sql.join(
      rows.map(
        ([orbitId, metal, crystal]) =>
          sql`(cast(${orbitId} as integer), cast(${metal} as double precision), cast(${crystal} as double precision))`,
      ),
    )}) as v where orbits.id = v.column1`,
  ),
);

/** `setDebris` for several orbits with one statement (a chunk's debris fields). */
export async function setDebrisOf(
  trx: Kysely<Database>,
  fields: ReadonlyMap<number, { metal: number; crystal: number }>,
): Promise<void> {
  if (fields.size === 0) return;
  if (fields.size === 1) {
    for (const [orbitId, debris] of fields) await setDebris(trx, orbitId, debris);
    return;
  }
  await setDebrisIn(
    trx,
    [...fields].map(([orbitId, debris]): [number, number, number] => [orbitId, debris.metal, debris.crystal]),
  );
}

const planetPlacesOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .select(['planets.id', 'orbits.system_id', 'orbits.index'])
    .where('planets.account_id', '=', accountId)
    .orderBy('planets.idx'),
);

/** Where each planet of the account is: system and orbit index, in planet index order. */
export async function planetPlaces(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ planetId: number; systemId: number; orbit: number }[]> {
  const rows = await planetPlacesOf.execute(db, accountId);
  return rows.map((row) => ({ planetId: row.id, systemId: row.system_id, orbit: row.index }));
}

const orderPlacesOf = prepared(3, (db: Kysely<Database>, planetId: number, systemId: number, orbit: number) =>
  db
    .selectFrom('planets as origin')
    .innerJoin('orbits as here', 'here.id', 'origin.orbit_id')
    .leftJoin('orbits', (join) => join.on('orbits.system_id', '=', systemId).on('orbits.index', '=', orbit))
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select([
      'here.system_id as origin_system_id',
      'here.index as origin_orbit',
      'orbits.id',
      'orbits.planet_type',
      'orbits.max_capacity',
      'orbits.debris_metal',
      'orbits.debris_crystal',
      'planets.id as planet_id',
      'planets.account_id',
    ])
    .where('origin.id', '=', planetId),
);

/**
 * Where an order's origin planet is and what its target orbit holds, with one statement: undefined
 * when the planet does not exist, `target` undefined when the orbit does not.
 */
export async function orderPlaces(
  db: Kysely<Database>,
  planetId: number,
  target: { systemId: number; orbit: number },
): Promise<{ origin: { systemId: number; orbit: number }; target: OrbitView | undefined } | undefined> {
  const row = await orderPlacesOf.executeTakeFirst(db, planetId, target.systemId, target.orbit);
  if (row === undefined) return undefined;
  const origin = { systemId: row.origin_system_id, orbit: row.origin_orbit };
  const { id, planet_type, max_capacity, debris_metal, debris_crystal } = row;
  if (
    id === null ||
    planet_type === null ||
    max_capacity === null ||
    debris_metal === null ||
    debris_crystal === null
  )
    return { origin, target: undefined };
  return {
    origin,
    target: viewOf({
      id,
      planet_type,
      max_capacity,
      debris_metal,
      debris_crystal,
      planet_id: row.planet_id,
      account_id: row.account_id,
    }),
  };
}

export interface FleetUniverse {
  graph: RouteGraph;
  systems: ReadonlyMap<number, FleetSystem>;
}

const universes = new WeakMap<object, Promise<FleetUniverse>>();

/**
 * Systems, gates and orbit counts never change once seeded: one copy per database handle serves
 * every order of the process.
 */
export function fleetUniverse(db: Kysely<Database>): Promise<FleetUniverse> {
  let universe = universes.get(db);
  if (universe === undefined) {
    universe = (async () => {
      const [systems, gates, orbits] = await Promise.all([
        db.selectFrom('systems').select(['id', 'x', 'y', 'security_id']).execute(),
        db.selectFrom('gates').select(['a', 'b']).execute(),
        db
          .selectFrom('orbits')
          .select(['system_id', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('system_id')
          .execute(),
      ]);
      const orbitCount = new Map(orbits.map((row) => [row.system_id, Number(row.count)]));
      const byId = new Map<number, FleetSystem>(
        systems.map((s) => [
          s.id,
          {
            id: s.id,
            x: s.x,
            y: s.y,
            security: s.security_id as SecurityId,
            orbits: Array.from({ length: orbitCount.get(s.id) ?? 0 }),
          },
        ]),
      );
      return {
        systems: byId,
        graph: buildRouteGraph(
          systems.map((s) => ({ id: s.id, security: s.security_id as SecurityId })),
          gates.map((g): [number, number] => [g.a, g.b]),
        ),
      };
    })();
    universe.catch(() => universes.delete(db));
    universes.set(db, universe);
  }
  return universe;
}
