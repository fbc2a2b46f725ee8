/**
 * Set-up shared by the fleet tests: two players, ships and research granted through the
 * database (building a fleet through play would take game-days), and calls through the real app.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { homePlanetId, setModule, setResearch, setResources } from './economy-fixtures.js';
import { loginPlayer, type TestApp, type TestPlayer } from './helpers/index.js';

export type Method = 'GET' | 'POST';

export interface CallResult {
  status: number;
  body: { data: Record<string, unknown>; i18n_comment?: string; code?: number };
}

export async function call(
  t: TestApp,
  player: TestPlayer,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<CallResult> {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: player.headers,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: response.statusCode, body: response.json<CallResult['body']>() };
}

/** Moves the game clock; the 15-minute access token then needs a fresh login. */
export async function advance(t: TestApp, players: TestPlayer[], ms: number): Promise<TestPlayer[]> {
  t.clock.advance(ms);
  return Promise.all(players.map((player) => loginPlayer(t.app, player)));
}

export interface Place {
  planetId: number;
  orbitId: number;
  systemId: number;
  orbit: number;
}

export async function homePlace(db: Kysely<Database>, accountId: number): Promise<Place> {
  const planetId = await homePlanetId(db, accountId);
  const row = await db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .select(['orbits.id', 'orbits.system_id', 'orbits.index'])
    .where('planets.id', '=', planetId)
    .executeTakeFirstOrThrow();
  return { planetId, orbitId: row.id, systemId: row.system_id, orbit: row.index };
}

/** Moves a planet to a free orbit of a system of the given security (2 low, 3 null). */
export async function moveToSecurity(
  db: Kysely<Database>,
  planetId: number,
  security: 2 | 3,
): Promise<Place> {
  const free = await db
    .selectFrom('orbits')
    .innerJoin('systems', 'systems.id', 'orbits.system_id')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select(['orbits.id', 'orbits.system_id', 'orbits.index'])
    .where('systems.security_id', '=', security)
    .where('planets.id', 'is', null)
    .orderBy('orbits.id')
    .executeTakeFirstOrThrow();
  await db.updateTable('planets').set({ orbit_id: free.id }).where('id', '=', planetId).execute();
  return { planetId, orbitId: free.id, systemId: free.system_id, orbit: free.index };
}

/** A free orbit (colonize targets). */
export async function freeOrbit(db: Kysely<Database>): Promise<Place> {
  const free = await db
    .selectFrom('orbits')
    .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
    .select(['orbits.id', 'orbits.system_id', 'orbits.index'])
    .where('planets.id', 'is', null)
    .orderBy('orbits.id', 'desc')
    .executeTakeFirstOrThrow();
  return { planetId: 0, orbitId: free.id, systemId: free.system_id, orbit: free.index };
}

/** A fleet order at full speed on the shortest route, as the fleet screen sends it. */
export function fleetOrder(
  place: Pick<Place, 'systemId' | 'orbit'>,
  mission: number,
  ships: Record<number, number>,
  cargo?: { metal: number; crystal: number; fuel: number },
) {
  return {
    mission,
    target: { system_id: place.systemId, orbit: place.orbit },
    ships: Object.entries(ships).map(([id, count]) => ({ id: Number(id), count })),
    speed: 100,
    prefer: 'shortest',
    ...(cargo === undefined ? {} : { cargo }),
  };
}

export const RICH = { metal: 1_000_000, crystal: 1_000_000, fuel: 1_000_000 };

/** Ships, resources and Computer technology 5 (6 fleet slots) on the home planet. */
export async function equip(
  db: Kysely<Database>,
  accountId: number,
  ships: Record<number, number>,
  research: Record<number, number> = {},
): Promise<number> {
  const planetId = await homePlanetId(db, accountId);
  await setResources(db, planetId, RICH);
  for (const [id, count] of Object.entries(ships)) await setModule(db, planetId, 3, Number(id), count);
  await setResearch(db, accountId, 4, 5);
  for (const [id, level] of Object.entries(research)) await setResearch(db, accountId, Number(id), level);
  return planetId;
}

export async function shipCount(db: Kysely<Database>, planetId: number, shipId: number): Promise<number> {
  const row = await db
    .selectFrom('planet_modules')
    .select('value')
    .where('planet_id', '=', planetId)
    .where('type_id', '=', 3)
    .where('module_id', '=', shipId)
    .executeTakeFirst();
  return row?.value ?? 0;
}

/** Everything an order could change: fleets, reports, resources and ships of every planet. */
export async function snapshot(db: Kysely<Database>): Promise<unknown> {
  const [fleets, reports, planets, modules] = await Promise.all([
    db.selectFrom('fleets').selectAll().orderBy('account_id').orderBy('id').execute(),
    db.selectFrom('reports').selectAll().orderBy('id').execute(),
    db.selectFrom('planets').select(['id', 'metal', 'crystal', 'fuel', 'orbit_id']).orderBy('id').execute(),
    db
      .selectFrom('planet_modules')
      .selectAll()
      .orderBy('planet_id')
      .orderBy('type_id')
      .orderBy('module_id')
      .execute(),
  ]);
  return { fleets, reports, planets, modules };
}
