import { join, resolve } from 'node:path';
import { loadConfig } from './config.js';
import { isoAt } from './context.js';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { authRepository } from './modules/auth/auth.repository.js';

const USAGE = `Usage: npm run admin -- <command>
  migrate               apply pending database migrations
  suspend <username>    suspend an account (login and sessions refused)
  unsuspend <username>  lift a suspension`;

/** Operator commands; on SQLite they need the server stopped (they take the same data-dir lock). */
async function admin(args: string[]): Promise<number> {
  const [command, username] = args;
  if (command !== 'migrate' && command !== 'suspend' && command !== 'unsuspend') {
    console.log(USAGE);
    return command === undefined || command === 'help' ? 0 : 1;
  }
  if (command !== 'migrate' && !username) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(resolve(config.dataDir));
  const handle = config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
    : openDatabase({ kind: 'sqlite', file: join(resolve(config.dataDir), 'starhold.sqlite') });
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect, handle.schema);
    if (command === 'migrate') {
      console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
      return 0;
    }
    const at = command === 'suspend' ? isoAt(Date.now()) : null;
    const id = await authRepository.setSuspended(handle.db, (username ?? '').toLowerCase(), at);
    if (id === undefined) {
      console.error(`No account named ${username}`);
      return 1;
    }
    console.log(`${command === 'suspend' ? 'Suspended' : 'Unsuspended'} ${username} (account ${id})`);
    return 0;
  } finally {
    await handle.close();
    lock?.release();
  }
}

admin(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
