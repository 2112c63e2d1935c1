/** The bytes of a foreign log before it is imported: the sniffed head of compressed input, and joining parts. */
import { createDecompressor } from '../reader/decompress';

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
