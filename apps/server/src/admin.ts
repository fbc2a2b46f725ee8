import { join, resolve } from 'node:path';
import { commandOutcome, USAGE, type CommandContext } from './admin/commands.js';
import { callAdminSocket, type CommandOutcome } from './admin/socket.js';
import { loadConfig } from './config.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { openEventBus } from './modules/events/index.js';

/**
 * Operator commands (decision 221). PostgreSQL: on the database directly, while servers run. SQLite:
 * on the file when no server holds the data directory; otherwise the running server runs the
 * command on its own connection, asked through the socket DATA_DIR/admin.sock.
 */
async function admin(args: string[]): Promise<number> {
  const [command] = args;
  if (command === undefined || command === 'help' || args.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) {
    const dataDir = resolve(config.dataDir);
    try {
      lock = acquireDataDirLock(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      return print(await viaServer(dataDir, args));
    }
  }
  const handle = config.databaseUrl
    ? openDatabase({
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: 2,
        namedStatements: config.namedStatements,
      })
    : openDatabase({ kind: 'sqlite', file: join(resolve(config.dataDir), 'starhold.sqlite') });
  // PostgreSQL: a suspension NOTIFYs the running servers, whose streams of the player end at once.
  const events = await openEventBus(config.databaseUrl, handle.schema, console, false);
  try {
    const ctx: CommandContext = { handle, config, now: Date.now(), events };
    return print(await commandOutcome(ctx, args));
  } finally {
    await events.close();
    await handle.close();
    lock?.release();
  }
}

async function viaServer(dataDir: string, args: string[]): Promise<CommandOutcome> {
  try {
    return await callAdminSocket(dataDir, args);
  } catch (error) {
    return {
      code: 1,
      lines: [
        `A server holds ${dataDir} but does not answer on its admin socket (${error instanceof Error ? error.message : String(error)}).`,
        'A server of an older version has none: stop it, run the command, start it again.',
      ],
    };
  }
}

function print(outcome: CommandOutcome): number {
  for (const line of outcome.lines) (outcome.code === 0 ? console.log : console.error)(line);
  return outcome.code;
}

admin(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
