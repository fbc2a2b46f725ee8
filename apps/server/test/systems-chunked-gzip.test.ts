import fc from 'fast-check';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkedGzip } from '../src/modules/systems/chunked-gzip.js';

const ON = Buffer.from('true ');
const OFF = 'false';

/** A JSON-like body of items, each with a switchable flag, and the flags' offsets. */
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

const joined = (pieces: readonly Buffer[]) => Buffer.concat(pieces);

describe('chunkedGzip', () => {
  it('decompresses (CRC and length checked by zlib) to the body with exactly the switched slots on', () => {
    fc.assert(
      fc.property(
        // Names holding the slot's own values, and bodies past deflate's 32 KB window now and then:
        // a compressor allowed to match into a slot of another chunk would be caught here.
        fc.array(
          fc.string({
            unit: fc.constantFrom(...'abcdefghij ké"\\\u00e9\u4e2d', 'false', 'true ', 'false}', '"flag":'),
            maxLength: 200,
          }),
          { minLength: 1, maxLength: 400 },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        // Small chunks too, so that cuts fall next to and inside slots.
        fc.constantFrom(7, 64, 1000, 16 * 1024),
        (names, picks, chunkBytes) => {
          const { body, slots } = itemsBody(names);
          const gzip = chunkedGzip(body, slots, ON, chunkBytes);
          expect(gunzipSync(gzip.base).equals(body)).toBe(true);
          const indexes = picks.map((pick) => pick % slots.length);
          const switched = joined(gzip.pieces(indexes));
          expect(gunzipSync(switched).equals(withOn(body, slots, indexes))).toBe(true);
          // Switching does not change the base, the same switch gives the same bytes again (also
          // from the kept chunks), and a single slot too.
          expect(gunzipSync(gzip.base).equals(body)).toBe(true);
          expect(joined(gzip.pieces([...indexes].reverse())).equals(switched)).toBe(true);
          const one = indexes[0] ?? 0;
          expect(gunzipSync(joined(gzip.pieces([one]))).equals(withOn(body, slots, [one]))).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('costs little more than one gzip of the body on a list of 1,000 items of ~150 bytes', () => {
    const filler =
      ',"position":{"x":120.5,"y":-43.25},"security":{"id":2,"name":"medium"},"race":{"id":1},"connections":[12,57,300]';
    const { body, slots } = itemsBody(
      Array.from({ length: 1000 }, (_, i) => `System ${i} ${'x'.repeat(i % 17)}"${filler}`),
    );
    const gzip = chunkedGzip(body, slots, ON);
    expect(gzip.chunks).toBeGreaterThan(5);
    expect(gzip.base.length).toBeLessThan(1.15 * gzipSync(body, { level: 9 }).length);
    const pieces = gzip.pieces([0, 999]);
    expect(gunzipSync(joined(pieces)).equals(withOn(body, slots, [0, 999]))).toBe(true);
    // The pieces share the base's bytes but for the two swapped chunks and the trailer.
    expect(pieces.filter((piece) => piece.buffer === gzip.base.buffer).length).toBe(pieces.length - 3);
    expect(gzip.pieces([])).toEqual([gzip.base]);
  });

  it('takes slots at the very start and end, next to each other, and no slot at all', () => {
    const body = Buffer.from('falsefalse-middle-false');
    for (const chunkBytes of [1, 3, 5, 6, 100]) {
      const gzip = chunkedGzip(body, [0, 5, 18], ON, chunkBytes);
      expect(gunzipSync(joined(gzip.pieces([0, 1, 2]))).toString()).toBe('true true -middle-true ');
      expect(gunzipSync(joined(gzip.pieces([1]))).toString()).toBe('falsetrue -middle-false');
    }
    expect(gunzipSync(joined(chunkedGzip(body, [], ON).pieces([]))).equals(body)).toBe(true);
  });

  it('refuses what it cannot switch safely', () => {
    const body = Buffer.from('abc false def false');
    expect(() => chunkedGzip(Buffer.from('a\u0000 false'), [3], ON)).toThrow(/NUL/);
    expect(() => chunkedGzip(body, [14, 4], ON)).toThrow(/out of order/);
    expect(() => chunkedGzip(body, [4, 6], ON)).toThrow(/overlapping/);
    expect(() => chunkedGzip(body, [17], ON)).toThrow(/outside/);
    expect(() => chunkedGzip(body, [4], Buffer.alloc(0))).toThrow(/cannot be switched/);
    expect(() => chunkedGzip(body, [4], ON).pieces([1])).toThrow(/No slot 1/);
  });
});
