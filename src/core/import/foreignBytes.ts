/** The bytes of a foreign log before it is imported: the sniffed head of compressed input, and joining parts. */
import { createDecompressor } from '../reader/decompress';
import { isObject } from '../validate';

/** How many decoded bytes detection looks at before it settles for the harness format. */
export const SNIFF_BYTES = 1 << 16;

/** The first bytes a compressed head decodes to (a separate probe decoder; an error just means "not enough"). */
export function decodeHead(held: Uint8Array[], upTo: 'held' | 'checkpoint' | 'end'): Uint8Array {
  const probe = createDecompressor({ maxOutputBytes: SNIFF_BYTES }); // a bomb's head stays small
  const out: Uint8Array[] = [];
  for (const b of held) {
    out.push(...probe.push(b));
    if (out.reduce((n, x) => n + x.length, 0) >= SNIFF_BYTES) return concat(out, SNIFF_BYTES);
  }
  // The decoder holds small inputs back: decoded at a pause (follow mode) or at the end of the input.
  if (upTo === 'checkpoint') out.push(...probe.flush());
  else if (upTo === 'end') out.push(...probe.end());
  return concat(out, SNIFF_BYTES);
}

export function concat(parts: Uint8Array[], max: number): Uint8Array {
  const total = Math.min(
    max,
    parts.reduce((n, p) => n + p.length, 0),
  );
  if (parts.length === 1 && (parts[0] as Uint8Array).length <= total) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    if (at >= total) break;
    const take = Math.min(p.length, total - at);
    out.set(p.subarray(0, take), at);
    at += take;
  }
  return out;
}

/** Bytes `from` to `to` of parts holding `total` bytes in all; found from the end (follow mode reads the newest). */
export function bytesBetween(
  parts: readonly Uint8Array[],
  total: number,
  from: number,
  to: number,
): Uint8Array {
  const picked: Uint8Array[] = [];
  let end = total;
  for (let i = parts.length - 1; i >= 0 && end > from; i--) {
    const part = parts[i] as Uint8Array;
    const start = end - part.length;
    if (start < to) picked.push(part.subarray(Math.max(0, from - start), Math.min(part.length, to - start)));
    end = start;
  }
  return concat(picked.reverse(), Infinity);
}

/** The end of the last complete line in parts holding `total` bytes (`total` when none is complete), found from the end. */
export function completeLinesEnd(parts: readonly Uint8Array[], total: number): number {
  let end = total;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i] as Uint8Array;
    const nl = part.lastIndexOf(10);
    if (nl >= 0) return end - part.length + nl + 1;
    end -= part.length;
  }
  return total;
}

/** The text is one JSON object (a first record whose newline is not written yet). */
export function isWholeRecord(text: string): boolean {
  try {
    return isObject(JSON.parse(text.replace(/^\uFEFF/, '')));
  } catch {
    return false;
  }
}
