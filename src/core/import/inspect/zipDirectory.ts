/**
 * A zip's central directory, and one member's bytes, read by us rather than by fflate's
 * `unzipSync` (its parser, mirrored here: end record, zip64 locator and extra field, local
 * header), for two holes in it:
 * - it trusts the end record's entry count and reads zeros past the data: a 128-byte file
 *   claiming 2^32 entries loops for hours (audit R7-3);
 * - it inflates a member into a buffer of the member's declared size with no early exit: the
 *   whole deflate stream is decoded and the writes past the end dropped, so a member lying
 *   about its size (1 KiB declared, 4 GiB real) costs minutes of CPU (audit R11-1).
 * Here a member is inflated in small compressed steps and stopped once it passes its
 * declared size. Errors thrown (plain, or `SizeLie`) have a message that finishes a sentence.
 */
import { Inflate, strFromU8 } from 'fflate';
import { formatBytes } from '../../view/byteSize';
import { crc32 } from '../../reader/crc32';

export interface ZipMember {
  name: string;
  /** 0 stored, 8 deflate (the only two read). */
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory declares (`memberBytes` holds the member to it). */
  declaredSize: number;
  /** Offset of the member's local header. */
  headerOffset: number;
  /** The CRC-32 of the uncompressed bytes the directory declares (`memberBytes` checks it). */
  crc: number;
}

/** The fixed part of a central-directory entry, in bytes (APPNOTE 4.3.12). */
const CD_ENTRY_BYTES = 46;
const END_RECORD_BYTES = 22;
/** The end record's comment is 65,535 bytes at most. */
const MAX_END_SEARCH = END_RECORD_BYTES + 0xffff;
const LOCAL_HEADER_BYTES = 30;

/** Deflate's greatest expansion: a 258-byte match coded in 2 bits (1032 output bytes per input byte). */
export const MAX_DEFLATE_RATIO = 1032;
/** Compressed bytes per inflate step, at least and at most (each step's output is at most 1032 times its input). */
const MIN_STEP = 1024;
const MAX_STEP = 64 * 1024;
/** What one step may inflate past a member's declared size at most: the smallest step at the greatest ratio, plus what fflate holds back between steps. */
export const STEP_OVERSHOOT_BYTES = 2 * MIN_STEP * MAX_DEFLATE_RATIO;

const u16 = (d: Uint8Array, at: number) => (d[at] as number) | ((d[at + 1] as number) << 8);
const u32 = (d: Uint8Array, at: number) => (u16(d, at) | (u16(d, at + 2) << 16)) >>> 0;
const u64 = (d: Uint8Array, at: number) => u32(d, at) + u32(d, at + 4) * 0x100000000;

/** The members the central directory lists, in its order. */
export function zipMembers(bytes: Uint8Array): ZipMember[] {
  let end = bytes.length - END_RECORD_BYTES;
  const stop = Math.max(0, bytes.length - MAX_END_SEARCH);
  while (end >= stop && u32(bytes, end) !== 0x06054b50) end--;
  if (end < stop) throw new Error('it has no end-of-directory record');
  let count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  let zip64 = false;
  if (end >= 20 && u32(bytes, end - 20) === 0x07064b50) {
    const z = u64(bytes, end - 12);
    if (z + 56 <= bytes.length && u32(bytes, z) === 0x06064b50) {
      zip64 = true;
      count = u64(bytes, z + 32);
      at = u64(bytes, z + 48);
    }
  }
  if (count > bytes.length / CD_ENTRY_BYTES)
    throw new Error(`its directory claims more entries than the file's ${bytes.length} bytes hold`);
  const members: ZipMember[] = [];
  for (let i = 0; i < count; i++) {
    if (at + CD_ENTRY_BYTES > bytes.length || u32(bytes, at) !== 0x02014b50)
      throw new Error(`its directory entry ${i + 1} is damaged`);
    const nameLength = u16(bytes, at + 28);
    const extraAt = at + CD_ENTRY_BYTES + nameLength;
    const extraEnd = extraAt + u16(bytes, at + 30);
    const next = extraEnd + u16(bytes, at + 32);
    if (next > bytes.length) throw new Error(`its directory entry ${i + 1} runs past the end of the file`);
    // bit 11: the name is UTF-8, else code page 437 (read as Latin-1, as fflate does)
    const name = strFromU8(bytes.subarray(at + CD_ENTRY_BYTES, extraAt), !(u16(bytes, at + 8) & 0x800));
    const sizes = zip64Sizes(bytes, extraAt, extraEnd, zip64, {
      compressedSize: u32(bytes, at + 20),
      declaredSize: u32(bytes, at + 24),
      headerOffset: u32(bytes, at + 42),
    });
    members.push({ name, method: u16(bytes, at + 10), crc: u32(bytes, at + 16), ...sizes });
    at = next;
  }
  return members;
}

type Sizes = Pick<ZipMember, 'compressedSize' | 'declaredSize' | 'headerOffset'>;

/** The zip64 extra field (id 1) holds, in this order, each of the three that reads 0xFFFFFFFF. */
function zip64Sizes(bytes: Uint8Array, at: number, end: number, zip64: boolean, s: Sizes): Sizes {
  const FULL = 0xffffffff;
  const wide = [s.declaredSize === FULL, s.compressedSize === FULL, s.headerOffset === FULL];
  if (!zip64 || !wide.some(Boolean)) return s;
  for (; at + 4 <= end; at += 4 + u16(bytes, at + 2)) {
    if (u16(bytes, at) !== 1) continue;
    let field = at + 4;
    const take = (isWide: boolean | undefined, narrow: number) => {
      if (!isWide) return narrow;
      field += 8;
      return u64(bytes, field - 8);
    };
    const declaredSize = take(wide[0], s.declaredSize);
    const compressedSize = take(wide[1], s.compressedSize);
    return { declaredSize, compressedSize, headerOffset: take(wide[2], s.headerOffset) };
  }
  throw new Error('a zip64 member has no zip64 sizes');
}

/**
 * A member's bytes: stored ones as they lie in the file, deflated ones inflated into a
 * buffer of the declared size in steps; a stream that passes it stops at the step that
 * did (`inflated` counts what was inflated, at most the declared size plus one step's
 * `STEP_OVERSHOOT_BYTES`). Throws when the member cannot be read.
 */
export function memberBytes(bytes: Uint8Array, m: ZipMember): { data: Uint8Array; inflated: number } {
  const local = m.headerOffset;
  if (local + LOCAL_HEADER_BYTES > bytes.length || u32(bytes, local) !== 0x04034b50)
    throw new Error('its local header is missing');
  const start = local + LOCAL_HEADER_BYTES + u16(bytes, local + 26) + u16(bytes, local + 28);
  const end = start + m.compressedSize;
  if (end > bytes.length) throw new Error('its data runs past the end of the file');
  if (m.method === 0) return { data: checked(bytes.subarray(start, end), m), inflated: 0 };
  if (m.method !== 8) throw new Error(`it uses compression method ${m.method}, which is not read`);
  const out = new Uint8Array(m.declaredSize);
  let inflated = 0;
  const inflater = new Inflate((chunk) => {
    if (inflated + chunk.length <= out.length) out.set(chunk, inflated);
    inflated += chunk.length;
  });
  for (let at = start; ;) {
    // a step inflates at most 1032 times its input: sized to the room left, it passes the room by one small step at most
    const room = out.length - inflated;
    const step = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.ceil(room / MAX_DEFLATE_RATIO)));
    const next = Math.min(end, at + step);
    inflater.push(bytes.subarray(at, next), next === end); // the last step throws if the stream is cut short
    if (inflated > out.length) throw new SizeLie(m.declaredSize, inflated);
    // bytes after the stream's last block are not read (nor were they by unzipSync)
    if (next === end || streamEnded(inflater)) break;
    at = next;
  }
  return { data: checked(out.subarray(0, inflated), m), inflated };
}

/**
 * The member's bytes when their CRC-32 is the one its directory declares: a flipped bit in deflate
 * data often inflates "fine" to altered text, which was read as the log (audit R16-7).
 */
function checked(data: Uint8Array, m: ZipMember): Uint8Array {
  if (crc32(0, data) !== m.crc >>> 0) throw new Error('it fails its CRC-32 check (the file is damaged)');
  return data;
}

/** A deflated member inflating past the size its directory declares. */
export class SizeLie extends Error {
  constructor(
    readonly declared: number,
    /** Bytes inflated when the step that passed the declared size ended. */
    readonly inflated: number,
  ) {
    super(
      `it inflates to more than the ${formatBytes(declared)} its directory declares (a decompression bomb?)`,
    );
  }
}

/**
 * Whether fflate's inflater has decoded the stream's last block (its private state: `f` the
 * last block began, `l` inside a block), read with guards: a different fflate reads on to
 * the member's end. Past the end fflate keeps appending what it is pushed, unread.
 */
function streamEnded(inflater: Inflate): boolean {
  const { s } = inflater as unknown as { s?: { f?: unknown; l?: unknown } };
  return typeof s === 'object' && s !== null && Boolean(s.f) && !s.l;
}
