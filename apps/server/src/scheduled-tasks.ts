import { reclaimInactiveAccountsTask } from './admin/account-removal.js';
import type { AppContext } from './context.js';
import { settleDueAccountsTask } from './modules/economy/index.js';
import type { ScheduledTask } from './scheduler.js';

/** Every periodic task of the server; modules add theirs here. */
export function scheduledTasks(
  ctx: AppContext,
  log?: { info(object: object, message: string): void },
): ScheduledTask[] {
  return [settleDueAccountsTask(ctx), reclaimInactiveAccountsTask(ctx, log)];
}
