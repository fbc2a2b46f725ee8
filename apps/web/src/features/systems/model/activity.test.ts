import { describe, expect, it } from 'vitest';
import { ACTIVE_WINDOW_MS, planetActivity } from './activity';

const now = Date.parse('2026-11-23T12:00:00Z');

describe('planetActivity', () => {
  it('calls a planet visited an hour ago active', () => {
    expect(planetActivity('2026-11-23T11:00:00Z', now)).toBe('active');
  });

  it('calls a planet inactive once its last visit is 7 days old', () => {
    expect(planetActivity(new Date(now - ACTIVE_WINDOW_MS).toISOString(), now)).toBe('inactive');
    expect(planetActivity(new Date(now - ACTIVE_WINDOW_MS + 1000).toISOString(), now)).toBe('active');
  });

  it('calls a never visited planet inactive', () => {
    expect(planetActivity(null, now)).toBe('inactive');
  });

  it('reads a timestamp without a zone as UTC', () => {
    expect(planetActivity('2026-11-16 12:00:01', now)).toBe('active');
  });
});
