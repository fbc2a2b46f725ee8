/** The planets' own rows: names, the focus index, and where each planet lies (orbit, system). */
import type { Kysely } from 'kysely';
import { coalescedGroups } from '../../db/coalesce.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

export async function setFocusPlanetIndex(
  trx: Kysely<Database>,
  accountId: number,
  index: number,
): Promise<void> {
  await trx.updateTable('accounts').set({ focus_planet_index: index }).where('id', '=', accountId).execute();
}

export async function renamePlanet(trx: Kysely<Database>, planetId: number, name: string): Promise<void> {
  await trx.updateTable('planets').set({ name }).where('id', '=', planetId).execute();
}

export interface PlanetPlaceRow {
  id: number;
  idx: number;
  name: string;
  planet_type: string;
  max_capacity: number;
  last_visit: string | null;
  orbit_index: number;
  system_id: number;
  system_name: string;
  x: number;
  y: number;
  security_id: number;
  system_race_id: number;
}

/** The planets of an account with their orbit and system, in index order. */
const planetPlacesSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('planets')
    .innerJoin('orbits', 'orbits.id', 'planets.orbit_id')
    .innerJoin('systems', 'systems.id', 'orbits.system_id')
    .select([
      'planets.id',
      'planets.idx',
      'planets.name',
      'planets.planet_type',
      'planets.max_capacity',
      'planets.last_visit',
      'orbits.index as orbit_index',
      'systems.id as system_id',
      'systems.name as system_name',
      'systems.x',
      'systems.y',
      'systems.security_id',
      'systems.race_id as system_race_id',
    ]);
const planetPlacesOf = prepared(1, (db: Kysely<Database>, accountId: number) =>
  planetPlacesSelect(db).where('planets.account_id', '=', accountId).orderBy('planets.idx'),
);
const planetPlacesShared = coalescedGroups(
  (db: Kysely<Database>, accountIds: number[]) =>
    planetPlacesSelect(db)
      .select('planets.account_id')
      .where('planets.account_id', 'in', accountIds)
      .orderBy('planets.idx'),
  (row) => row.account_id,
);

export function planetPlaces(trx: Kysely<Database>, accountId: number): Promise<PlanetPlaceRow[]> {
  return planetPlacesOf.execute(trx, accountId);
}

/**
 * `planetPlaces` on the read path (no transaction): the calls of the same moment share one read
 * (db/coalesce.ts). Inside a transaction, `planetPlaces` sees what the transaction wrote.
 */
export function planetPlacesNow(db: Kysely<Database>, accountId: number): Promise<PlanetPlaceRow[]> {
  return planetPlacesShared(db, accountId);
}
