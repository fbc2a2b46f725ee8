import { join, resolve } from 'node:path';
import { commandOutcome, USAGE, type CommandContext } from './admin/commands.js';
import {
  ADMIN_SOCKET_TIMEOUT_MS,
  AdminSocketTimeoutError,
  callAdminSocket,
  type CommandOutcome,
} from './admin/socket.js';
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

/** The exit code when the running server gave no answer in time (as timeout(1)'s). */
const EXIT_TIMED_OUT = 124;

/** ADMIN_TIMEOUT_SECONDS: how long to wait for the running server's answer (default 30 s). */
function socketTimeoutMs(): number | CommandOutcome {
  const setting = process.env['ADMIN_TIMEOUT_SECONDS'];
  if (setting === undefined || setting.trim() === '') return ADMIN_SOCKET_TIMEOUT_MS;
  const seconds = Number(setting);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    return {
      code: 1,
      lines: [`ADMIN_TIMEOUT_SECONDS must be a positive number of seconds, not "${setting}".`],
    };
  }
  return seconds * 1000;
}

async function viaServer(dataDir: string, args: string[]): Promise<CommandOutcome> {
  const timeoutMs = socketTimeoutMs();
  if (typeof timeoutMs !== 'number') return timeoutMs;
  try {
    return await callAdminSocket(dataDir, args, timeoutMs);
  } catch (error) {
    if (error instanceof AdminSocketTimeoutError) {
      return {
        code: EXIT_TIMED_OUT,
        lines: [
          `The server holding ${dataDir} did not answer within ${timeoutMs / 1000} s.`,
          'The command may still have run (or be running): check (npm run admin -- list) before running it again.',
          'ADMIN_TIMEOUT_SECONDS sets how long to wait.',
        ],
      };
    }
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
