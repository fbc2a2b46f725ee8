import { createInProcessBus, type EventBus } from './event-bus.js';
import { startPostgresBus, type BusLog } from './pg-event-bus.js';

/** The bus of a process: LISTEN/NOTIFY on PostgreSQL (shared by every process), in-process on SQLite. */
export async function openEventBus(
  databaseUrl: string | undefined,
  schema: string | undefined,
  log: BusLog,
  listen: boolean,
): Promise<EventBus> {
  if (databaseUrl === undefined) return createInProcessBus();
  return startPostgresBus({ url: databaseUrl, schema, log, listen });
}
