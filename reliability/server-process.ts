/**
 * The battery's servers: tools/server-process.ts with the battery's settings (a small universe,
 * errors-only logs) and `base`, the API's root, which every test here calls.
 */
import {
  freePort,
  spawnServer as spawnTool,
  startServer as startTool,
  type ServerProcess as ToolServerProcess,
} from '../tools/server-process.js';

export { freePort };

export interface ServerProcess extends ToolServerProcess {
  /** http://127.0.0.1:<port>/api/v1 */
  base: string;
}

export interface ServerEnv {
  DATA_DIR?: string;
  DATABASE_URL?: string;
  GAME_SPEED?: string;
  RATE_LIMIT_PER_MINUTE?: string;
  /** The crash batteries: a log started over every second or so, kill -9 falling amid it (decision 255). */
  SQLITE_WAL_LIMIT_MB?: string;
}

const settings = (env: ServerEnv) => ({
  LOG_LEVEL: 'error',
  SYSTEM_COUNT: '200',
  UNIVERSE_SEED: 'reliability',
  ...env,
});

const withBase = (server: ToolServerProcess): ServerProcess =>
  Object.assign(server, { base: `${server.origin}/api/v1` });

/** Spawns the server without waiting for it (the data-dir lock test needs a refused start). */
export async function spawnServer(port: number, env: ServerEnv): Promise<ServerProcess> {
  return withBase(await spawnTool({ port, env: settings(env) }));
}

/** Spawns the server and waits (at most `timeoutMs`) until its health route answers. */
export async function startServer(env: ServerEnv, timeoutMs = 30_000): Promise<ServerProcess> {
  return withBase(await startTool({ env: settings(env), timeoutMs }));
}
