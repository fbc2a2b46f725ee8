/**
 * `npm run admin` while the server runs on SQLite (decision 221): the server holds the data
 * directory's lock, so the command line asks it through DATA_DIR/admin.sock, and the changes are
 * live at once; once the server stops, the same commands work on the file directly.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SRC = join(import.meta.dirname, '../src');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the admin command line against a running server (SQLite)', () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess;
  let base: string;
  const env = () => ({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    SYSTEM_COUNT: '20',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent/starhold-web',
    METRICS_TOKEN: '',
  });
  const admin = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', join(SRC, 'admin.ts'), ...args], {
        env: env(),
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'starhold-admin-socket-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}/api/v1`;
    server = spawn(process.execPath, ['--import', 'tsx', join(SRC, 'main.ts')], {
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Starhold is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', onData);
      server.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
  }, 90_000);
  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('promotes, grants NMI and suspends through the running server, with effect at once', async () => {
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'op@example.test',
        username: 'Operator',
        password: 'Password1',
        race_id: 1,
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie } });
    expect((await get('/admin/accounts')).status).toBe(403);

    const socket = join(dataDir, 'admin.sock');
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    expect(await admin('promote', 'OP@example.test', '--reason=runs the game')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Operator (account 1) is now an operator') as string,
    });
    expect((await get('/admin/accounts')).status).toBe(200);
    expect(await (await get('/me')).json()).toMatchObject({ data: { operator: true } });

    expect((await admin('grant-nmi', 'operator', '40')).out).toContain('balance 140');
    expect(await (await get('/me')).json()).toMatchObject({ data: { nmi: 140 } });

    const audit = (await (await get('/admin/audit')).json()) as {
      data: { action: string; operator_name: string }[];
    };
    expect(audit.data.map((entry) => entry.action)).toEqual(['grant_nmi', 'promote']);
    expect(audit.data.every((entry) => entry.operator_name === 'command line')).toBe(true);

    expect(await admin('explode')).toMatchObject({
      code: 1,
      out: expect.stringContaining('Unknown command') as string,
    });
    expect((await admin('suspend', 'operator', '--yes')).code).toBe(0);
    expect((await get('/me')).status).toBe(401);
    expect((await admin('list', '--suspended')).out).toMatch(/Operator.*suspended since/);
  }, 120_000);

  it('works on the file directly once the server has stopped', async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);
    expect((await admin('reinstate', 'operator')).out).toContain('Reinstated Operator');
    expect((await admin('demote', 'op@example.test')).out).toContain('is now a player');
    expect(await admin('list', '--suspended')).toMatchObject({
      code: 0,
      out: expect.stringContaining('0 account(s)') as string,
    });
  }, 60_000);
});
