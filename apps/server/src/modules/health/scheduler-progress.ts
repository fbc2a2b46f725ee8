import type { Clock } from '../../context.js';
import type { ScheduledTask } from '../../scheduler.js';

/**
 * Whether this process's scheduler keeps going (decision 223): each task run that ends, failed or
 * not, marks the time, so GET /ready can tell a stuck loop (a run that never ends) from a live one.
 * A task that fails every time is the error log's and the metrics' business, not the balancer's.
 */
export interface SchedulerProgress {
  /** The scheduler's tasks, each marking its runs' ends. */
  track(tasks: readonly ScheduledTask[]): ScheduledTask[];
  /** 'off': no task runs in this process; 'stale': none ended within the allowed time. */
  state(now: number): 'ok' | 'off' | 'stale';
}

/** A run may take this many of its intervals (at least a minute) before the process is not ready. */
const STALE_INTERVALS = 10;
const STALE_MIN_MS = 60_000;

export function createSchedulerProgress(clock: Clock): SchedulerProgress {
  const tasks = new Map<string, { lastEnd: number; staleAfterMs: number }>();
  return {
    track(list) {
      return list.map((task) => {
        const entry = {
          lastEnd: clock(),
          staleAfterMs: Math.max(STALE_MIN_MS, task.intervalMs * STALE_INTERVALS),
        };
        tasks.set(task.name, entry);
        return {
          ...task,
          run: (now: number) =>
            task.run(now).finally(() => {
              entry.lastEnd = clock();
            }),
        };
      });
    },
    state(now) {
      if (tasks.size === 0) return 'off';
      for (const entry of tasks.values()) if (now - entry.lastEnd > entry.staleAfterMs) return 'stale';
      return 'ok';
    },
  };
}
