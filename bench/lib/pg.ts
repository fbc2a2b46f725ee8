import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { freshPgDatabase as freshDatabase, type FreshPgDatabase } from '../../tools/fresh-pg-database.js';

/** A fresh database on the PostgreSQL server named by `url`; returns its URL and how to drop it. */
export function freshPgDatabase(url: string): Promise<FreshPgDatabase> {
  return freshDatabase(url, 'starhold_bench');
}

const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in microseconds; 0 once it is gone. */
export function cpuMicros(pid: number): number {
  const { user, system } = cpuSplitMicros(pid);
  return user + system;
}

/** CPU time a process has used so far in its own code (user) and in the kernel (system), µs. */
export function cpuSplitMicros(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const micros = (ticks: string | undefined) => (Number(ticks) * 1_000_000) / TICKS_PER_SECOND;
    return { user: micros(fields[11]), system: micros(fields[12]) };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** CPU time used so far by every process named `postgres` on this machine (read only, from /proc). */
export function postgresCpuMicros(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += cpuMicros(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** Transactions committed so far in the database of `url` (each statement outside a transaction is one). */
export async function committedTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
