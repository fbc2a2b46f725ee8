import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DialectSeam } from './dialect.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

/**
 * Applies pending migrations. Kysely's migrator takes a PostgreSQL advisory lock for the run, so
 * several processes starting together apply each migration once.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectSeam,
  schema: string | undefined,
): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, migration] of MIGRATIONS) {
    migrations[name] = { up: (trx) => migration.up(trx, dialect) };
  }
  // An explicit schema: Kysely looks for its own tables in every schema of the database otherwise.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
