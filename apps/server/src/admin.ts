import { join, resolve } from 'node:path';
import { CommandError, runCommand, USAGE } from './admin/commands.js';
import { loadConfig } from './config.js';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';

/** Operator commands; on SQLite they need the server stopped (they take the same data-dir lock). */
async function admin(args: string[]): Promise<number> {
  const [command] = args;
  if (command === undefined || command === 'help' || args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(resolve(config.dataDir));
  const handle = config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: 2,
        namedStatements: config.namedStatements,
      })
    : openDatabase({ kind: 'sqlite', file: join(resolve(config.dataDir), 'starhold.sqlite') });
  try {
    for (const line of await runCommand({ handle, config, now: Date.now() }, args)) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    console.error(error.message);
    return 1;
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
