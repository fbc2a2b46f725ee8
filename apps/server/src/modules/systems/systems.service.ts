import { buildRouteGraph, findRoute, generateUniverse } from '@starhold/rules';
import {
  SECURITY_NAMES,
  systemListItemSchema,
  type RoutePreference,
  type Security,
  type SystemDetail,
  type SystemListItem,
  type SystemSummary,
} from '@starhold/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { systemsRepository as repo, type UniverseRows } from './systems.repository.js';

/** Any constant works: it only has to be the same in every process that may seed. */
const SEED_LOCK_KEY = 7_301_001;

const RESOURCES = { metal: { id: 1, name: 'metal' }, crystal: { id: 2, name: 'crystal' } } as const;

export function securityOf(id: number): Security {
  if (id !== 1 && id !== 2 && id !== 3) throw new Error(`Unknown security id ${id}`);
  return { id, name: SECURITY_NAMES[id] };
}

export function universeRows(seed: string, count: number): UniverseRows {
  const universe = generateUniverse(seed, count);
  return {
    systems: universe.systems.map((s) => ({
      id: s.id,
      name: s.name,
      x: s.x,
      y: s.y,
      security_id: s.security,
      race_id: s.race,
    })),
    gates: universe.gates.map(([a, b]) => ({ a, b })),
    orbits: universe.systems.flatMap((s) =>
      s.orbits.map((o) => ({
        system_id: s.id,
        index: o.index,
        planet_type: o.planetType,
        max_capacity: o.maxCapacity,
        debris_metal: o.debris?.metal ?? 0,
        debris_crystal: o.debris?.crystal ?? 0,
      })),
    ),
  };
}

/** Seeds the universe once, on an empty database; concurrent starters on PostgreSQL wait on a lock. */
export async function seedUniverseIfEmpty(
  db: Kysely<Database>,
  dialect: DialectSeam,
  seed: string,
  count: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await dialect.advisoryXactLock(trx, SEED_LOCK_KEY);
    if ((await repo.countSystems(trx)) > 0) return false;
    await repo.insertUniverse(trx, universeRows(seed, count));
    return true;
  });
}

type SystemRow = Awaited<ReturnType<typeof repo.listSystems>>[number];

interface CachedUniverse {
  systems: SystemRow[];
  /** The list as GET /systems shows it, checked once against the contract; per caller only `has_own_planet` differs. */
  listed: SystemListItem[];
  byId: Map<number, SystemRow>;
  /** Neighbour ids per system, ascending. */
  connections: Map<number, number[]>;
  graph: ReturnType<typeof buildRouteGraph>;
}

function connectionsOf(gates: { a: number; b: number }[]): Map<number, number[]> {
  const connections = new Map<number, number[]>();
  const link = (from: number, to: number) => {
    const list = connections.get(from);
    if (list) list.push(to);
    else connections.set(from, [to]);
  };
  for (const { a, b } of gates) {
    link(a, b);
    link(b, a);
  }
  for (const list of connections.values()) list.sort((x, y) => x - y);
  return connections;
}

export function createSystemsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  // Systems and gates never change once seeded, so one copy of them (and one graph) serves the
  // whole process; only the caller's own planets are read per request.
  let universe: Promise<CachedUniverse> | null = null;
  const cachedUniverse = (): Promise<CachedUniverse> => {
    universe ??= (async () => {
      const [systems, gates] = await Promise.all([repo.listSystems(db), repo.listGates(db)]);
      const connections = connectionsOf(gates);
      const listed = systems.map((s) => ({
        id: s.id,
        name: s.name,
        position: { x: s.x, y: s.y },
        security: securityOf(s.security_id),
        race: { id: s.race_id },
        connections: connections.get(s.id) ?? [],
        has_own_planet: false,
      }));
      return {
        systems,
        listed: z.array(systemListItemSchema).parse(listed),
        byId: new Map(systems.map((s) => [s.id, s])),
        connections,
        graph: buildRouteGraph(
          systems.map((s) => ({ id: s.id, security: securityOf(s.security_id).id })),
          gates.map((g): [number, number] => [g.a, g.b]),
        ),
      };
    })().catch((error: unknown) => {
      universe = null;
      throw error;
    });
    return universe;
  };

  return {
    async list(accountId: number): Promise<SystemListItem[]> {
      const [{ listed }, own] = await Promise.all([cachedUniverse(), repo.systemIdsWithPlanetsOf(db, accountId)]);
      return listed.map((item) => ({ ...item, has_own_planet: own.has(item.id) }));
    },

    async detail(accountId: number, systemId: number): Promise<SystemDetail> {
      const system = await repo.findSystem(db, systemId);
      if (!system) throw new DomainError('NOT_FOUND');
      const [{ byId, connections: allConnections }, orbits] = await Promise.all([cachedUniverse(), repo.orbitsOfSystem(db, systemId)]);
      const connections = (allConnections.get(systemId) ?? []).flatMap((id) => {
        const other = byId.get(id);
        return other ? [{ id: other.id, name: other.name, security: securityOf(other.security_id) }] : [];
      });
      return {
        id: system.id,
        name: system.name,
        position: { x: system.x, y: system.y },
        security: securityOf(system.security_id),
        race: { id: system.race_id },
        connections,
        system_planets: orbits.map((o) => ({
          index: o.index,
          planet:
            o.planet_id !== null && o.account_id !== null
              ? {
                  id: o.planet_id,
                  name: o.planet_name ?? '',
                  planet_type: { name: o.planet_type ?? 'default' },
                  last_visit: o.last_visit,
                  account: {
                    id: o.account_id,
                    username: o.username ?? '',
                    is_me: o.account_id === accountId,
                    race: { id: o.race_id ?? 0 },
                  },
                }
              : null,
          debris: [
            ...(o.debris_metal > 0 ? [{ resource: RESOURCES.metal, amount: o.debris_metal }] : []),
            ...(o.debris_crystal > 0 ? [{ resource: RESOURCES.crystal, amount: o.debris_crystal }] : []),
          ],
        })),
      };
    },

    async route(from: number, to: number, prefer: RoutePreference): Promise<SystemSummary[]> {
      const { graph, byId } = await cachedUniverse();
      const result = findRoute(graph, from, to, prefer);
      if (!result.ok) {
        throw new DomainError(result.reason === 'UNKNOWN_SYSTEM' ? 'NOT_FOUND' : 'ROUTE_NOT_FOUND');
      }
      return result.value.map((id) => {
        const system = byId.get(id);
        if (!system) throw new Error(`Route through unknown system ${id}`);
        return { id: system.id, name: system.name, security: securityOf(system.security_id) };
      });
    },
  };
}

export type SystemsService = ReturnType<typeof createSystemsService>;
