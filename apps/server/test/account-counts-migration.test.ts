import { Migrator, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { MIGRATIONS } from '../src/db/migrations/index.js';
import { insertAccountRow } from './helpers/index.js';

describe('migration 005 (visible accounts counter, SQLite)', () => {
  it('starts the counter from the accounts already there, suspended ones left out', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const before = MIGRATIONS.slice(
        0,
        MIGRATIONS.findIndex(([name]) => name === '005-visible-accounts-counter'),
      );
      const migrations: Record<string, Migration> = {};
      for (const [name, migration] of before)
        migrations[name] = { up: (db) => migration.up(db, handle.dialect) };
      await new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).migrateToLatest();

      const at = '2026-01-01T00:00:00.000Z';
      for (const [name, suspended] of [
        ['one', null],
        ['two', at],
        ['three', null],
      ] as const) {
        await insertAccountRow(handle.db, name, { suspendedAt: suspended, at });
      }
      expect(await migrateToLatest(handle.db, handle.dialect, handle.schema)).toContain(
        '005-visible-accounts-counter',
      );
      const counter = async () =>
        (await handle.db.selectFrom('account_counts').select('visible').executeTakeFirstOrThrow()).visible;
      expect(await counter()).toBe(2);

      await handle.db.deleteFrom('accounts').where('username_lower', '=', 'one').execute();
      await handle.db.deleteFrom('accounts').where('username_lower', '=', 'two').execute();
      expect(await counter()).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
