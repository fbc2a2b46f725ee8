/**
 * Reads of the read path (no transaction of the caller's), shared by the requests of the same
 * moment (db/coalesce.ts): the account row, and whole states in one snapshot.
 */
import type { Kysely } from 'kysely';
import { coalescedReads, coalescedRowsById, padKeys, perDatabase } from '../../db/coalesce.js';
import { preparedForLists } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { AccountState } from '@starhold/rules';
import {
  ACCOUNT_ROW_COLUMNS,
  buildState,
  type AccountVersionRow,
  type CommandantRow,
  type ConstructionRow,
  type ModuleRow,
  type PlanetRow,
  type ResearchRow,
} from './state.repository.js';
import type { StateCache } from './state-cache.js';
import { fleetRowsIn, incomingArrivalAt } from '../fleets/index.js';

const accountRowsById = coalescedRowsById((db: Kysely<Database>, ids: number[]) =>
  db
    .selectFrom('accounts')
    .select(ACCOUNT_ROW_COLUMNS)
    .select('emails_version')
    .select(incomingArrivalAt)
    .where('id', 'in', ids),
);

/**
 * The account row of the read path, with when another account's fleet first arrives at it and
 * the version of its emails (migration 018).
 */
export type ReadPathAccountRow = AccountVersionRow & { incoming_at: string | null; emails_version: number };

/**
 * The account row as `loadAccountRow` gives it, for reads outside a transaction: requests that
 * ask at the same moment share one statement (db/coalesce.ts), each still seeing every write
 * committed before it asked.
 */
export async function loadAccountRowNow(
  db: Kysely<Database>,
  accountId: number,
): Promise<ReadPathAccountRow | undefined> {
  const row = await accountRowsById(db, accountId);
  return row === undefined
    ? undefined
    : { ...row, state_version: Number(row.state_version), emails_version: Number(row.emails_version) };
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
        const fleets = byAccount(await fleetRowsIn(n).execute(trx, ...keys));
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
            fleets.get(id) ?? [],
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
  db: Kysely<Database>,
  accountId: number,
  cache: StateCache,
): Promise<LoadedAccount | undefined> {
  const loaded = await sharedStateLoads(db).get(accountId);
  if (loaded !== undefined) cache.set(accountId, loaded.row.state_version, loaded.state);
  return loaded;
}

/** Accounts per statement of `loadAccountStatesIn`. */
const STATES_PER_LOAD = 16;

/**
 * The stored states of several accounts inside the caller's transaction, which holds their
 * locks (`withAccounts`: a chunk of fleet arrivals, decision 174): the states the process keeps
 * at the rows' versions, the others with one statement per table for up to 16 accounts instead
 * of seven statements each. An account that no longer exists is missing from the map.
 */
export async function loadAccountStatesIn(
  trx: Kysely<Database>,
  accountIds: readonly number[],
  cache: StateCache,
  /** The accounts' rows when the caller's lock statement already read them. */
  rows?: readonly AccountVersionRow[],
): Promise<Map<number, AccountState>> {
  const states = new Map<number, AccountState>();
  for (let start = 0; start < accountIds.length; start += STATES_PER_LOAD) {
    const slice = accountIds.slice(start, start + STATES_PER_LOAD);
    const keys = padKeys(slice);
    const n = keys.length;
    const missing: AccountVersionRow[] = [];
    const wanted = new Set(slice);
    const accounts =
      rows === undefined
        ? await accountRowsIn(n).execute(trx, ...keys)
        : rows.filter((row) => wanted.has(row.id));
    for (const raw of accounts) {
      const row = { ...raw, state_version: Number(raw.state_version) };
      const kept = cache.get(row.id, row.state_version);
      if (kept === undefined) missing.push(row);
      else states.set(row.id, kept);
    }
    if (missing.length === 0) continue;
    const planets = byAccount(await planetRowsIn(n).execute(trx, ...keys));
    const modules = byAccount(await moduleRowsIn(n).execute(trx, ...keys));
    const research = byAccount(await researchRowsIn(n).execute(trx, ...keys));
    const constructions = byAccount(await constructionRowsIn(n).execute(trx, ...keys));
    const commandants = byAccount(await commandantRowsIn(n).execute(trx, ...keys));
    const fleets = byAccount(await fleetRowsIn(n).execute(trx, ...keys));
    for (const row of missing) {
      const id = row.id;
      const state = buildState(
        row,
        planets.get(id) ?? [],
        modules.get(id) ?? [],
        research.get(id) ?? [],
        constructions.get(id) ?? [],
        commandants.get(id) ?? [],
        fleets.get(id) ?? [],
      );
      cache.set(id, row.state_version, state);
      states.set(id, state);
    }
  }
  return states;
}
