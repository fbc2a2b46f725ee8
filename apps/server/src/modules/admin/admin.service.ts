/**
 * The operators' actions (issue 23, decision 220), shared by the console's routes and the command
 * line: each changes one account and appends its audit entry in the same transaction.
 */
import {
  RACE_NAMES,
  type AdminAccountDetail,
  type AdminAccountRow,
  type AdminAccountsQuery,
  type AdminAuditEntry,
  type AdminAuditQuery,
  type PageMeta,
} from '@starhold/contract';
import type { FleetState } from '@starhold/rules';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isoAt, type AppContext } from '../../context.js';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { endAccountSessions } from '../auth/index.js';
import { economyDeps, withAccount } from '../economy/index.js';
import { announceSessionsEnded } from '../events/index.js';
import { endFleetAtHome, parseFleet } from '../fleets/index.js';
import { toAuditEntry, writeAudit, type Actor } from './audit.js';

export type AdminContext = Pick<AppContext, 'db' | 'dialect' | 'config' | 'events'>;

const SHIP_TYPE = 3;
const DETAIL_EMAILS = 50;
const DETAIL_SESSIONS = 20;
const DETAIL_AUDIT = 20;

/** The caller as an operator, or 403 ADMIN_OPERATORS_ONLY (checked on every admin request). */
export async function operatorActor(db: Kysely<Database>, accountId: number): Promise<Actor> {
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'username', 'operator'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (row?.operator !== 1) throw new DomainError('ADMIN_OPERATORS_ONLY');
  return { id: row.id, name: row.username };
}

const lastVisit = (eb: ExpressionBuilder<Database, 'accounts'>) =>
  eb
    .selectFrom('planets')
    .select((p) => p.fn.max('planets.last_visit').as('v'))
    .whereRef('planets.account_id', '=', 'accounts.id')
    .as('last_visit');

/** `%text%` for LIKE, with the wildcards of the text itself escaped (ESCAPE '\'). */
const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchFilter(
  eb: ExpressionBuilder<Database, 'accounts'>,
  query: AdminAccountsQuery,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (query.q !== '') {
    const pattern = containsPattern(query.q.toLowerCase());
    const matches: Expression<SqlBool>[] = [
      sql<SqlBool>`${eb.ref('accounts.username_lower')} like ${pattern} escape '\\'`,
      sql<SqlBool>`${eb.ref('accounts.email_lower')} like ${pattern} escape '\\'`,
    ];
    if (/^[1-9]\d{0,9}$/.test(query.q) && Number(query.q) <= 2_147_483_647)
      matches.push(eb('accounts.id', '=', Number(query.q)));
    conditions.push(eb.or(matches));
  }
  if (query.suspended !== undefined)
    conditions.push(eb('accounts.suspended_at', query.suspended ? 'is not' : 'is', null));
  return eb.and(conditions);
}

const rowOf = (row: {
  id: number;
  username: string;
  email: string;
  race_id: number;
  total_points: number;
  nmi: number;
  last_visit: string | null;
  suspended_at: string | null;
  operator: number;
}): AdminAccountRow => ({
  id: row.id,
  username: row.username,
  email: row.email,
  race: { id: row.race_id, name: RACE_NAMES[row.race_id] ?? 'unknown' },
  total_points: row.total_points,
  nmi: row.nmi,
  last_visit: row.last_visit,
  suspended_at: row.suspended_at,
  operator: row.operator === 1,
});

const accountColumns = [
  'accounts.id',
  'accounts.username',
  'accounts.email',
  'accounts.race_id',
  'accounts.total_points',
  'accounts.nmi',
  'accounts.suspended_at',
  'accounts.operator',
] as const;

export async function searchAccounts(
  db: Kysely<Database>,
  query: AdminAccountsQuery,
): Promise<{ data: AdminAccountRow[]; meta: PageMeta }> {
  const rows = await db
    .selectFrom('accounts')
    .select([...accountColumns, lastVisit])
    .where((eb) => searchFilter(eb, query))
    .orderBy('accounts.id')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  const count = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => searchFilter(eb, query))
    .executeTakeFirstOrThrow();
  return {
    data: rows.map(rowOf),
    meta: { offset: query.offset, limit: query.limit, total: Number(count.n) },
  };
}

const fleetShips = (fleet: FleetState): number =>
  Object.values(fleet.ships).reduce((sum, count) => sum + count, 0);

export async function accountDetail(
  db: Kysely<Database>,
  accountId: number,
  now: number,
): Promise<AdminAccountDetail> {
  const account = await db
    .selectFrom('accounts')
    .select([...accountColumns, 'accounts.created_at', lastVisit])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw new DomainError('NOT_FOUND');
  const planets = await db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .select((eb) => [
      'planets.id',
      'planets.idx',
      'planets.name',
      'orbits.system_id',
      'orbits.index',
      'planets.metal',
      'planets.crystal',
      'planets.fuel',
      'planets.last_visit',
      eb
        .selectFrom('planet_modules')
        .select((m) => m.fn.sum<number>('planet_modules.value').as('n'))
        .whereRef('planet_modules.planet_id', '=', 'planets.id')
        .where('planet_modules.type_id', '=', SHIP_TYPE)
        .as('ships'),
    ])
    .where('planets.account_id', '=', accountId)
    .orderBy('planets.idx')
    .execute();
  const fleets = await db
    .selectFrom('fleets')
    .select(['id', 'data'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  const queues = await db
    .selectFrom('constructions')
    .select(['id', 'type_id', 'module_id', 'planet_id', 'state', 'target_value', 'finish_at'])
    .where('account_id', '=', accountId)
    .orderBy('planet_id')
    .orderBy('type_id')
    .orderBy('position')
    .execute();
  const emails = await db
    .selectFrom('emails')
    .select(['id', 'title', 'params', 'created_at', 'read_at'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(DETAIL_EMAILS)
    .execute();
  // The current token of each session: rotation marks the older ones used.
  const sessions = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'created_at', 'expires_at', 'remember_me', 'revoked_at'])
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(DETAIL_SESSIONS)
    .execute();
  const audit = await db
    .selectFrom('admin_audit')
    .selectAll()
    .where('target_account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(DETAIL_AUDIT)
    .execute();
  const nowIso = isoAt(now);
  return {
    account: { ...rowOf(account), created_at: account.created_at },
    planets: planets.map((planet) => ({
      id: planet.id,
      index: planet.idx,
      name: planet.name,
      system_id: planet.system_id,
      orbit: planet.index,
      metal: planet.metal,
      crystal: planet.crystal,
      fuel: planet.fuel,
      ships: Number(planet.ships ?? 0),
      last_visit: planet.last_visit,
    })),
    fleets: fleets.map((row) => {
      const fleet = parseFleet(row.data);
      return {
        id: row.id,
        mission: fleet.mission,
        state: fleet.state,
        target_system_id: fleet.target.systemId,
        target_orbit: fleet.target.orbit,
        arrives_at: isoAt(fleet.arrivesAt),
        returns_at: fleet.returnsAt === null ? null : isoAt(fleet.returnsAt),
        ships: fleetShips(fleet),
      };
    }),
    queues: queues.map((item) => ({
      id: item.id,
      type_id: item.type_id,
      module_id: item.module_id,
      planet_id: item.planet_id,
      state: item.state,
      target_value: item.target_value,
      finish_at: item.finish_at,
    })),
    emails,
    sessions: sessions.map((session) => ({
      id: session.id,
      created_at: session.created_at,
      expires_at: session.expires_at,
      remember_me: session.remember_me === 1,
      status: session.revoked_at !== null ? 'revoked' : session.expires_at <= nowIso ? 'expired' : 'active',
    })),
    audit: audit.map(toAuditEntry),
  };
}

export async function listAudit(
  db: Kysely<Database>,
  query: AdminAuditQuery,
): Promise<{ data: AdminAuditEntry[]; meta: PageMeta }> {
  let rows = db.selectFrom('admin_audit');
  if (query.account_id !== undefined) rows = rows.where('target_account_id', '=', query.account_id);
  const data = await rows.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute();
  const count = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return {
    data: data.map(toAuditEntry),
    meta: { offset: query.offset, limit: query.limit, total: Number(count.n) },
  };
}

/** The account an action is on (404 when unknown), its row locked when a dialect is given. */
async function targetOf(trx: Kysely<Database>, accountId: number, lock?: DialectSeam) {
  const query = trx
    .selectFrom('accounts')
    .select(['id', 'username', 'suspended_at', 'operator'])
    .where('id', '=', accountId);
  const row = await (lock ? lock.forUpdate(query) : query).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** Suspends an account and ends its sessions at once (login refused, ACCOUNT_SUSPENDED). */
export async function suspendAccount(
  ctx: AdminContext,
  actor: Actor,
  accountId: number,
  reason: string,
  now: number,
): Promise<AdminAuditEntry> {
  if (actor.id === accountId) throw new DomainError('ADMIN_NOT_ON_SELF');
  const at = isoAt(now);
  const entry = await ctx.dialect.writeTransaction(ctx.db, async (trx) => {
    const target = await targetOf(trx, accountId, ctx.dialect);
    if (target.suspended_at !== null) throw new DomainError('ADMIN_ALREADY_SUSPENDED');
    await trx.updateTable('accounts').set({ suspended_at: at }).where('id', '=', accountId).execute();
    const ended = await endAccountSessions(trx, accountId, at);
    return writeAudit(trx, {
      at,
      actor,
      action: 'suspend',
      target,
      reason,
      before: { suspended_at: null },
      after: { suspended_at: at, sessions_ended: ended },
    });
  });
  // After the commit: the suspended player's open streams close at once (decision 243).
  await announceSessionsEnded(ctx.events, ctx.db, accountId);
  return entry;
}

export async function reinstateAccount(
  ctx: AdminContext,
  actor: Actor,
  accountId: number,
  reason: string,
  now: number,
): Promise<AdminAuditEntry> {
  return ctx.dialect.writeTransaction(ctx.db, async (trx) => {
    const target = await targetOf(trx, accountId, ctx.dialect);
    if (target.suspended_at === null) throw new DomainError('ADMIN_NOT_SUSPENDED');
    await trx.updateTable('accounts').set({ suspended_at: null }).where('id', '=', accountId).execute();
    return writeAudit(trx, {
      at: isoAt(now),
      actor,
      action: 'reinstate',
      target,
      reason,
      before: { suspended_at: target.suspended_at },
      after: { suspended_at: null },
    });
  });
}

/**
 * Grants (amount > 0) or removes (amount < 0) NMI through the settling transaction, so that a
 * purchase at the same moment cannot lose the change; a removal below zero is refused.
 */
export async function changeNmi(
  ctx: AdminContext,
  actor: Actor,
  accountId: number,
  amount: number,
  reason: string,
  now: number,
): Promise<AdminAuditEntry> {
  return withAccount(economyDeps(ctx), accountId, now, async ({ state, trx }) => {
    // An operator's grant or removal waits for the log's flush, game writes aside (decision 208).
    await ctx.dialect.durableCommit(trx);
    const target = await targetOf(trx, accountId);
    const balance = state.nmi + amount;
    if (balance < 0) throw new DomainError('ADMIN_NMI_BELOW_ZERO');
    const entry = await writeAudit(trx, {
      at: isoAt(now),
      actor,
      action: amount > 0 ? 'grant_nmi' : 'remove_nmi',
      target,
      reason,
      before: { nmi: state.nmi },
      after: { nmi: balance },
    });
    return { state: { ...state, nmi: balance }, result: entry };
  });
}

/** Ends a stuck fleet: home at once with its ships and cargo (decision 224). */
export async function endFleet(
  ctx: AdminContext,
  actor: Actor,
  accountId: number,
  fleetId: number,
  reason: string,
  now: number,
): Promise<AdminAuditEntry> {
  return withAccount(economyDeps(ctx), accountId, now, async ({ state, trx }) => {
    await ctx.dialect.durableCommit(trx);
    const target = await targetOf(trx, accountId);
    const ended = endFleetAtHome(state, fleetId);
    if (ended === null) throw new DomainError('NOT_FOUND');
    const { fleet } = ended;
    const entry = await writeAudit(trx, {
      at: isoAt(now),
      actor,
      action: 'end_fleet',
      target,
      reason,
      before: {
        fleet_id: fleet.id,
        mission: fleet.mission,
        state: fleet.state,
        arrives_at: isoAt(fleet.arrivesAt),
        ships: fleet.ships,
        cargo: fleet.cargo,
      },
      after: { fleet_id: null, returned_to_planet_id: ended.planetId },
    });
    return { state: ended.state, result: entry };
  });
}

/** promote / demote (the command line only): whether the account opens the console. */
export async function setOperator(
  ctx: AdminContext,
  actor: Actor,
  accountId: number,
  operator: boolean,
  reason: string,
  now: number,
): Promise<AdminAuditEntry | null> {
  return ctx.dialect.writeTransaction(ctx.db, async (trx) => {
    const target = await targetOf(trx, accountId);
    if ((target.operator === 1) === operator) return null;
    await trx
      .updateTable('accounts')
      .set({ operator: operator ? 1 : 0 })
      .where('id', '=', accountId)
      .execute();
    return writeAudit(trx, {
      at: isoAt(now),
      actor,
      action: operator ? 'promote' : 'demote',
      target,
      reason,
      before: { operator: target.operator === 1 },
      after: { operator },
    });
  });
}
