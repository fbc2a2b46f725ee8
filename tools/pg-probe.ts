/**
 * Whether a PostgreSQL answers, for .ci/run, reliability/run.sh and the reliability battery: one
 * probe and one policy instead of a socket one-liner in each. A real `select 1`, not a TCP connect,
 * so a port held by something else does not count.
 *
 *   node --import tsx tools/pg-probe.ts [url]
 *
 * exits 0 when the database answers; otherwise 1 on a developer's machine (the caller falls back
 * to SQLite) and 2 under CI=true, where a missing PostgreSQL must fail the run. The reason is
 * printed on stderr either way.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

export type ProbeResult = { ok: true } | { ok: false; reason: string };

export async function probePostgres(url: string = LOCAL_POSTGRES, timeoutMs = 3000): Promise<ProbeResult> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A failed connection may still emit 'error' later; the probe's answer is already decided.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The exit code of the command line: 0 answers, 1 missing (fallback allowed), 2 missing under CI. */
export function exitCodeFor(result: ProbeResult, ci: boolean): 0 | 1 | 2 {
  if (result.ok) return 0;
  return ci ? 2 : 1;
}

/** Passwords never reach a log. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

async function main(): Promise<void> {
  const url = process.argv[2] || LOCAL_POSTGRES;
  const result = await probePostgres(url);
  const ci = process.env.CI === 'true';
  const code = exitCodeFor(result, ci);
  if (!result.ok)
    console.error(
      ci
        ? `pg-probe: no PostgreSQL answers at ${redact(url)} (${result.reason}); CI=true requires one, failing the run`
        : `pg-probe: no PostgreSQL answers at ${redact(url)} (${result.reason}); running on SQLite only (under CI=true this fails the run)`,
    );
  process.exitCode = code;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
