/**
 * Starts the built server (apps/server/dist/main.js) as a child process on 127.0.0.1, waits for
 * its health route, and stops it with SIGKILL by pid: only processes started here are touched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tools/free-port.js';

export { freePort };

export const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));

export interface ServerProcess {
  pid: number;
  base: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
  kill9(): Promise<void>;
}

export interface ServerEnv {
  DATA_DIR?: string;
  DATABASE_URL?: string;
  GAME_SPEED?: string;
  RATE_LIMIT_PER_MINUTE?: string;
}

/** Spawns the server without waiting for it (the data-dir lock test needs a refused start). */
export function spawnServer(port: number, env: ServerEnv): ServerProcess {
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      SYSTEM_COUNT: '200',
      UNIVERSE_SEED: 'reliability',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  return {
    pid,
    base: `http://127.0.0.1:${port}/api/v1`,
    output: () => output,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      await exited;
    },
  };
}

/** Spawns the server and waits (at most `timeoutMs`) until its health route answers. */
export async function startServer(env: ServerEnv, timeoutMs = 30_000): Promise<ServerProcess> {
  const server = spawnServer(await freePort(), env);
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const response = await fetch(`${server.base}/health`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill9();
  throw new Error(`the server did not become ready: ${server.output()}`);
}
