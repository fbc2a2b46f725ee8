const ZONE_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;
const FRACTION = /\.(\d+)/;

/**
 * Reads a server timestamp. Timestamps without a zone are UTC, and fractional seconds beyond
 * milliseconds are cut because Date parsing of longer fractions differs between engines.
 */
export function parseServerDate(value: string): Date {
  const trimmed = value.trim().replace(' ', 'T');
  const cut = trimmed.replace(FRACTION, (_match, digits: string) => `.${digits.slice(0, 3)}`);
  return new Date(ZONE_SUFFIX.test(cut) ? cut : `${cut}Z`);
}

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  return parseServerDate(value);
}

export interface DateFormatOptions {
  /** IANA zone; the browser's zone when absent. */
  timeZone?: string;
  locale?: string;
}

/** French-style date: 23/11/2026. */
export function formatDate(value: Date | string | number, options: DateFormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale ?? 'fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(toDate(value));
}

/** French-style date and time: 23/11/2026 14:05. */
export function formatDateTime(value: Date | string | number, options: DateFormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale ?? 'fr-FR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  }).format(toDate(value));
}

/** Time of day with seconds: 14:05:09. */
export function formatTime(value: Date | string | number, options: DateFormatOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale ?? 'fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: options.timeZone,
  }).format(toDate(value));
}

const RECENT_WINDOW_MS = 15 * 60 * 1000;

/** True when the date lies within the window before now (default 15 minutes). */
export function isRecent(value: Date | string | number, now: number, windowMs = RECENT_WINDOW_MS): boolean {
  const elapsed = now - toDate(value).getTime();
  return elapsed >= 0 && elapsed <= windowMs;
}

const SUFFIXES: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

function oneDecimal(value: number): string {
  const text = (Math.floor(value * 10) / 10).toFixed(1);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
}

/**
 * Abbreviates with K, M, B, T to one decimal: 1500 -> 1.5K, 2000000 -> 2M. Values are floored so
 * a stock never looks larger than it is (999999 reads 999.9K, not 1000K).
 */
export function abbreviateNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  for (const [threshold, suffix] of SUFFIXES) {
    if (magnitude >= threshold) return `${sign}${oneDecimal(magnitude / threshold)}${suffix}`;
  }
  return `${sign}${Math.floor(magnitude)}`;
}

/** Durations in days (j), hours, minutes and seconds, zero parts left out: 90061 -> 1j 1h 1m 1s. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const parts: Array<[number, string]> = [
    [Math.floor(seconds / 86400), 'j'],
    [Math.floor((seconds % 86400) / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'm'],
    [seconds % 60, 's'],
  ];
  const shown = parts.filter(([amount]) => amount > 0).map(([amount, unit]) => `${amount}${unit}`);
  return shown.length > 0 ? shown.join(' ') : '0s';
}
