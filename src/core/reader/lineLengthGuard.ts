/**
 * The line limits, applied to decoded bytes before they are stored (readLimits.ts): a line
 * longer than the line limit, or holding more objects and arrays than a line of that size
 * may, is cut there and reading stops. The second bound is JSON's memory amplification: `{}`
 * takes 3 bytes of text and ~80 bytes parsed, so a 126 MB line of them took 3.4 GB and killed
 * the worker (audit R5-9). Objects and arrays are counted only in a line past half the budget
 * (a line of B bytes holds at most B of them), found by hops of that size, so ordinary logs
 * cost a native lastIndexOf per hop and nothing more.
 */

import { formatBytes } from '../view/byteSize';

/** Bytes of the line limit per object or array a line may hold: 128 MiB allows 2M of them. */
export const BYTES_PER_CONTAINER = 64;

export interface LineLimitHit {
  kind: 'line-length';
  limit: number;
  /** Set when the line was refused for its objects and arrays, not its length: how many were counted. */
  containers?: number;
}

export class LineLengthGuard {
  /** Store offset just after the last newline admitted. */
  private lineStart = 0;
  /** Objects and arrays counted in the open line (only in its parts past `countFrom` bytes). */
  private containers = 0;
  private readonly countFrom: number;
  hit: LineLimitHit | undefined;

  constructor(
    private readonly maxLineBytes: number,
    options: {
      /** False for a JSON document read in parts (an Inspect AI .json): it is never parsed as one line. */
      structure?: boolean;
      /** Tests: the line length past which containers are counted (also half the budget). */
      countFrom?: number;
    } = {},
  ) {
    // a line may hold maxLineBytes / 64 containers, counted past its first countFrom bytes (so at
    // most twice that in all); never below 64 KiB: a short line cannot hold enough to matter, and
    // tests use tiny line limits
    this.countFrom =
      options.structure === false ? Infinity : (options.countFrom ?? lineContainerLimit(maxLineBytes));
  }

  /** The part of `part` (to be stored at `offset`) that may be stored: all of it, or a prefix once a line is over a limit. */
  admit(part: Uint8Array, offset: number): Uint8Array {
    if (this.hit !== undefined) return part.subarray(0, 0);
    const max = this.maxLineBytes;
    if (!Number.isFinite(max)) return part;
    const from = this.countFrom;
    // The open line's continuation: part[0, headEnd).
    const first = part.indexOf(10);
    const headEnd = first < 0 ? part.length : first;
    const open = offset - this.lineStart;
    if (open + headEnd > max) return this.cut(part, max - open);
    if (open + headEnd > from) {
      this.containers += countContainers(part, 0, headEnd);
      if (this.containers > from) return this.cutStructure(part, 0);
    }
    if (first < 0) return part;
    this.containers = 0;
    // The lines after the first newline: hop `hop` bytes at a time to find one longer than that.
    const hop = Math.min(from, max);
    let q = first + 1;
    while (part.length - q > hop) {
      const nl = part.lastIndexOf(10, q + hop);
      if (nl >= q) {
        q = nl + 1;
        continue;
      }
      const next = part.indexOf(10, q);
      const end = next < 0 ? part.length : next;
      if (end - q > max) {
        this.lineStart = offset + q;
        return this.cut(part, q + max);
      }
      this.containers = end - q > from ? countContainers(part, q, end) : 0;
      if (this.containers > from) return this.cutStructure(part, q);
      if (next < 0) break; // an open line, counted so far
      this.containers = 0;
      q = next + 1;
    }
    this.lineStart = offset + part.lastIndexOf(10) + 1;
    return part;
  }

  private cut(part: Uint8Array, keep: number): Uint8Array {
    this.hit = { kind: 'line-length', limit: this.maxLineBytes };
    return part.subarray(0, Math.max(0, keep));
  }

  /** Refuses the line starting at `lineStartInPart` (0 when it began in an earlier part) for its structure. */
  private cutStructure(part: Uint8Array, lineStartInPart: number): Uint8Array {
    this.hit = { kind: 'line-length', limit: this.maxLineBytes, containers: this.containers };
    return part.subarray(0, lineStartInPart);
  }
}

/**
 * `{` and `[` bytes in bytes[from, to) (inside strings too: an upper bound of what JSON.parse
 * builds), counted up to `stopPast` (the count returned is then just past it).
 */
export function countContainers(bytes: Uint8Array, from: number, to: number, stopPast = Infinity): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    if ((b === 123 || b === 91) && ++n > stopPast) return n;
  }
  return n;
}

/**
 * Objects and arrays one part of a JSON document (a member, a sample, a zip member) may hold
 * before it is parsed: what a line may hold in all (twice what it may hold past its first part),
 * so a document read in parts is bounded like a log read in lines (audit R6-5, R6-6).
 */
export function partContainerLimit(maxLineBytes: number): number {
  return 2 * lineContainerLimit(maxLineBytes);
}

/**
 * The `{` and `[` bytes (inside strings too) a line longer than this many bytes may hold: the
 * guard's own bound, which a JSON array's element meets before it becomes a line (audit R14-L3).
 */
export function lineContainerLimit(maxLineBytes: number): number {
  if (!Number.isFinite(maxLineBytes)) return Infinity;
  return Math.max(64 * 1024, Math.floor(maxLineBytes / BYTES_PER_CONTAINER));
}

/** The note for a part (a JSON array's element) refused for the line limit: longer than a line may be. */
export function refusedLongPartMessage(what: string, maxLineBytes: number): string {
  return `${what} is longer than ${formatBytes(maxLineBytes)}, the line limit: it was left out, and the rest is loaded.`;
}

/** The note for a part refused by partContainerLimit (`withOthers`: only with the parts parsed before it). */
export function refusedPartMessage(what: string, limit: number, withOthers = false): string {
  const holds = withOthers
    ? `with the parts read before it, holds more than ${limit.toLocaleString('en-US')} objects and arrays`
    : `holds more than ${limit.toLocaleString('en-US')} objects and arrays`;
  return `${what} ${holds}, too many to parse safely (parsed, each takes some 80 bytes of memory against a few bytes of text): it was left out, and the rest is loaded.`;
}
