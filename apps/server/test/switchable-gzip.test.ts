import fc from 'fast-check';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipTrailer, slotCrcTerms, switchableGzip } from '../src/http/switchable-gzip.js';

const ON = Buffer.from('true ');
const OFF = 'false';

/** A JSON-like body of `count` items, each ending with a switchable flag, and the flags' offsets. */
function itemsBody(names: readonly string[]): { body: Buffer; slots: number[] } {
  const slots: number[] = [];
  let text = '[';
  names.forEach((name, index) => {
    text += `${index > 0 ? ',' : ''}{"id":${index},"name":${JSON.stringify(name)},"flag":`;
    slots.push(Buffer.byteLength(text));
    text += `${OFF}}`;
  });
  return { body: Buffer.from(`${text}]`), slots };
}

function withOn(body: Buffer, slots: readonly number[], indexes: Iterable<number>): Buffer {
  const expected = Buffer.from(body);
  for (const index of indexes) ON.copy(expected, slots[index]);
  return expected;
}

describe('switchableGzip', () => {
  it('decompresses (CRC and length checked by zlib) to the body with exactly the switched slots on', () => {
    fc.assert(
      fc.property(
        // Names long enough to push the body past deflate's 32 KB window now and then, and holding
        // the slot's own values: a compressor allowed to match into a slot would be caught here.
        fc.array(
          fc.string({
            unit: fc.constantFrom(...'abcdefghij ké"\\\u00e9\u4e2d', 'false', 'true ', 'false}', '"flag":'),
            maxLength: 200,
          }),
          {
            minLength: 1,
            maxLength: 400,
          },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (names, picks) => {
          const { body, slots } = itemsBody(names);
          const gzip = switchableGzip(body, slots, ON);
          expect(gunzipSync(gzip.base).equals(body)).toBe(true);
          const indexes = picks.map((pick) => pick % slots.length);
          expect(gunzipSync(gzip.switched(indexes)).equals(withOn(body, slots, indexes))).toBe(true);
          // Switching does not change the base, and the same switch gives the same bytes again.
          expect(gunzipSync(gzip.base).equals(body)).toBe(true);
          expect(gzip.switched(indexes).equals(gzip.switched([...indexes].reverse()))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keeps most of what gzip saves on a list of 1,000 items of ~150 bytes', () => {
    const filler =
      ',"position":{"x":120.5,"y":-43.25},"security":{"id":2,"name":"medium"},"race":{"id":1},"connections":[12,57,300]';
    const { body, slots } = itemsBody(
      Array.from({ length: 1000 }, (_, i) => `System ${i} ${'x'.repeat(i % 17)}"${filler}`),
    );
    const gzip = switchableGzip(body, slots, ON);
    expect(gzip.base.length).toBeLessThan(body.length / 3);
    expect(gzip.base.length).toBeLessThan(4 * gzipSync(body).length);
    expect(gunzipSync(gzip.switched([0, 999])).equals(withOn(body, slots, [0, 999]))).toBe(true);
  });

  it('takes slots at the very start and end, next to each other, and no slot at all', () => {
    const body = Buffer.from('falsefalse-middle-false');
    const gzip = switchableGzip(body, [0, 5, 18], ON);
    expect(gunzipSync(gzip.switched([0, 1, 2])).toString()).toBe('true true -middle-true ');
    expect(gunzipSync(switchableGzip(body, [], ON).switched([])).equals(body)).toBe(true);
  });

  it('refuses what it cannot switch safely', () => {
    const body = Buffer.from('abc false def false');
    expect(() => switchableGzip(Buffer.from('a\u0000 false'), [3], ON)).toThrow(/NUL/);
    expect(() => switchableGzip(body, [14, 4], ON)).toThrow(/out of order/);
    expect(() => switchableGzip(body, [4, 6], ON)).toThrow(/overlapping/);
    expect(() => switchableGzip(body, [17], ON)).toThrow(/outside/);
    expect(() => switchableGzip(body, [4], Buffer.alloc(0))).toThrow(/cannot be switched/);
    expect(() => switchableGzip(body, [4], ON).switched([1])).toThrow(/No slot 1/);
  });
});

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['x-gzip', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*', true],
    ['*;q=0', false],
    ['br, *;q=0.1', true],
    ['gzip;q=abc', false],
    [['br', 'gzip'], true],
  ] as const)('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('the CRC helpers shared with the systems list (chunked-gzip.ts)', () => {
  it("give gzip's trailer and each slot's CRC term: crc xor the terms is the switched body's CRC", () => {
    const { body, slots } = itemsBody(['Noba', 'Vesta', 'Kor']);
    const { crc, trailer } = gzipTrailer(body);
    expect(trailer).toEqual(gzipSync(body).subarray(-8));
    const termOf = slotCrcTerms(body, slots, ON, crc);
    const switched = Buffer.from(body);
    ON.copy(switched, slots[0]);
    ON.copy(switched, slots[2]);
    expect((crc ^ termOf(0) ^ termOf(2)) >>> 0).toBe(crc32(switched));
    // Kept: asked again, the same term.
    expect(termOf(0)).toBe(termOf(0));
  });
});
