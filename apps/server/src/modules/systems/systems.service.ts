import { buildRouteGraph, findRoute, generateUniverse } from '@starhold/rules';
import {
  SECURITY_NAMES,
  systemListItemSchema,
  systemsMapSchema,
  type RoutePreference,
  type Security,
  type SystemDetail,
  type SystemListItem,
  type SystemSummary,
} from '@starhold/contract';
import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DialectSeam } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../errors.js';
import { chunkedGzip, GZIP_HEADER, type ChunkedGzip } from './chunked-gzip.js';
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

/** GET /systems's body as bytes with every `has_own_planet` false, and where each system's `false` starts. */
interface SerializedList {
  body: Buffer;
  /** Each system's flag: its index among the flags (in body order) and the byte offset of its `false`. */
  flagOf: Map<number, { index: number; offset: number }>;
  /** Changes with any byte of the body; a caller's ETag adds their own systems to it. */
  fingerprint: string;
  /** The same body gzipped once, each flag switchable per caller; built on the first request that takes gzip. */
  gzip: () => ChunkedGzip;
}

/** The list body of one caller and its validator (the caller's systems change it when they colonise). */
export interface SystemsListBody {
  /**
   * The body as pieces to send one after the other, sharing the process's bytes (no copy per
   * request); built when first read, so that a 304 builds nothing.
   */
  readonly pieces: readonly Buffer[];
  etag: string;
  /** `gzip`: the body is a gzip member, to be sent with `content-encoding: gzip`. */
  encoding: 'gzip' | 'identity';
}

const FLAG = '"has_own_planet":false';
const TRUE = Buffer.from('true');
/** In the gzip body a flag keeps the length of `false`, so that the compressed bytes around it stay valid. */
const TRUE_PADDED = Buffer.from('true ');
const FALSE_LENGTH = 'false'.length;
/** A caller's part of an ETag: their systems' ids, hashed once they no longer fit a short tag. */
const IDS_IN_ETAG_MAX = 24;

function hash(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 16);
}

/**
 * Serialises the list once: the 1,000 items are the same for every caller but for one boolean, and
 * stringifying them cost ~1.6 ms a call. The `{"data":[...]}` text is built fragment by fragment
 * so that each flag's byte offset is known; a caller's body is then the shared bytes with `true`
 * spliced in at their own systems, byte for byte what JSON.stringify would give.
 */
function serializeList(listed: SystemListItem[]): SerializedList {
  const flagOf = new Map<number, { index: number; offset: number }>();
  const chunks: string[] = ['{"data":['];
  let bytes = Buffer.byteLength(chunks[0]!);
  listed.forEach((item, index) => {
    const fragment = (index > 0 ? ',' : '') + JSON.stringify({ ...item, has_own_planet: false });
    const flag = fragment.lastIndexOf(FLAG);
    if (flag < 0) throw new Error(`System ${item.id} serialised without its has_own_planet flag`);
    flagOf.set(item.id, {
      index,
      offset: bytes + Buffer.byteLength(fragment.slice(0, flag + FLAG.length - FALSE_LENGTH)),
    });
    chunks.push(fragment);
    bytes += Buffer.byteLength(fragment);
  });
  chunks.push(']}');
  const body = Buffer.from(chunks.join(''));
  let gzip: ChunkedGzip | null = null;
  return {
    body,
    flagOf,
    fingerprint: hash(body),
    // ~15 ms of deflate once per process at 1,000 systems (~0.4 s at 10,000), so only when asked for.
    gzip: () =>
      (gzip ??= chunkedGzip(
        body,
        [...flagOf.values()].map((flag) => flag.offset),
        TRUE_PADDED,
      )),
  };
}

function listBodyOf(
  list: SerializedList,
  own: Set<number>,
  encoding: SystemsListBody['encoding'],
): SystemsListBody {
  const flags = [...own].flatMap((id) => list.flagOf.get(id) ?? []).sort((a, b) => a.offset - b.offset);
  // Each encoding has its own validator: the bytes differ, and so does the decoded text (`true `).
  const etag = `"${list.fingerprint}-${callerTag(own)}${encoding === 'gzip' ? '-gz' : ''}"`;
  const build = (): Buffer[] => {
    if (encoding === 'gzip') return list.gzip().pieces(flags.map((flag) => flag.index));
    if (flags.length === 0) return [list.body];
    const pieces: Buffer[] = [];
    let from = 0;
    for (const { offset } of flags) {
      pieces.push(list.body.subarray(from, offset), TRUE);
      from = offset + FALSE_LENGTH;
    }
    pieces.push(list.body.subarray(from));
    return pieces;
  };
  // Built on first read: a revalidation answered 304 (every return visit) needs only the ETag.
  let pieces: Buffer[] | undefined;
  return {
    get pieces() {
      return (pieces ??= build());
    },
    etag,
    encoding,
  };
}

/** The caller's systems in an ETag: their ids as they are when short (most players have one), else a hash. */
function callerTag(own: Set<number>): string {
  const ids = [...own].sort((a, b) => a - b).join('.');
  return ids.length <= IDS_IN_ETAG_MAX ? `s${ids}` : hash(ids);
}

/**
 * GET /systems/map's body (decision 185): the universe in columns, the same bytes for every caller
 * up to the `own` column, which closes it. The shared prefix is serialised and deflated once per
 * process (a sync flush leaves it open and byte-aligned); a caller's answer appends their `own`
 * column as one final stored block and the gzip trailer, whose CRC-32 continues the prefix's.
 */
interface SerializedMap {
  prefix: Buffer;
  fingerprint: string;
  /** The prefix as the start of a gzip member: header and deflate blocks, not final. */
  gzipPrefix: () => { bytes: Buffer; crc: number };
}

function serializeMap(systems: SystemRow[], gates: { a: number; b: number }[]): SerializedMap {
  const columns = systemsMapSchema.omit({ own: true }).parse({
    ids: systems.map((s) => s.id),
    names: systems.map((s) => s.name),
    x: systems.map((s) => s.x),
    y: systems.map((s) => s.y),
    security: systems.map((s) => s.security_id),
    race: systems.map((s) => s.race_id),
    gates: [...gates]
      .map(({ a, b }) => (a < b ? [a, b] : [b, a]))
      .sort((g, h) => g[0]! - h[0]! || g[1]! - h[1]!)
      .flat(),
  });
  // Key order is the contract's, `own` last: it is the caller's part.
  const text = JSON.stringify({ data: { ...columns, own: [] } });
  const prefix = Buffer.from(text.slice(0, -'[]}}'.length) + '[');
  let gzip: { bytes: Buffer; crc: number } | null = null;
  return {
    prefix,
    fingerprint: hash(prefix),
    gzipPrefix: () =>
      (gzip ??= {
        bytes: Buffer.concat([
          GZIP_HEADER,
          deflateRawSync(prefix, {
            level: constants.Z_BEST_COMPRESSION,
            memLevel: 9,
            finishFlush: constants.Z_SYNC_FLUSH,
          }),
        ]),
        crc: crc32(prefix),
      }),
  };
}

function mapBodyOf(
  map: SerializedMap,
  own: Set<number>,
  encoding: SystemsListBody['encoding'],
): SystemsListBody {
  const ids = [...own].sort((a, b) => a - b);
  const etag = `"${map.fingerprint}-${callerTag(own)}${encoding === 'gzip' ? '-gz' : ''}"`;
  const build = (): Buffer[] => {
    const tail = Buffer.from(`${ids.join(',')}]}}`);
    if (encoding === 'identity') return [map.prefix, tail];
    const { bytes, crc } = map.gzipPrefix();
    // A final stored block (BFINAL 1, BTYPE 00, then LEN and NLEN) holding the tail verbatim.
    const block = Buffer.from([
      1,
      tail.length & 0xff,
      tail.length >> 8,
      ~tail.length & 0xff,
      (~tail.length >> 8) & 0xff,
    ]);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc32(tail, crc), 0);
    trailer.writeUInt32LE((map.prefix.length + tail.length) % 2 ** 32, 4);
    return [bytes, block, tail, trailer];
  };
  let pieces: Buffer[] | undefined;
  return {
    get pieces() {
      return (pieces ??= build());
    },
    etag,
    encoding,
  };
}

interface CachedUniverse {
  systems: SystemRow[];
  /** The list as GET /systems shows it, checked once against the contract and serialised once. */
  list: SerializedList;
  /** GET /systems/map's shared bytes, built when first asked for. */
  map: () => SerializedMap;
  byId: Map<number, SystemRow>;
  /** The system of every orbit (orbits never move), so a caller's systems need no join per request. */
  systemOfOrbit: Map<number, number>;
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
      const [systems, gates, orbits] = await Promise.all([
        repo.listSystems(db),
        repo.listGates(db),
        repo.orbitSystems(db),
      ]);
      const connections = connectionsOf(gates);
      let map: SerializedMap | null = null;
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
        list: serializeList(z.array(systemListItemSchema).parse(listed)),
        map: () => (map ??= serializeMap(systems, gates)),
        byId: new Map(systems.map((s) => [s.id, s])),
        systemOfOrbit: new Map(orbits.map((o) => [o.id, o.system_id])),
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
    /** GET /systems's JSON body for one caller, ready to send, gzipped when `encoding` says so. */
    async listBody(
      accountId: number,
      encoding: SystemsListBody['encoding'] = 'identity',
    ): Promise<SystemsListBody> {
      const [{ list, systemOfOrbit }, orbits] = await Promise.all([
        cachedUniverse(),
        repo.orbitIdsOfPlanetsOf(db, accountId),
      ]);
      return listBodyOf(list, new Set(orbits.flatMap((orbit) => systemOfOrbit.get(orbit) ?? [])), encoding);
    },

    /** GET /systems/map's body for one caller: the universe in columns and the caller's systems. */
    async mapBody(
      accountId: number,
      encoding: SystemsListBody['encoding'] = 'identity',
    ): Promise<SystemsListBody> {
      const [{ map, systemOfOrbit }, orbits] = await Promise.all([
        cachedUniverse(),
        repo.orbitIdsOfPlanetsOf(db, accountId),
      ]);
      return mapBodyOf(map(), new Set(orbits.flatMap((orbit) => systemOfOrbit.get(orbit) ?? [])), encoding);
    },

    async detail(accountId: number, systemId: number): Promise<SystemDetail> {
      const system = await repo.findSystem(db, systemId);
      if (!system) throw new DomainError('NOT_FOUND');
      const [{ byId, connections: allConnections }, orbits] = await Promise.all([
        cachedUniverse(),
        repo.orbitsOfSystem(db, systemId),
      ]);
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
