/**
 * A gzip member compressed once whose listed slots can each be switched to another value of the
 * same length per response, without compressing again (decision 126).
 *
 * How: the body is cut at every slot. Each piece between two slots is deflated on its own, with
 * the bytes before it as the preset dictionary, and ends with a sync flush, whose empty stored
 * block is widened to hold the slot's bytes verbatim. In that dictionary every slot's bytes are
 * replaced by NUL, a byte the body never contains, so no back-reference of the compressor can
 * cover a slot: the bytes of a slot are only ever read from its own stored block, and switching
 * them changes nothing else in the decompressed output. Slots keep their length, so every
 * distance stays right. CRC-32 is affine over messages of one length, so the trailer of a switched
 * body is the base CRC xor one precomputed term per switched slot.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Deflate's window: a back-reference reaches at most this far. */
export const DEFLATE_WINDOW = 32 * 1024;
/** ID1 ID2, CM=deflate, no flags, MTIME 0 (the body is not a file), XFL 2 (best compression), OS 255 (unknown). */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255]);
/** The empty stored block a sync flush ends with: LEN 0, NLEN 0xffff. */
const EMPTY_STORED = Buffer.from([0, 0, 0xff, 0xff]);

export interface SwitchableGzip {
  /** The gzip member of the body as given (no slot switched). */
  readonly base: Buffer;
  /** The gzip member of the body with the slots at these indexes (in the order given at build) holding `on`. */
  switched(indexes: Iterable<number>): Buffer;
}

/**
 * The body with every slot's bytes replaced by NUL, for the deflate dictionaries (no
 * back-reference can then cover a slot). Refuses a body holding NUL itself, and slots out of
 * order, overlapping or outside the body.
 */
export function maskedSlots(body: Buffer, slots: readonly number[], width: number): Buffer {
  if (body.includes(0))
    throw new Error('A switchable gzip body must not contain NUL: its dictionaries mask the slots with it');
  slots.forEach((slot, index) => {
    const previous = index === 0 ? 0 : slots[index - 1]! + width;
    if (!Number.isInteger(slot) || slot < previous || slot + width > body.length) {
      throw new Error(`Slot ${index} at ${slot} is out of order, overlapping or outside the body`);
    }
  });
  const masked = Buffer.from(body);
  for (const slot of slots) masked.fill(0, slot, slot + width);
  return masked;
}

/** The gzip trailer of `body` (CRC-32 and length), and that CRC. */
export function gzipTrailer(body: Buffer): { crc: number; trailer: Buffer } {
  const crc = crc32(body);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  return { crc, trailer };
}

/**
 * The CRC term of each slot: crc(body with that slot holding `on`) xor crc(body), so that the CRC
 * of a switched body is `crc` xor the terms of its switched slots (CRC-32 is affine over messages
 * of one length). Computed when first asked for (one CRC over the body each), kept after.
 */
export function slotCrcTerms(
  body: Buffer,
  slots: readonly number[],
  on: Buffer,
  crc: number,
): (index: number) => number {
  const terms = new Uint32Array(slots.length);
  const known = new Uint8Array(slots.length);
  const scratch = Buffer.from(body);
  return (index) => {
    if (known[index] === 0) {
      const slot = slots[index]!;
      on.copy(scratch, slot);
      terms[index] = (crc32(scratch) ^ crc) >>> 0;
      body.copy(scratch, slot, slot, slot + on.length);
      known[index] = 1;
    }
    return terms[index]!;
  };
}

/**
 * @param body the uncompressed bytes; must not contain NUL.
 * @param slots start offsets of the switchable slots, ascending and not overlapping.
 * @param on the value a switched slot holds; every slot is `on.length` bytes long.
 */
export function switchableGzip(body: Buffer, slots: readonly number[], on: Buffer): SwitchableGzip {
  const width = on.length;
  if (width === 0 || width > 0xffff) throw new Error(`A slot of ${width} bytes cannot be switched`);
  const masked = maskedSlots(body, slots, width);
  const dictionaryBefore = (offset: number) => masked.subarray(Math.max(0, offset - DEFLATE_WINDOW), offset);
  const deflate = (from: number, to: number, finishFlush: number): Buffer => {
    const dictionary = dictionaryBefore(from);
    return deflateRawSync(body.subarray(from, to), {
      level: constants.Z_BEST_COMPRESSION,
      memLevel: 9,
      finishFlush,
      ...(dictionary.length > 0 ? { dictionary } : {}),
    });
  };

  const storedLength = Buffer.from([width & 0xff, width >> 8, ~width & 0xff, (~width >> 8) & 0xff]);
  const parts: Buffer[] = [GZIP_HEADER];
  let size = GZIP_HEADER.length;
  /** Where each slot's bytes sit in the gzip member. */
  const dataAt: number[] = [];
  let from = 0;
  for (const slot of slots) {
    const flushed = deflate(from, slot, constants.Z_SYNC_FLUSH);
    if (!flushed.subarray(-EMPTY_STORED.length).equals(EMPTY_STORED))
      throw new Error('A sync flush did not end with an empty stored block');
    const piece = Buffer.concat([
      flushed.subarray(0, -EMPTY_STORED.length),
      storedLength,
      body.subarray(slot, slot + width),
    ]);
    parts.push(piece);
    size += piece.length;
    dataAt.push(size - width);
    from = slot + width;
  }
  const last = deflate(from, body.length, constants.Z_FINISH);
  const { crc, trailer } = gzipTrailer(body);
  const base = Buffer.concat([...parts, last, trailer]);
  const termOf = slotCrcTerms(body, slots, on, crc);

  return {
    base,
    switched(indexes) {
      let out: Buffer | null = null;
      let switchedCrc = crc;
      const seen = new Set<number>();
      for (const index of indexes) {
        if (!Number.isInteger(index) || index < 0 || index >= slots.length)
          throw new Error(`No slot ${index}`);
        if (seen.has(index)) continue;
        seen.add(index);
        out ??= Buffer.from(base);
        on.copy(out, dataAt[index]);
        switchedCrc = (switchedCrc ^ termOf(index)) >>> 0;
      }
      if (!out) return base;
      out.writeUInt32LE(switchedCrc, out.length - 8);
      return out;
    },
  };
}

/**
 * Whether a request's Accept-Encoding takes gzip (RFC 9110 §12.5.3): listed as gzip, x-gzip or
 * `*` with a non-zero weight, an explicit `gzip;q=0` winning over `*`. No header: identity only.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const entry of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const accepted = Number.isFinite(weight) && weight > 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = gzip === true || accepted;
    else if (name === '*') any = accepted;
  }
  return gzip ?? any ?? false;
}
