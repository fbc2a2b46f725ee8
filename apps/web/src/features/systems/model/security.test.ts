import { describe, expect, it } from 'vitest';
import { securityColor, securityTone } from './security';

describe('securityTone', () => {
  it.each([
    ['high', 'high'],
    ['HighSec', 'high'],
    ['very-high', 'high'],
    ['low', 'low'],
    ['Low security', 'low'],
    ['null', 'null'],
    ['wormhole', 'null'],
    ['', 'null'],
  ] as const)('reads the security name %j as the %s band', (name, tone) => {
    expect(securityTone(name)).toBe(tone);
  });
});

describe('securityColor', () => {
  it('paints high security green, low security orange and everything else red', () => {
    expect(securityColor('high')).toBe('green');
    expect(securityColor('low')).toBe('orange');
    expect(securityColor('null')).toBe('red');
    expect(securityColor('unknown')).toBe('red');
  });
});
