import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { exitCodeFor, probePostgres, redact } from './pg-probe.js';

const PROBE = fileURLToPath(new URL('./pg-probe.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs the command line as .ci/run does, with CI set or not. */
function runProbe(url: string, ci: boolean): Promise<{ code: number; stderr: string }> {
  const env = { ...process.env };
  if (ci) env.CI = 'true';
  else delete env.CI;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', PROBE, url],
      { cwd: ROOT, env },
      (error, _stdout, stderr) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stderr });
      },
    );
  });
}

describe('the PostgreSQL probe', () => {
  it('reports a port where nothing listens as missing, with the reason', async () => {
    const port = await freePort();
    const result = await probePostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, 1000);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/ECONNREFUSED|connect/i);
  });

  it('makes a missing PostgreSQL fail under CI=true and fall back otherwise', () => {
    expect(exitCodeFor({ ok: true }, true)).toBe(0);
    expect(exitCodeFor({ ok: true }, false)).toBe(0);
    expect(exitCodeFor({ ok: false, reason: 'x' }, true)).toBe(2);
    expect(exitCodeFor({ ok: false, reason: 'x' }, false)).toBe(1);
  });

  it('exits 2 on the command line under CI=true and 1 without, saying which', async () => {
    const url = `postgres://postgres:secret@127.0.0.1:${await freePort()}/postgres`;
    const inCi = await runProbe(url, true);
    expect(inCi.code).toBe(2);
    expect(inCi.stderr).toMatch(/CI=true requires one, failing the run/);
    expect(inCi.stderr).not.toContain('secret');
    const local = await runProbe(url, false);
    expect(local.code).toBe(1);
    expect(local.stderr).toMatch(/running on SQLite only/);
  });

  it('keeps passwords out of its messages', () => {
    expect(redact('postgres://u:hunter2@db:5432/x')).toBe('postgres://u:***@db:5432/x');
    expect(redact('postgres://u@db/x')).toBe('postgres://u@db/x');
  });
});
