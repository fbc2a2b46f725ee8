/**
 * The command line's way into a running server on SQLite (decision 221). The server holds the
 * data directory's lock, so `npm run admin` cannot open the database: it sends its arguments
 * over a unix socket in the data directory instead, and the server runs the same command on its
 * own connection and answers the lines to print. The socket is the file `admin.sock`, readable
 * and writable by the server's user only (0600): whoever can use it could read the SQLite file.
 */
import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export const SOCKET_NAME = 'admin.sock';
/** The largest request a client may send (arguments of one command). */
const MAX_REQUEST_BYTES = 64 * 1024;
/**
 * How long a connection may stay open without a whole request (the command line sends its at
 * once): a client that connects and says nothing is let go, and does not hold the server's
 * shutdown (a net server's close waits for its connections).
 */
export const ADMIN_REQUEST_TIMEOUT_MS = 10_000;

export interface CommandOutcome {
  code: number;
  lines: string[];
}

export const socketPath = (dataDir: string): string => join(dataDir, SOCKET_NAME);

/** One JSON line in ({"args": [...]}), one JSON line out ({"code", "lines"}). */
export async function serveAdminSocket(
  dataDir: string,
  run: (args: string[]) => Promise<CommandOutcome>,
  requestTimeoutMs: number = ADMIN_REQUEST_TIMEOUT_MS,
): Promise<{ close(): Promise<void> }> {
  const path = socketPath(dataDir);
  // We hold the data directory's lock: a socket file left there is a dead server's.
  rmSync(path, { force: true });
  /** Connections still waiting for their request: closing the server lets them go. */
  const waiting = new Set<Socket>();
  const server: Server = createServer((socket) => {
    let received = '';
    waiting.add(socket);
    socket.on('close', () => waiting.delete(socket));
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.setTimeout(requestTimeoutMs, () => {
      if (!waiting.has(socket)) return;
      socket.end(`${JSON.stringify({ code: 1, lines: ['No request received in time'] })}\n`, () =>
        socket.destroy(),
      );
    });
    socket.on('data', (chunk: string) => {
      if (!waiting.has(socket)) return;
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        waiting.delete(socket);
        socket.end(`${JSON.stringify({ code: 1, lines: ['Request too large'] })}\n`);
        return;
      }
      const end = received.indexOf('\n');
      if (end === -1) return;
      // The command may take its time (an account's removal): no timeout from here on.
      waiting.delete(socket);
      socket.setTimeout(0);
      socket.pause();
      let args: unknown;
      try {
        args = (JSON.parse(received.slice(0, end)) as { args?: unknown }).args;
      } catch {
        args = undefined;
      }
      if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
        socket.end(`${JSON.stringify({ code: 1, lines: ['Malformed request'] })}\n`);
        return;
      }
      run(args).then(
        (outcome) => socket.end(`${JSON.stringify(outcome)}\n`),
        (error: unknown) =>
          socket.end(
            `${JSON.stringify({ code: 1, lines: [error instanceof Error ? error.message : String(error)] })}\n`,
          ),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created private (listen binds the socket file before it returns), not made private after:
    // with the usual umask the file would be open to other users between the bind and a chmod.
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  // Whatever the umask did, the file ends 0600.
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A command under way answers and ends its connection; an idle one would hold close.
        for (const socket of waiting) socket.destroy();
        rmSync(path, { force: true });
      }),
  };
}

/** How long the command line waits for the server's answer before giving up (30 s). */
export const ADMIN_SOCKET_TIMEOUT_MS = 30_000;

/**
 * The server took the connection but gave no answer in time. The request may have reached it:
 * the command may still run, or have run.
 */
export class AdminSocketTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The server did not answer within ${timeoutMs / 1000} s`);
    this.name = 'AdminSocketTimeoutError';
  }
}

/**
 * Sends a command to the server holding `dataDir`; rejects when no server listens there, and with
 * an AdminSocketTimeoutError when the whole exchange takes longer than `timeoutMs` (a hung server
 * would otherwise hang the command line forever).
 */
export function callAdminSocket(
  dataDir: string,
  args: readonly string[],
  timeoutMs: number = ADMIN_SOCKET_TIMEOUT_MS,
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath(dataDir));
    const timer = setTimeout(() => {
      reject(new AdminSocketTimeoutError(timeoutMs));
      socket.destroy();
    }, timeoutMs);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      try {
        const outcome = JSON.parse(received.trim()) as CommandOutcome;
        resolve({ code: outcome.code, lines: outcome.lines });
      } catch {
        reject(new Error('The server gave no answer'));
      }
    });
  });
}
