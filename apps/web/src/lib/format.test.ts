import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatDate,
  formatDateTime,
  formatDuration,
  formatInteger,
  formatTime,
  isRecent,
  parseServerDate,
} from './format';

describe('parseServerDate', () => {
  it('reads a timestamp without a zone as UTC', () => {
    expect(parseServerDate('2026-11-23T10:00:00').toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('keeps an explicit zone', () => {
    expect(parseServerDate('2026-11-23T10:00:00+02:00').toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('cuts fractional seconds to three digits', () => {
    expect(parseServerDate('2026-11-23T10:00:00.123456789').toISOString()).toBe('2026-11-23T10:00:00.123Z');
  });

  it('accepts the SQL form with a space between date and time', () => {
    expect(parseServerDate('2026-11-23 10:00:00').toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });
});

describe('French date formatting', () => {
  it('formats a date as day/month/year', () => {
    expect(formatDate('2026-03-05T10:00:00Z', { timeZone: 'UTC' })).toBe('05/03/2026');
  });

  it('formats date and time on a 24-hour clock', () => {
    expect(formatDateTime('2026-03-05T18:07:00Z', { timeZone: 'UTC' })).toBe('05/03/2026 18:07');
  });

  it('formats a time of day with seconds', () => {
    expect(formatTime('2026-03-05T08:07:09Z', { timeZone: 'UTC' })).toBe('08:07:09');
  });
});

describe('isRecent', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it('treats a date within the last 15 minutes as recent', () => {
    expect(isRecent('2026-11-23T09:50:00Z', now)).toBe(true);
  });

  it('treats an older date as not recent', () => {
    expect(isRecent('2026-11-23T09:40:00Z', now)).toBe(false);
  });

  it('honours a custom window', () => {
    expect(isRecent('2026-11-23T09:40:00Z', now, 30 * 60 * 1000)).toBe(true);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [999_999, '999.9K'],
    [2_000_000, '2M'],
    [1_250_000_000, '1.2B'],
    [3_000_000_000_000, '3T'],
    [-1500, '-1.5K'],
    [12.7, '12'],
  ])('abbreviates %d as %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [60, '1m'],
    [3661, '1h 1m 1s'],
    [90061, '1j 1h 1m 1s'],
    [172800, '2j'],
    [-5, '0s'],
    [12.9, '12s'],
  ])('formats %d seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatInteger', () => {
  it('groups digits the way the language does and drops the fraction', () => {
    expect(formatInteger(1234567.9, 'en')).toBe('1,234,567');
    expect(formatInteger(1234567.9, 'fr').replace(/\s/g, ' ')).toBe('1 234 567');
    // The formatter is kept per locale: a second call in another language is not served the first.
    expect(formatInteger(1000, 'en')).toBe('1,000');
  });
});

describe('hand-written dates', () => {
  it('give exactly what Intl gives in French and English, in the browser zone', () => {
    const intl = (locale: string, withTime: boolean) =>
      new Intl.DateTimeFormat(locale, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
      });
    let at = Date.UTC(1999, 11, 31, 23, 59);
    for (let i = 0; i < 500; i += 1) {
      at += (7_919_993_117 % (i * 104_729 + 1)) + 3_600_000 * (i % 25);
      for (const locale of ['fr', 'fr-FR', 'en', 'en-US', 'en-GB']) {
        expect(formatDateTime(at, { locale })).toBe(intl(locale, true).format(at));
        expect(formatDate(at, { locale })).toBe(intl(locale, false).format(at));
      }
    }
  });
});
