/** Build time as the module screens show it: Ns, Nm Ns, Nh Nm, then Nj Nh. */
export function formatBuildTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
  return `${Math.floor(seconds / 86400)}j ${Math.floor((seconds % 86400) / 3600)}h`;
}

/** Countdown text: hours, minutes and seconds always two-digit after the first part (1:02:03). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const clock = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
  return days > 0 ? `${days}j ${clock}` : clock;
}

export interface Stock {
  resourceId: number;
  value: number;
  perHour: number;
  /** Storage of the resource, when known. */
  max?: number;
}

export interface CostLine {
  resourceId: number;
  amount: number;
}

export type WaitEstimate =
  | { kind: 'ready' }
  | { kind: 'wait'; seconds: number }
  /** The missing amount takes more than 24 hours to produce: shown with '(+24h)'. */
  | { kind: 'beyond-day'; seconds: number }
  /** A missing resource has no production at all: shown with '(~)'. */
  | { kind: 'no-production' };

const DAY_SECONDS = 86400;

/**
 * How long until the stock covers the costs at the current production. The slowest resource
 * decides; a missing resource with no production makes the wait unknown.
 */
export function waitEstimate(costs: readonly CostLine[], stocks: readonly Stock[]): WaitEstimate {
  let longest = 0;
  for (const cost of costs) {
    const stock = stocks.find((entry) => entry.resourceId === cost.resourceId);
    const missing = cost.amount - (stock?.value ?? 0);
    if (missing <= 0) continue;
    const perHour = stock?.perHour ?? 0;
    if (perHour <= 0) return { kind: 'no-production' };
    longest = Math.max(longest, (missing / perHour) * 3600);
  }
  if (longest === 0) return { kind: 'ready' };
  return longest > DAY_SECONDS
    ? { kind: 'beyond-day', seconds: longest }
    : { kind: 'wait', seconds: longest };
}

/** Text of a wait estimate; `ready` is the translated "available now". */
export function waitEstimateText(estimate: WaitEstimate, ready: string): string {
  switch (estimate.kind) {
    case 'ready':
      return ready;
    case 'no-production':
      return '(~)';
    case 'wait':
      return formatBuildTime(estimate.seconds);
    case 'beyond-day':
      return `${formatBuildTime(estimate.seconds)} (+24h)`;
  }
}

/** A progress percentage clamped to 0..100; an empty maximum reads as 0. */
export function clampPercent(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

/**
 * A stock grown locally from the last server value: production per second times the elapsed
 * seconds, capped at the maximum. A value already above the maximum (refunds) stays as it is.
 */
export function grownValue(
  serverValue: number,
  perSecond: number,
  max: number,
  elapsedSeconds: number,
): number {
  if (serverValue >= max) return serverValue;
  return Math.min(max, serverValue + Math.max(0, perSecond) * Math.max(0, elapsedSeconds));
}

/** Percent of a queue item done at `now`, clamped between 0 and 100 (SPEC 5). */
export function queueProgress(startedAt: number, finishAt: number, now: number): number {
  if (finishAt <= startedAt) return 100;
  const percent = ((now - startedAt) / (finishAt - startedAt)) * 100;
  return Math.min(100, Math.max(0, Math.round(percent)));
}
