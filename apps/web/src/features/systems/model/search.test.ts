import { describe, expect, it } from 'vitest';
import { matchSystems, normaliseName } from './search';

const systems = [{ name: 'Éridani' }, { name: 'Vega Prime' }, { name: 'Vegan' }, { name: 'Sol' }];

describe('matchSystems', () => {
  it('finds systems whose name contains the query, ignoring case', () => {
    expect(matchSystems(systems, 'VEGA').map((s) => s.name)).toEqual(['Vega Prime', 'Vegan']);
  });

  it('ignores accents and surrounding spaces', () => {
    expect(matchSystems(systems, '  eridani ').map((s) => s.name)).toEqual(['Éridani']);
  });

  it('matches nothing for an empty or blank query', () => {
    expect(matchSystems(systems, '')).toEqual([]);
    expect(matchSystems(systems, '   ')).toEqual([]);
  });
});

describe('normaliseName', () => {
  it('lower-cases and strips diacritics', () => {
    expect(normaliseName('Ÿśtàd')).toBe('ystad');
  });
});
