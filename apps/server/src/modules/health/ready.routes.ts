import { readyResponseSchema } from '@starhold/contract';
import { sql } from 'kysely';
import type { AppContext, AppInstance } from '../../context.js';
import { DomainError } from '../../errors.js';
import type { SchedulerProgress } from './scheduler-progress.js';

/** The database must answer within this time for the process to be ready. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * GET /ready for a load balancer (decision 223): one `select 1` (with a timeout), and this
 * process's scheduler having finished a run lately when it runs one. 503 NOT_READY otherwise.
 * /health stays the liveness check that touches nothing.
 */
export function readyRoutes(
  app: AppInstance,
  ctx: Pick<AppContext, 'db' | 'clock'>,
  progress: SchedulerProgress | undefined,
): void {
  app.get('/ready', { schema: { tags: ['health'], response: { 200: readyResponseSchema } } }, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DomainError('NOT_READY', { message: 'database timeout' })),
        DATABASE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([sql`select 1`.execute(ctx.db), timeout]);
    } catch {
      throw new DomainError('NOT_READY', { message: 'The database does not answer' });
    } finally {
      clearTimeout(timer);
    }
    const scheduler = progress?.state(ctx.clock()) ?? 'off';
    if (scheduler === 'stale') throw new DomainError('NOT_READY', { message: 'The scheduler is stuck' });
    return { data: { status: 'ready' as const, database: 'ok' as const, scheduler } };
  });
}
