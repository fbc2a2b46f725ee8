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

/** The screens' locales: English dates are written the British way (day first). */
export type AppLocale = 'fr-FR' | 'en-GB';

/** The locale of the app's language (i18n.language: fr, en, or a region of them). */
export function appLocale(language: string): AppLocale {
  return language.startsWith('en') ? 'en-GB' : 'fr-FR';
}

export interface DateFormatOptions {
  /** IANA zone; the browser's zone when absent. */
  timeZone?: string;
  locale?: string;
}

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  ...DATE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const TIME: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/**
 * Building an Intl formatter costs far more than using one (tens of milliseconds for the first of
 * a locale on a slow machine, and a screen formats dozens of dates), so each is built once.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

function dateFormatter(
  kind: string,
  base: Intl.DateTimeFormatOptions,
  options: DateFormatOptions,
): Intl.DateTimeFormat {
  const locale = options.locale ?? 'fr-FR';
  return cached(
    `${kind}|${locale}|${options.timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { ...base, timeZone: options.timeZone }),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The two languages of the game, in the browser's zone, written by hand: the first Intl formatter
 * of a page costs 20 to 60 ms (ICU loading its data) on a slow machine, on the path of the first
 * screen that shows a date. They give exactly what Intl gives (tested against it).
 */
function handWritten(date: Date, options: DateFormatOptions, withTime: boolean): string | null {
  // Another zone, or an invalid date (Intl throws its RangeError): Intl does it.
  if (options.timeZone !== undefined || Number.isNaN(date.getTime())) return null;
  const locale = options.locale ?? 'fr-FR';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = String(date.getFullYear());
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (locale === 'fr' || locale === 'fr-FR')
    return withTime ? `${day}/${month}/${year} ${time}` : `${day}/${month}/${year}`;
  if (locale === 'en' || locale === 'en-US')
    return withTime ? `${month}/${day}/${year}, ${time}` : `${month}/${day}/${year}`;
  // The screens write English dates the British way (day first).
  if (locale === 'en-GB') return withTime ? `${day}/${month}/${year}, ${time}` : `${day}/${month}/${year}`;
  return null;
}

/** French-style date: 23/11/2026. */
export function formatDate(value: Date | string | number, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return handWritten(date, options, false) ?? dateFormatter('date', DATE, options).format(date);
}

/** French-style date and time: 23/11/2026 14:05. */
export function formatDateTime(value: Date | string | number, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return handWritten(date, options, true) ?? dateFormatter('datetime', DATE_TIME, options).format(date);
}

/** Time of day with seconds: 14:05:09. */
export function formatTime(value: Date | string | number, options: DateFormatOptions = {}): string {
  return dateFormatter('time', TIME, options).format(toDate(value));
}

/**
 * A whole number with the digit grouping of the app's language (i18n.language: fr, en), never
 * the browser's: 12 345 (fr), 12,345 (en). Components get it bound through `useFormatInteger`.
 */
export function formatInteger(value: number, language: string): string {
  return cached(
    `integer|${language}`,
    () => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }),
  ).format(Math.floor(value));
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
