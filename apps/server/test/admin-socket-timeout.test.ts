/**
 * `npm run admin` asking a running SQLite server through DATA_DIR/admin.sock (decision 221) waits
 * a bounded time: a server that accepts the connection and never answers (hung, or stuck behind a
 * long write) makes the command line give up with a clear message and exit code 124, instead of
 * hanging forever. The wait is ADMIN_TIMEOUT_SECONDS (30 by default).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminSocketTimeoutError, callAdminSocket, socketPath } from '../src/admin/socket.js';
import { acquireDataDirLock, type DataDirLock } from '../src/db/data-dir-lock.js';

const run = promisify(execFile);
const SRC = join(import.meta.dirname, '../src');

interface SilentServer {
  /** What the clients sent. */
  received(): string;
  /** Resolves once a client has closed its connection. */
  closed: Promise<void>;
  stop(): Promise<void>;
}

/** A socket server that accepts connections, reads what they send and never answers. */
async function silentServer(path: string): Promise<SilentServer> {
  let received = '';
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      markClosed();
    });
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    received: () => received,
    closed,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let dataDir: string;
let silent: SilentServer | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'starhold-admin-timeout-'));
});
afterEach(async () => {
  await silent?.stop();
  silent = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('callAdminSocket', () => {
  it('gives up on a server that accepts and never answers, and lets the connection go', async () => {
    silent = await silentServer(socketPath(dataDir));
    const call = callAdminSocket(dataDir, ['list'], 200);
    await expect(call).rejects.toBeInstanceOf(AdminSocketTimeoutError);
    await expect(call).rejects.toThrow(/did not answer within 0\.2 s/);
    // The client closed its end: the server sees the connection end, after the request (so the
    // command may have run on the server).
    await silent.closed;
    expect(silent.received()).toBe(`${JSON.stringify({ args: ['list'] })}\n`);
  });
});

describe('npm run admin against a hung server (SQLite)', () => {
  let lock: DataDirLock | undefined;
  afterEach(() => {
    lock?.release();
    lock = undefined;
  });

  const admin = async (env: Record<string, string>, ...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', join(SRC, 'admin.ts'), ...args],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env } },
      );
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  it('exits with code 124 and says the command may have run', async () => {
    // This process plays the server: it holds the data directory's lock and a silent socket.
    lock = acquireDataDirLock(dataDir);
    silent = await silentServer(socketPath(dataDir));
    const outcome = await admin({ ADMIN_TIMEOUT_SECONDS: '1' }, 'grant-nmi', 'someone', '5');
    expect(outcome.code).toBe(124);
    expect(outcome.out).toContain('did not answer within 1 s');
    expect(outcome.out).toContain('may still have run');
    expect(outcome.out).toContain('ADMIN_TIMEOUT_SECONDS');
  }, 60_000);

  it('refuses an ADMIN_TIMEOUT_SECONDS that is not a positive number', async () => {
    lock = acquireDataDirLock(dataDir);
    silent = await silentServer(socketPath(dataDir));
    const outcome = await admin({ ADMIN_TIMEOUT_SECONDS: 'soon' }, 'list');
    expect(outcome.code).toBe(1);
    expect(outcome.out).toContain('ADMIN_TIMEOUT_SECONDS');
  }, 60_000);
});
