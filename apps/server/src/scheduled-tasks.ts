import type { AppContext } from './context.js';
import { settleDueAccountsTask } from './modules/economy/index.js';
import type { ScheduledTask } from './scheduler.js';

/** Every periodic task of the server; modules add theirs here. */
export function scheduledTasks(ctx: AppContext): ScheduledTask[] {
  return [settleDueAccountsTask(ctx)];
}
