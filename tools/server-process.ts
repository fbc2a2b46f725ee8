/**
 * Child Node processes for the bench, the reliability battery, the scale-out test and the e2e
 * economy servers: spawn with an environment, keep the output, wait until the server's health
 * route answers (or a line shows up), and stop by pid. Only processes started here are signalled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

export { freePort };

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
export const WORKER_ENTRY = fileURLToPath(new URL('../apps/server/dist/worker.js', import.meta.url));

/** At most this much output is kept per process (the end of it), for failure messages. */
const OUTPUT_LIMIT = 256 * 1024;

export interface NodeProcess {
  name: string;
  pid: number;
  /** Everything the process printed (stdout and stderr interleaved), up to OUTPUT_LIMIT. */
  output(): string;
  /** What it printed on stdout alone (a result printed last), up to OUTPUT_LIMIT. */
  stdout(): string;
  /** The last `count` non-empty lines of the output. */
  lastLines(count: number): string[];
  /** Exit code, the signal's name, or null while it runs. */
  exitStatus(): number | string | null;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
  /** SIGTERM (or `signal`), then SIGKILL after `graceMs`; resolves once it is gone. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** SIGKILL, as a crash would; resolves once it is gone. */
  kill9(): Promise<void>;
}

export interface SpawnOptions {
  /** The child's whole environment (nothing is inherited unless passed). */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Appends everything the process prints to this file as well. */
  teeFile?: string;
  /** Also forwards the child's stderr to this process's stderr (warnings stay visible). */
  echoStderr?: boolean;
}

const started = new Set<NodeProcess>();

/** Spawns `node <args>` and keeps its output; nothing is awaited. */
export function spawnNode(name: string, args: readonly string[], options: SpawnOptions): NodeProcess {
  const child: ChildProcess = spawn(process.execPath, [...args], {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: the process did not start`);
  let output = '';
  let stdout = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
    if (options.teeFile !== undefined) appendFileSync(options.teeFile, chunk);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    keep(chunk);
    stdout += chunk.toString('utf8');
    if (stdout.length > OUTPUT_LIMIT) stdout = stdout.slice(-OUTPUT_LIMIT);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const node: NodeProcess = {
    name,
    pid,
    output: () => output,
    stdout: () => stdout,
    lastLines: (count) =>
      output
        .split('\n')
        .filter((line) => line.trim() !== '')
        .slice(-count),
    exitStatus: () => child.exitCode ?? child.signalCode ?? null,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (!running()) return;
      process.kill(pid, signal);
      const force = setTimeout(() => {
        if (running()) process.kill(pid, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(force);
    },
    async kill9() {
      if (running()) process.kill(pid, 'SIGKILL');
      await exited;
    },
  };
  started.add(node);
  void exited.then(() => started.delete(node));
  return node;
}

/** Stops every process started here that still runs (an interrupted run, a failed test). */
export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((node) => node.stop()));
}

/** Waits until `origin`/api/v1/health answers 200; fails with the output if the process exits first. */
export async function waitForHealth(node: NodeProcess, origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.exitStatus() !== null)
      throw new Error(`${node.name} exited with ${String(node.exitStatus())}:\n${node.output()}`);
    try {
      const response = await fetch(`${origin}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${node.name} not healthy after ${timeoutMs} ms:\n${node.output()}`);
}

/** Waits until the process prints `text` (a service without a health route). */
export async function waitForOutput(node: NodeProcess, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!node.output().includes(text)) {
    if (node.exitStatus() !== null)
      throw new Error(`${node.name} exited with ${String(node.exitStatus())}:\n${node.output()}`);
    if (Date.now() >= deadline)
      throw new Error(`${node.name} printed no "${text}" within ${timeoutMs} ms:\n${node.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ServerProcess extends NodeProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
}

export interface ServerOptions {
  /** The server's environment on top of PATH and the per-address limits off; PORT and HOST=127.0.0.1 win. */
  env: NodeJS.ProcessEnv;
  name?: string;
  /** A port chosen by the caller (a restart on the same one); a free one otherwise. */
  port?: number;
  /** Node flags before the entry (--cpu-prof, --trace-gc). */
  nodeFlags?: readonly string[];
  entry?: string;
  timeoutMs?: number;
  teeFile?: string;
  echoStderr?: boolean;
}

/** Spawns the built server on 127.0.0.1 without waiting (a start that must be refused). */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const node = spawnNode(
    options.name ?? `server :${port}`,
    [...(options.nodeFlags ?? []), options.entry ?? SERVER_ENTRY],
    {
      env: {
        PATH: process.env.PATH,
        // Every client of a server started here shares 127.0.0.1, so the per-address limits
        // (decision 159) would refuse the players a run creates; the server suite tests them.
        REGISTRATIONS_PER_HOUR: '0',
        EVENT_STREAMS_PER_ADDRESS: '0',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      // The server's relative defaults (./data, the web build) are the repository's.
      cwd: REPO_ROOT,
      teeFile: options.teeFile,
      echoStderr: options.echoStderr,
    },
  );
  return Object.assign(node, { port, origin: `http://127.0.0.1:${port}` });
}

/** Spawns the built server and waits for its health route; kills it if it never answers. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await waitForHealth(server, server.origin, options.timeoutMs ?? 60_000);
  } catch (error) {
    await server.kill9();
    throw error;
  }
  return server;
}
