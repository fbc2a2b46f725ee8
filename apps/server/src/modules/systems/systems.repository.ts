import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { coalescedGroups } from '../../db/coalesce.js';

export interface UniverseRows {
  systems: { id: number; name: string; x: number; y: number; security_id: number; race_id: number }[];
  gates: { a: number; b: number }[];
  orbits: {
    system_id: number;
    index: number;
    planet_type: string;
    max_capacity: number;
    debris_metal: number;
    debris_crystal: number;
  }[];
}

const INSERT_CHUNK = 200;

async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    // The row shapes are checked by UniverseRows; Kysely cannot relate a generic table to its columns.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + INSERT_CHUNK) as never)
      .execute();
  }
}

/** The orbits of the callers' planets; systems are then found in the process's copy of the universe. */
const ownOrbitsNow = coalescedGroups(
  (db: Kysely<Database>, accountIds: number[]) =>
    db.selectFrom('planets').select(['account_id', 'orbit_id']).where('account_id', 'in', accountIds),
  (row) => row.account_id ?? 0,
);
export const systemsRepository = {
  async countSystems(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('systems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insertUniverse(db: Kysely<Database>, rows: UniverseRows): Promise<void> {
    await insertChunked(db, 'systems', rows.systems);
    await insertChunked(db, 'gates', rows.gates);
    await insertChunked(db, 'orbits', rows.orbits);
  },

  listSystems(db: Kysely<Database>) {
    return db.selectFrom('systems').selectAll().orderBy('id').execute();
  },

  listGates(db: Kysely<Database>) {
    return db.selectFrom('gates').selectAll().execute();
  },

  findSystem(db: Kysely<Database>, id: number) {
    return db.selectFrom('systems').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * The orbits the account's planets are on, outside a transaction: the GET /systems calls of the
   * same moment share one read (db/coalesce.ts).
   */
  async orbitIdsOfPlanetsOf(db: Kysely<Database>, accountId: number): Promise<number[]> {
    return (await ownOrbitsNow(db, accountId)).map((row) => row.orbit_id);
  },

  /** Which system each orbit is in: fixed once the universe is seeded. */
  orbitSystems(db: Kysely<Database>) {
    return db.selectFrom('orbits').select(['id', 'system_id']).execute();
  },

  orbitsOfSystem(db: Kysely<Database>, systemId: number) {
    return db
      .selectFrom('orbits')
      .leftJoin('planets', 'planets.orbit_id', 'orbits.id')
      .leftJoin('accounts', 'accounts.id', 'planets.account_id')
      .select([
        'orbits.index',
        'orbits.debris_metal',
        'orbits.debris_crystal',
        'planets.id as planet_id',
        'planets.name as planet_name',
        'planets.planet_type',
        'planets.last_visit',
        'accounts.id as account_id',
        'accounts.username',
        'accounts.race_id',
      ])
      .where('orbits.system_id', '=', systemId)
      .orderBy('orbits.index')
      .execute();
  },
};
