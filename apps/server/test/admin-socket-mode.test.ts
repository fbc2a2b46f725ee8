/**
 * The admin socket (decision 221) is private from the moment it exists: created 0600 under a
 * strict umask, not created with the process's umask and narrowed by a chmod afterwards (between
 * the two, another user of the machine could have connected and run operator commands).
 */
import type * as fs from 'node:fs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveAdminSocket, socketPath } from '../src/admin/socket.js';

// The chmod after the bind does nothing here: what is left is the mode the socket was created with.
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, chmodSync: vi.fn() };
});

let dataDir: string;
let umask: number;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'starhold-socket-'));
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the admin socket', () => {
  it('is created readable and writable by its owner only, and leaves the umask as it was', async () => {
    const socket = await serveAdminSocket(dataDir, () => Promise.resolve({ code: 0, lines: [] }));
    try {
      expect(statSync(socketPath(dataDir)).mode & 0o777).toBe(0o600);
      expect(process.umask()).toBe(0o022);
    } finally {
      await socket.close();
    }
  });
});
