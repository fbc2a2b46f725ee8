/**
 * GET /systems's gzip answer, compressed once per process, in which any system's `false` can be
 * switched to `true ` per caller (decision 164; replaces decision 126's slot per system).
 *
 * Decision 126 ended a deflate block at every one of the 1,000 flags (a sync flush and a stored
 * block each), so the answer was 40 KB where one gzip of the body is 23 KB, and every caller with
 * a planet got a copy of it. Here the body is cut into chunks of ~8 KB instead, each deflated on
 * its own with the 32 KB before it as the preset dictionary and ended by a sync flush. A caller's
 * answer is the shared bytes with the chunks holding their systems swapped for a version of that
 * chunk deflated with their flags on, built the first time a caller needs it and kept: one chunk
 * per system for the common single-system caller. In every dictionary each flag's bytes are
 * replaced by NUL, a byte the body never contains, so no back-reference of a later chunk can cover
 * a flag and a swapped chunk changes nothing else in the decompressed output. Flags keep their
 * length, so every distance stays right; CRC-32 is affine over messages of one length, so the
 * trailer of a switched body is the base CRC xor one precomputed term per flag.
 *
 * The answer is a list of pieces that share the process's bytes (subarrays), written to the socket
 * as they are: no per-request copy of the body (its copies were the GC bursts of the bench).
 */
import { constants, deflateRawSync } from 'node:zlib';
import {
  DEFLATE_WINDOW as WINDOW,
  GZIP_HEADER,
  gzipTrailer,
  maskedSlots,
  slotCrcTerms,
} from '../../http/switchable-gzip.js';

export { GZIP_HEADER };
/** Uncompressed bytes per chunk: smaller chunks make a caller's chunk cheaper to build, larger ones the answer smaller. */
const CHUNK_BYTES = 8 * 1024;
/** Swapped chunks kept for callers with several systems in one chunk; past this many the kept ones are dropped. */
const SHARED_VARIANTS_MAX = 4096;

export interface ChunkedGzip {
  /** The gzip member of the body as given (no slot switched). */
  readonly base: Buffer;
  /** How many chunks the body was cut into. */
  readonly chunks: number;
  /**
   * The gzip member with the slots at these indexes (in the order given at build) holding `on`, as
   * pieces to send one after the other; they share the kept bytes, so they must not be written to.
   */
  pieces(indexes: Iterable<number>): Buffer[];
}

/**
 * @param body the uncompressed bytes; must not contain NUL.
 * @param slots start offsets of the switchable slots, ascending and not overlapping.
 * @param on the value a switched slot holds; every slot is `on.length` bytes long.
 */
export function chunkedGzip(
  body: Buffer,
  slots: readonly number[],
  on: Buffer,
  chunkBytes = CHUNK_BYTES,
): ChunkedGzip {
  const width = on.length;
  if (width === 0) throw new Error('An empty slot cannot be switched');
  const masked = maskedSlots(body, slots, width);

  // Chunk bounds in the body, never inside a slot; and the chunk of each slot.
  const bounds: number[] = [0];
  const chunkOfSlot = new Uint32Array(slots.length);
  {
    let next = 0;
    for (let end = chunkBytes; end < body.length; end += chunkBytes) {
      let cut = end;
      while (next < slots.length && slots[next]! + width <= cut) next += 1;
      // A cut inside slot `next` moves to its end.
      if (next < slots.length && slots[next]! < cut) cut = slots[next]! + width;
      if (cut > bounds.at(-1)! && cut < body.length) bounds.push(cut);
      end = cut;
    }
    bounds.push(body.length);
    let chunk = 0;
    slots.forEach((slot, index) => {
      while (bounds[chunk + 1]! <= slot) chunk += 1;
      chunkOfSlot[index] = chunk;
    });
  }
  const chunks = bounds.length - 1;

  const deflateChunk = (chunk: number, bytes: Buffer): Buffer => {
    const from = bounds[chunk]!;
    const dictionary = masked.subarray(Math.max(0, from - WINDOW), from);
    return deflateRawSync(bytes, {
      level: constants.Z_BEST_COMPRESSION,
      memLevel: 9,
      finishFlush: chunk === chunks - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    });
  };

  const parts: Buffer[] = [GZIP_HEADER];
  /** Where each chunk starts in the gzip member, and where the trailer starts (last entry). */
  const chunkAt: number[] = [];
  let size = GZIP_HEADER.length;
  for (let chunk = 0; chunk < chunks; chunk += 1) {
    chunkAt.push(size);
    const deflated = deflateChunk(chunk, body.subarray(bounds[chunk], bounds[chunk + 1]));
    parts.push(deflated);
    size += deflated.length;
  }
  chunkAt.push(size);
  const { crc, trailer } = gzipTrailer(body);
  const base = Buffer.concat([...parts, trailer]);
  const termOf = slotCrcTerms(body, slots, on, crc);

  /** A chunk deflated with these of its slots on (ascending indexes): one slot's is kept for good. */
  const single: (Buffer | undefined)[] = new Array<Buffer | undefined>(slots.length);
  const shared = new Map<string, Buffer>();
  const variant = (chunk: number, indexes: readonly number[]): Buffer => {
    const key = indexes.length === 1 ? null : `${chunk}:${indexes.join(',')}`;
    const kept = key === null ? single[indexes[0]!] : shared.get(key);
    if (kept) return kept;
    const from = bounds[chunk]!;
    const bytes = Buffer.from(body.subarray(from, bounds[chunk + 1]));
    for (const index of indexes) on.copy(bytes, slots[index]! - from);
    const deflated = deflateChunk(chunk, bytes);
    if (key === null) single[indexes[0]!] = deflated;
    else {
      if (shared.size >= SHARED_VARIANTS_MAX) shared.clear();
      shared.set(key, deflated);
    }
    return deflated;
  };

  return {
    base,
    chunks,
    pieces(indexes) {
      const sorted = [...new Set(indexes)].sort((a, b) => a - b);
      if (sorted.length === 0) return [base];
      for (const index of sorted)
        if (!Number.isInteger(index) || index < 0 || index >= slots.length)
          throw new Error(`No slot ${index}`);
      const out: Buffer[] = [];
      let switchedCrc = crc;
      let at = 0;
      for (let i = 0; i < sorted.length;) {
        const chunk = chunkOfSlot[sorted[i]!]!;
        const inChunk: number[] = [];
        for (; i < sorted.length && chunkOfSlot[sorted[i]!] === chunk; i += 1) {
          inChunk.push(sorted[i]!);
          switchedCrc = (switchedCrc ^ termOf(sorted[i]!)) >>> 0;
        }
        if (chunkAt[chunk]! > at) out.push(base.subarray(at, chunkAt[chunk]));
        out.push(variant(chunk, inChunk));
        at = chunkAt[chunk + 1]!;
      }
      const end = chunkAt[chunks]!;
      if (end > at) out.push(base.subarray(at, end));
      const switchedTrailer = Buffer.allocUnsafe(8);
      switchedTrailer.writeUInt32LE(switchedCrc, 0);
      switchedTrailer.writeUInt32LE(body.length % 2 ** 32, 4);
      out.push(switchedTrailer);
      return out;
    },
  };
}
