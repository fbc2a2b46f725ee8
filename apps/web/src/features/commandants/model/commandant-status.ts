import type { CommandantAvailability, CommandantDurationCode } from '@starhold/contract';
import { parseServerDate } from '../../../lib/format';

export const DURATION_CODES: readonly CommandantDurationCode[] = [1, 2, 3, 4];

export function priceOf(
  commandant: CommandantAvailability['commandant'],
  time: CommandantDurationCode,
): number {
  switch (time) {
    case 1:
      return commandant.nmi_daily;
    case 2:
      return commandant.nmi_weekly;
    case 3:
      return commandant.nmi_monthly;
    case 4:
      return commandant.nmi_yearly;
  }
}

/** Seconds until available_until; 0 when never unlocked or already past. */
export function secondsLeft(item: Pick<CommandantAvailability, 'available_until'>, now: number): number {
  if (item.available_until === null) return 0;
  return Math.max(0, Math.floor((parseServerDate(item.available_until).getTime() - now) / 1000));
}

/** Active when the server says so and time is left (SPEC 4: expired also when time left <= 0). */
export function isActive(item: CommandantAvailability, now: number): boolean {
  return item.available && secondsLeft(item, now) > 0;
}
