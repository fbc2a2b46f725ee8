/**
 * Fleets (FLEETS.md, issue 19): preview, dispatch and recall from the focus planet inside the
 * account's settling transaction, the caller's fleets and the hostile ones heading its way, and
 * its reports. The rules engine decides; this module brings it the universe and stores its answer.
 */
import {
  dispatchFleet,
  FLEET_REFUSAL_ERROR_KEYS,
  hostileFleetsFor,
  isHostileMission,
  previewFleet,
  recallFleet,
  type AccountState,
  type FleetOrder,
  type FleetRefusal,
  type FleetState,
  type FleetWorld,
  type PlanetState,
} from '@starhold/rules';
import type { Fleet, FleetList, FleetOrderBody, FleetPreview, LiveEvent, Report } from '@starhold/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import {
  focusPlanet,
  readAccount,
  withAccount,
  type AccountContext,
  type EconomyDeps,
} from '../economy/index.js';
import { findReport, fleetUniverse, incomingFleets, orderPlaces, planetPlaces } from './fleets.repository.js';
import { isoAt as toIso } from '../../context.js';

/** A refusal of the rules as the API answers it (FLEET_EVENT_PENDING: 503 with Retry-After, decision 175). */
export function fleetRefusalError(refusal: FleetRefusal): DomainError {
  return new DomainError(FLEET_REFUSAL_ERROR_KEYS[refusal.reason], { message: refusal.message });
}

/** Seconds the client waits before retrying an order refused with FLEET_EVENT_PENDING. */
export const FLEET_EVENT_RETRY_AFTER_S = 1;

/**
 * Runs a fleet order once more when an arrival of the account was still unapplied (another
 * process applying it, or a chain of blocked arrivals): `withAccount` applies due arrivals first.
 */
async function retryPendingArrival<T>(order: () => Promise<T>): Promise<T> {
  try {
    return await order();
  } catch (error) {
    if (!(error instanceof DomainError) || error.key !== 'FLEET_EVENT_PENDING') throw error;
    return order();
  }
}

/** A fleet as the API shows it (API.md "Fleets, accounts and operators"). */
export function fleetView(fleet: FleetState, state: AccountState): Fleet {
  return {
    id: fleet.id,
    mission: fleet.mission,
    state: fleet.state,
    origin: {
      system_id: fleet.origin.systemId,
      orbit: fleet.origin.orbit,
      planet_index: Math.max(
        0,
        state.planets.findIndex((planet) => planet.id === fleet.originPlanetId),
      ),
    },
    target: { system_id: fleet.target.systemId, orbit: fleet.target.orbit },
    route: fleet.route.map((stop) => stop.systemId),
    ships: unitList(fleet.ships),
    cargo: { ...fleet.cargo },
    departed_at: toIso(fleet.departedAt),
    arrives_at: toIso(fleet.arrivesAt),
    returns_at: fleet.returnsAt === null ? null : toIso(fleet.returnsAt),
  };
}

const unitList = (units: Readonly<Record<number, number>>): { id: number; count: number }[] =>
  Object.entries(units)
    .map(([id, count]) => ({ id: Number(id), count }))
    .sort((a, b) => a.id - b.id);

function orderOf(body: FleetOrderBody, planet: PlanetState): FleetOrder {
  return {
    planetId: planet.id,
    mission: body.mission as FleetOrder['mission'],
    target: { systemId: body.target.system_id, orbit: body.target.orbit },
    ships: Object.fromEntries(body.ships.map((ship) => [ship.id, ship.count])),
    speedPercent: body.speed,
    prefer: body.prefer,
    ...(body.cargo ? { cargo: { ...body.cargo } } : {}),
  };
}

/** The universe around an order: the route graph, the origin planet's orbit, the target orbit. */
async function worldFor(
  db: Kysely<Database>,
  trx: Kysely<Database>,
  planet: PlanetState,
  body: FleetOrderBody,
): Promise<FleetWorld> {
  const [universe, places] = await Promise.all([
    fleetUniverse(db),
    orderPlaces(trx, planet.id, { systemId: body.target.system_id, orbit: body.target.orbit }),
  ]);
  if (places === undefined) throw new DomainError('NOT_FOUND');
  const { origin, target } = places;
  return {
    graph: universe.graph,
    systems: universe.systems,
    origin: { systemId: origin.systemId, orbit: origin.orbit },
    target: { planet: target?.planet ?? null, debris: target?.debris ?? null },
  };
}

function ownFleet(state: AccountState, fleetId: number): FleetState {
  const fleet = state.fleets?.find((candidate) => candidate.id === fleetId);
  if (fleet === undefined) throw new DomainError('NOT_FOUND');
  return fleet;
}

/** The attack and spy fleets of other accounts heading for the viewer's planets. */
async function hostileFleets(db: Kysely<Database>, viewer: AccountState): Promise<FleetList['hostile']> {
  const incoming = await incomingFleets(db, viewer.accountId);
  if (incoming.length === 0) return [];
  const places = await planetPlaces(db, viewer.accountId);
  const orbits = places.map((place) => ({ systemId: place.systemId, orbit: place.orbit }));
  return incoming.flatMap(({ ownerId, espionage, fleet }) =>
    // The owner as far as visibility needs it: its id, its Espionage level and this fleet.
    hostileFleetsFor(
      { ...viewer, accountId: ownerId, research: { 5: espionage }, fleets: [fleet] },
      viewer,
      orbits,
    ).map((view) => ({
      id: view.id,
      mission: view.mission,
      origin: { system_id: view.origin.systemId },
      target: { system_id: view.target.systemId, orbit: view.target.orbit },
      arrives_at: toIso(view.arrivesAt),
      ...(view.ships ? { ships: view.ships } : {}),
    })),
  );
}

/**
 * The engine's report with the API's snake_case field names (`attackerLosses` ->
 * `attacker_losses`); ids used as keys (`buildings: { 3: 4 }`) stay as they are. The stored row
 * keeps the engine's spelling, which replays compare against.
 */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      snakeKeys(inner),
    ]),
  );
}

/**
 * Tells the target's player, with the dispatch's commit, that an attack or spy fleet left for
 * one of its planets (FLEETS.md section 8: the defender sees it from the moment it leaves).
 */
async function announceHostile(
  deps: EconomyDeps,
  ctx: AccountContext,
  fleet: FleetState,
  targetAccountId: number | null,
): Promise<void> {
  const bus = deps.bus;
  if (bus === undefined || targetAccountId === null || targetAccountId === ctx.state.accountId) return;
  if (!isHostileMission(fleet.mission)) return;
  // Written with the dispatch: attack and spy orders never take the guarded write (dispatch).
  if (!ctx.inTransaction) throw new Error('a hostile fleet announced outside a transaction');
  const events: LiveEvent[] = [
    {
      kind: 'hostile_fleet_departed',
      fleet_id: fleet.id,
      mission: fleet.mission,
      system_id: fleet.target.systemId,
      orbit: fleet.target.orbit,
      arrives_at: toIso(fleet.arrivesAt),
    },
  ];
  await bus.publishInTransaction(ctx.trx, targetAccountId, events);
  ctx.afterCommit(() => bus.publishCommitted(targetAccountId, events));
}

/**
 * Recalls, and dispatches other than attacks and spies, write nothing themselves: on PostgreSQL
 * they may be one guarded statement (decisions 212 and 249). An attack or spy order announces
 * itself to its target inside the transaction (announceHostile): it takes the locking path.
 */
const GUARDED = { guarded: true } as const;

export function createFleetsService(deps: EconomyDeps) {
  const db = deps.database.db;
  return {
    async preview(accountId: number, now: number, body: FleetOrderBody): Promise<FleetPreview> {
      await fleetUniverse(db);
      return readAccount(deps, accountId, now, async (ctx: AccountContext) => {
        const planet = await focusPlanet(ctx);
        const world = await worldFor(db, ctx.trx, planet, body);
        const result = previewFleet(ctx.state, orderOf(body, planet), world, ctx.now, ctx.config);
        if (!result.ok) throw fleetRefusalError(result);
        const plan = result.value;
        return {
          route: plan.route.map((stop) => stop.systemId),
          distance: plan.distance,
          duration_seconds: plan.durationSeconds,
          arrives_at: toIso(plan.arrivesAt),
          fuel: plan.fuel,
          cargo_capacity: plan.cargoCapacity,
          null_systems: plan.nullSystems,
        };
      });
    },

    async dispatch(accountId: number, now: number, body: FleetOrderBody): Promise<Fleet> {
      // Loaded (once per process) before the transaction: SQLite's one connection is then held.
      await fleetUniverse(db);
      return retryPendingArrival(() =>
        withAccount(
          deps,
          accountId,
          now,
          async (ctx) => {
            const planet = await focusPlanet(ctx);
            const world = await worldFor(db, ctx.trx, planet, body);
            const result = dispatchFleet(ctx.state, orderOf(body, planet), world, ctx.now, ctx.config);
            if (!result.ok) throw fleetRefusalError(result);
            const { state, events, fleet } = result.value;
            await announceHostile(deps, ctx, fleet, world.target.planet?.accountId ?? null);
            return { state, events, result: fleetView(fleet, state) };
          },
          isHostileMission(body.mission) ? {} : GUARDED,
        ),
      );
    },

    async list(accountId: number, now: number): Promise<FleetList> {
      return readAccount(deps, accountId, now, async (ctx) => ({
        own: (ctx.state.fleets ?? []).map((fleet) => fleetView(fleet, ctx.state)),
        // No other account's fleet on its way (the row read with the state says so): no hostile
        // one either, and no statement to ask.
        hostile: ctx.incomingAt === null ? [] : await hostileFleets(ctx.trx, ctx.state),
      }));
    },

    async get(accountId: number, now: number, fleetId: number): Promise<Fleet> {
      return readAccount(deps, accountId, now, (ctx) => fleetView(ownFleet(ctx.state, fleetId), ctx.state));
    },

    async recall(accountId: number, now: number, fleetId: number): Promise<Fleet> {
      return retryPendingArrival(() =>
        withAccount(
          deps,
          accountId,
          now,
          (ctx) => {
            ownFleet(ctx.state, fleetId);
            const result = recallFleet(ctx.state, fleetId, ctx.now, ctx.config);
            if (!result.ok) throw fleetRefusalError(result);
            const { state, events, fleet } = result.value;
            return { state, events, result: fleetView(fleet, state) };
          },
          GUARDED,
        ),
      );
    },

    async report(accountId: number, reportId: number): Promise<Report> {
      const row = await findReport(db, accountId, reportId);
      if (row === undefined) throw new DomainError('NOT_FOUND');
      return {
        id: row.id,
        kind: row.kind === 'combat' ? 'combat' : 'spy',
        created_at: row.created_at,
        data: snakeKeys(JSON.parse(row.data)) as Record<string, unknown>,
      };
    },
  };
}

export type FleetsService = ReturnType<typeof createFleetsService>;
