/**
 * How long a gzip member header is (RFC 1952 2.3), read across two pieces of
 * input without joining them: decompress.ts bounds an unfinished header by
 * its own bytes, not by the members and data that follow it.
 */

/**
 * The gzip member header at the start of `a` (continued in `b`): its length
 * when complete, else at least as many bytes as it has so far; it stops
 * reading a file name or comment past `limit`.
 */
export function gzipHeaderLength(a: Uint8Array, b: Uint8Array, limit: number): number {
  const n = a.length + b.length;
  const at = (i: number) => (i < a.length ? a[i] : b[i - a.length]) as number;
  if (n < 10) return n;
  const flags = at(3);
  let end = 10;
  if (flags & 0x04) end = n < 12 ? n : 12 + (at(10) | (at(11) << 8)); // FEXTRA: XLEN, then XLEN bytes
  for (const field of [0x08, 0x10]) {
    // FNAME, FCOMMENT: zero-terminated
    if (!(flags & field)) continue;
    while (end < n && end <= limit && at(end) !== 0) end++;
    if (end >= n || end > limit) return end;
    end++;
  }
  return flags & 0x02 ? end + 2 : end; // FHCRC
}
