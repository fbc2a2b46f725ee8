/**
 * The admin socket's server side (decision 221) lets go of a client that connects and sends no
 * whole request: it answers why after ADMIN_REQUEST_TIMEOUT_MS (10 s; shorter here) and ends the
 * connection, and closing the server does not wait for such a client. A command that takes longer
 * than that timeout still answers: the timeout only covers the wait for the request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAdminSocket, serveAdminSocket, socketPath } from '../src/admin/socket.js';

let dataDir: string;
let clients: Socket[] = [];
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'starhold-admin-idle-'));
});
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
  rmSync(dataDir, { recursive: true, force: true });
});

/** Connects and sends `text` (nothing by default); resolves with what the server sent once it ended. */
function connect(text = ''): { answer: Promise<string>; connected: Promise<void> } {
  const client = createConnection(socketPath(dataDir));
  clients.push(client);
  client.setEncoding('utf8');
  let received = '';
  client.on('data', (chunk: string) => {
    received += chunk;
  });
  const connected = new Promise<void>((resolve) =>
    client.on('connect', () => {
      if (text !== '') client.write(text);
      resolve();
    }),
  );
  const answer = new Promise<string>((resolve, reject) => {
    client.on('error', reject);
    client.on('close', () => resolve(received));
  });
  return { answer, connected };
}

describe('the admin socket server', () => {
  it('answers and ends a connection that sends no whole request in time, and runs nothing', async () => {
    const ran: string[][] = [];
    const server = await serveAdminSocket(
      dataDir,
      (args) => {
        ran.push(args);
        return Promise.resolve({ code: 0, lines: [] });
      },
      150,
    );
    try {
      const silent = connect();
      const partial = connect('{"args": ["li');
      for (const answer of [await silent.answer, await partial.answer])
        expect(JSON.parse(answer.trim())).toEqual({ code: 1, lines: ['No request received in time'] });
      expect(ran).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('closes without waiting for a client that says nothing', async () => {
    const server = await serveAdminSocket(dataDir, () => Promise.resolve({ code: 0, lines: [] }), 60_000);
    const idle = connect();
    await idle.connected;
    const started = Date.now();
    await server.close();
    await idle.answer;
    // Not the 60 s of the request timeout: close let the idle connection go at once.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers a command that takes longer than the request timeout', async () => {
    const server = await serveAdminSocket(
      dataDir,
      (args) => new Promise((resolve) => setTimeout(() => resolve({ code: 0, lines: args }), 400)),
      100,
    );
    try {
      await expect(callAdminSocket(dataDir, ['list', 'accounts'], 5_000)).resolves.toEqual({
        code: 0,
        lines: ['list', 'accounts'],
      });
    } finally {
      await server.close();
    }
  });
});
