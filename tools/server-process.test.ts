import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnNode, startServer, stopAll, waitForOutput } from './server-process.js';

/** Stand-ins for the built server: one with a health route, one that dies at start. */
const dir = mkdtempSync(join(tmpdir(), 'starhold-server-process-'));
const healthy = join(dir, 'healthy.mjs');
writeFileSync(
  healthy,
  `import { createServer } from 'node:http';
createServer((request, response) => {
  response.statusCode = request.url === '/api/v1/health' ? 200 : 404;
  response.end(JSON.stringify({
    host: process.env.HOST,
    marker: process.env.MARKER,
    registrations: process.env.REGISTRATIONS_PER_HOUR,
  }));
}).listen(Number(process.env.PORT), process.env.HOST, () => console.log('listening'));
process.on('SIGTERM', () => { console.error('stopping'); process.exit(0); });
`,
);
const broken = join(dir, 'broken.mjs');
writeFileSync(broken, `console.error('the data directory is already used'); process.exit(1);\n`);

afterAll(async () => {
  await stopAll();
});

describe('the shared server process helper', () => {
  it('starts a server on a free port of 127.0.0.1 with the given environment, once it is healthy', async () => {
    const server = await startServer({ entry: healthy, env: { MARKER: 'm1' }, timeoutMs: 10_000 });
    const response = await fetch(`${server.origin}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ host: '127.0.0.1', marker: 'm1', registrations: '0' });
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
    await server.stop();
    expect(server.exitStatus()).toBe(0);
    expect(server.output()).toContain('stopping');
  });

  it('rejects with what the process printed when it exits before answering', async () => {
    await expect(startServer({ entry: broken, env: {}, timeoutMs: 10_000 })).rejects.toThrow(
      /exited with 1:\n.*already used/s,
    );
  });

  it('kills with SIGKILL by pid and reports the signal', async () => {
    const server = await startServer({ entry: healthy, env: {}, timeoutMs: 10_000 });
    await server.kill9();
    expect(await server.exited).toBe('SIGKILL');
    await expect(fetch(`${server.origin}/api/v1/health`)).rejects.toThrow();
  });

  it('waits for a line, keeps stdout apart, and stops every process it started', async () => {
    const node = spawnNode('plain', [healthy], { env: { PATH: process.env.PATH, PORT: '0' } });
    await waitForOutput(node, 'listening', 10_000);
    expect(node.stdout()).toBe('listening\n');
    await stopAll();
    expect(node.exitStatus()).toBe(0);
    expect(node.lastLines(1)).toEqual(['stopping']);
  });
});
