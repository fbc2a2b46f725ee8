import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOf, listItem } from '../test-utils';
import { listFromColumns, systemsMapParser } from './get-systems';

const securities = [
  { id: 1, name: 'high' },
  { id: 2, name: 'low' },
  { id: 3, name: 'null' },
] as const;

const universe = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 30 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids)), { maxLength: 40 }),
      fc.array(fc.constantFrom(0, 1, 2), { minLength: ids.length, maxLength: ids.length }),
      fc.subarray(ids),
    ),
  )
  .map(([ids, pairs, bands, own]) => {
    const links = new Map(ids.map((id) => [id, new Set<number>()]));
    for (const [a, b] of pairs)
      if (a !== b) {
        links.get(a)!.add(b);
        links.get(b)!.add(a);
      }
    return ids.map((id, i) =>
      listItem(id, `S${id}`, {
        position: { x: id * 1.5, y: -id },
        security: securities[bands[i]!],
        race: { id: i % 4 },
        connections: [...links.get(id)!].sort((x, y) => x - y),
        has_own_planet: own.includes(id),
      }),
    );
  });

describe('GET /systems/map in the web app', () => {
  it('turns the columns back into the list GET /systems gives', () => {
    fc.assert(
      fc.property(universe, (systems) => {
        expect(listFromColumns(systemsMapParser.parse(columnsOf(systems)))).toEqual(systems);
      }),
    );
  });

  it.each([
    ['a column shorter than the ids', { names: ['Sol'] }],
    ['a security outside 1 to 3', { security: [4, 1] }],
    ['a fractional gate', { gates: [1, 2.5] }],
    ['a missing own column', { own: undefined }],
    ['a name that is not text', { names: [1, 'Vega'] }],
  ])('refuses %s with the contract error', (_name, change) => {
    const columns = {
      ...columnsOf([listItem(1, 'Sol'), listItem(2, 'Vega', { connections: [1] })]),
      ...change,
    };
    expect(() => systemsMapParser.parse(columns)).toThrow();
  });
});
