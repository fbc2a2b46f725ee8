import type { AppContext } from './context.js';
import type { ScheduledTask } from './scheduler.js';

/** Every periodic task of the server; modules add theirs here. */
export function scheduledTasks(_ctx: AppContext): ScheduledTask[] {
  return [];
}
