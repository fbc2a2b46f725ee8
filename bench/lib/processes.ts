/**
 * The bench's child processes, on tools/server-process.ts (shared with the reliability battery and
 * the scale-out test). BENCH_SERVICE_LOG=<file>: everything the services print goes there too
 * (with node flags such as --trace-gc, through BENCH_SERVER_NODE_FLAGS or PROFILE_NODE_FLAGS).
 */
import { readFileSync } from 'node:fs';
import {
  spawnNode,
  startServer,
  stopAll as stopAllProcesses,
  waitForOutput,
  type NodeProcess,
  type ServerProcess,
} from '../../tools/server-process.js';
export { freePort } from '../../tools/free-port.js';

export type Service = Pick<NodeProcess, 'pid' | 'stop'>;

/**
 * Stops every process the bench started (by pid, nothing else). The signals go out before this
 * returns, so an exiting bench may call it and leave at once.
 */
export function stopAll(): void {
  void stopAllProcesses();
}

/**
 * The node flags `npm start` runs the server with (package.json): a young generation of 32 MB
 * semi-spaces, so that the garbage collector runs less often under load (decision 205).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'] as const;

/**
 * The built Starhold server on `port` (0: a free one), ready once its health route answers;
 * `entry`, another checkout's build (bench/ab-mixed.ts), this one's by default.
 */
export function startStarhold(
  port: number,
  env: NodeJS.ProcessEnv,
  nodeFlags: readonly string[] = [],
  entry?: string,
): Promise<ServerProcess> {
  return startServer({
    name: 'starhold',
    ...(port === 0 ? {} : { port }),
    env,
    nodeFlags: [...SERVER_NODE_FLAGS, ...nodeFlags],
    teeFile: process.env.BENCH_SERVICE_LOG,
    ...(entry === undefined ? {} : { entry }),
  });
}

/** Starts `node <args>` and resolves once its output shows `ready` (a service with no health route). */
export async function startService(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
  timeoutMs = 60_000,
): Promise<Service> {
  const service = spawnNode(args.join(' '), args, { env, teeFile: process.env.BENCH_SERVICE_LOG });
  try {
    await waitForOutput(service, ready, timeoutMs);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return service;
}

/** Runs `node <args>` to completion and returns the last line of its stdout (the JSON result). */
export async function runForJson<T>(args: string[], timeoutMs: number): Promise<T> {
  const run = spawnNode(args.join(' '), args, { env: process.env, echoStderr: true });
  const timer = setTimeout(() => void run.stop(), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  const last = run.stdout().trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`${args.join(' ')} printed no JSON result:\n${run.stdout()}`);
  }
}

/** Resident set size in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/**
 * A server can still be working through requests that a load generator sent before it stopped
 * (slow routes leave a backlog). It counts as idle once three health checks in a row answer
 * within 20 ms; bounded so a stuck server cannot hang the bench.
 */
export async function drain(origin: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
