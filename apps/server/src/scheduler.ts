import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './context.js';

/** Periodic server work (the economy module adds settling of due accounts). */
export interface ScheduledTask {
  name: string;
  intervalMs: number;
  run(now: number): Promise<void>;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/**
 * Runs each task on its interval, never overlapping with itself; a failing run is logged and
 * retried at the next tick. `stop` waits for runs in progress, so shutdown never cuts a transaction.
 */
export function startScheduler(
  tasks: readonly ScheduledTask[],
  clock: Clock,
  log: FastifyBaseLogger,
): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const task of tasks) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = task
        .run(clock())
        .catch((error: unknown) => log.error({ err: error, task: task.name }, 'scheduled task failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    timers.push(setInterval(tick, task.intervalMs));
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
