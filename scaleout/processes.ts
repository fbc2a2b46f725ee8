import { spawn, type ChildProcess } from 'node:child_process';
export { freePort } from '../tools/free-port.js';

/** The processes this test started; only these are ever signalled. */
const started = new Set<ChildProcess>();

export interface Started {
  name: string;
  child: ChildProcess;
  /** Last lines of its output, for the failure report. */
  output: string[];
}

export function startNode(name: string, script: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output };
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function stop(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((child) => stop(child)));
}

export async function waitHealthy(baseUrl: string, started: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`${started.name} exited:\n${started.output.join('\n')}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${started.name} not healthy after ${timeoutMs} ms:\n${started.output.join('\n')}`);
}
