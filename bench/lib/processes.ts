import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
export { freePort } from '../../tools/free-port.js';

/** Every process the bench started, so that an interrupted bench stops them (by pid, nothing else). */
const started = new Set<ChildProcess>();

export function stopAll(): void {
  for (const child of started) {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  }
}

export interface Service {
  pid: number;
  stop(): Promise<void>;
}

/** Starts `node <args>` and resolves once its stdout shows `ready`; rejects on exit or after `timeoutMs`. */
export function startService(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
  timeoutMs = 60_000,
): Promise<Service> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let output = '';
  // BENCH_SERVICE_LOG=<file>: everything the services print goes there too (with node flags such
  // as --trace-gc, through PROFILE_NODE_FLAGS).
  const log = process.env.BENCH_SERVICE_LOG;
  if (log) {
    const tee = (chunk: Buffer) => appendFileSync(log, chunk);
    child.stdout.on('data', tee);
    child.stderr.on('data', tee);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      reject(new Error(`${args.join(' ')} was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes(ready) && child.pid !== undefined) {
        clearTimeout(timer);
        const pid = child.pid;
        resolve({
          pid,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              const force = setTimeout(() => process.kill(pid, 'SIGKILL'), 10_000);
              child.once('exit', () => {
                clearTimeout(force);
                started.delete(child);
                done();
              });
              process.kill(pid, 'SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      started.delete(child);
      reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

/** Runs `node <args>` to completion and returns the last line of its stdout (the JSON result). */
export function runForJson<T>(args: string[], timeoutMs: number): Promise<T> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  started.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      started.delete(child);
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited with ${code}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${args.join(' ')} printed no JSON result:\n${output}`));
      }
    });
  });
}

/** Resident set size in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}
