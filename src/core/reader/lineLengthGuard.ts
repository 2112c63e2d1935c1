/**
 * The line-length limit, applied to decoded bytes before they are stored: a line longer
 * than the limit is cut there and reading stops (readLimits.ts). It only tracks where the
 * last line ended, so it costs one native lastIndexOf per part; parts longer than the
 * limit (never with the default limits) are scanned line by line.
 */
export class LineLengthGuard {
  /** Store offset just after the last newline admitted. */
  private lineStart = 0;
  hit: { kind: 'line-length'; limit: number } | undefined;

  constructor(private readonly maxLineBytes: number) {}

  /** The part of `part` (to be stored at `offset`) that may be stored: all of it, or a prefix once a line is too long. */
  admit(part: Uint8Array, offset: number): Uint8Array {
    if (this.hit !== undefined) return part.subarray(0, 0);
    const max = this.maxLineBytes;
    if (!Number.isFinite(max)) return part;
    if (part.length > max) {
      // A long part may hold a long line anywhere: walk its lines.
      for (let from = 0; ;) {
        const nl = part.indexOf(10, from);
        const end = nl < 0 ? part.length : nl;
        const open = offset + from - this.lineStart; // bytes of this line before `from`
        if (open + end - from > max) return this.cut(part, from + (max - open));
        if (nl < 0) return part;
        this.lineStart = offset + nl + 1;
        from = nl + 1;
      }
    }
    const first = part.indexOf(10);
    const open = offset - this.lineStart;
    if (first < 0) return open + part.length > max ? this.cut(part, max - open) : part;
    if (open + first > max) return this.cut(part, max - open);
    // Every line after the first newline is shorter than the part, so within the limit.
    this.lineStart = offset + part.lastIndexOf(10) + 1;
    return part;
  }

  private cut(part: Uint8Array, keep: number): Uint8Array {
    this.hit = { kind: 'line-length', limit: this.maxLineBytes };
    return part.subarray(0, Math.max(0, keep));
  }
}
