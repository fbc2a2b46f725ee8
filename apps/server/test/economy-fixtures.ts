/**
 * Direct database set-up for economy tests: reaching shipyard 2 or a laboratory through real
 * play would take game-hours of production, so tests grant levels and resources instead.
 */
import type { Resources } from '@starhold/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

export async function homePlanetId(db: Kysely<Database>, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('planets')
    .select('id')
    .where('account_id', '=', accountId)
    .where('idx', '=', 0)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setResources(
  db: Kysely<Database>,
  planetId: number,
  resources: Resources,
): Promise<void> {
  await db.updateTable('planets').set(resources).where('id', '=', planetId).execute();
}

export async function readResources(db: Kysely<Database>, planetId: number): Promise<Resources> {
  return db
    .selectFrom('planets')
    .select(['metal', 'crystal', 'fuel'])
    .where('id', '=', planetId)
    .executeTakeFirstOrThrow();
}

/** Sets a factory (1) or building (2) level, or a ship (3) or defense (4) count. */
export async function setModule(
  db: Kysely<Database>,
  planetId: number,
  typeId: 1 | 2 | 3 | 4,
  moduleId: number,
  value: number,
): Promise<void> {
  await db
    .insertInto('planet_modules')
    .values({ planet_id: planetId, type_id: typeId, module_id: moduleId, value })
    .onConflict((oc) => oc.columns(['planet_id', 'type_id', 'module_id']).doUpdateSet({ value }))
    .execute();
}

export async function setResearch(
  db: Kysely<Database>,
  accountId: number,
  researchId: number,
  level: number,
): Promise<void> {
  await db
    .insertInto('account_research')
    .values({ account_id: accountId, research_id: researchId, level })
    .onConflict((oc) => oc.columns(['account_id', 'research_id']).doUpdateSet({ level }))
    .execute();
}

export async function emailsOf(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ title: string; params: unknown }[]> {
  const rows = await db
    .selectFrom('emails')
    .select(['title', 'params'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ title: row.title, params: JSON.parse(row.params) as unknown }));
}

export async function constructionCount(db: Kysely<Database>, accountId: number): Promise<number> {
  const rows = await db
    .selectFrom('constructions')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  return rows.length;
}

/** Empties every queue of the account (ship orders cannot be cancelled through the API). */
export async function clearConstructions(db: Kysely<Database>, accountId: number): Promise<void> {
  await db.deleteFrom('constructions').where('account_id', '=', accountId).execute();
}
