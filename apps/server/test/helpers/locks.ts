import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';
import type { TestDatabase } from './test-app.js';

/**
 * Runs `during` while another connection holds the account's write lock as a settling transaction
 * takes it (economy.service withAccount): `BEGIN IMMEDIATE` on SQLite (the database needs
 * createTestApp's sqliteFile, so that there is a second connection), the account row `FOR UPDATE`
 * on PostgreSQL. The lock is released (rolled back) once `during` settles.
 */
export async function holdAccountLock<T>(
  database: TestDatabase,
  accountId: number,
  during: () => Promise<T>,
): Promise<T> {
  if (database.dialect.name === 'postgres') {
    let outcome: { value: T } | undefined;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
        outcome = { value: await during() };
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    if (outcome === undefined) throw new Error('the locked section did not finish');
    return outcome.value;
  }
  if (database.file === undefined)
    throw new Error('holdAccountLock needs createTestApp({ sqliteFile: true })');
  const other = openDatabase({ kind: 'sqlite', file: database.file });
  try {
    return await other.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        return await during();
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
  } finally {
    await other.close();
  }
}

class RollBack extends Error {}

/** `promise`, or a rejection once `ms` have passed without it settling. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
