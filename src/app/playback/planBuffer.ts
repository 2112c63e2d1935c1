/**
 * The player's view of the time to come: playback windows from the worker
 * (gaps at 1x, skipped idle gaps, delta lengths, problem flags for events
 * [from, from + n)) stitched into one cumulative clock, so that the position
 * to show at any playhead is a binary search (drift-free: the player derives
 * the playhead from a fixed origin and wall time, never by adding timeouts).
 *
 * Offsets are at 1x, in ms from the buffer's start seq (`startSeq`, offset
 * 0). Events already played can be dropped (`trimBefore`), so a long
 * playback keeps a few thousand events here, never the log.
 *
 * Pure: no DOM, no store; unit-tested.
 */
import { revealCount } from '../../core/replay/pacing';
import type { PlaybackWindow } from '../../worker/protocol';

export interface PlayPosition {
  seq: number;
  /** Code points of the delta at seq shown so far; absent when all of it is. */
  chunk?: number;
}

export class PlanBuffer {
  /** The seq playback started from (offset 0). */
  readonly startSeq: number;
  /** First seq held (after trimming). */
  private origin: number;
  private len = 0;
  private cum = new Float64Array(0);
  private skipped = new Float64Array(0);
  private delta = new Uint32Array(0);
  private problem = new Uint8Array(0);
  /** Events in the log when the last window was fetched. */
  eventCount = 0;

  constructor(startSeq: number) {
    this.startSeq = startSeq;
    this.origin = startSeq;
  }

  /** The first seq held. */
  get first(): number {
    return this.origin;
  }

  /** One past the last seq held. */
  get end(): number {
    return this.origin + this.len;
  }

  /** True when the buffer reaches the last event of the log. */
  get complete(): boolean {
    return this.len > 0 && this.end >= this.eventCount;
  }

  /** Appends the window that starts at `end` (a window starting elsewhere is ignored: false). */
  append(w: PlaybackWindow): boolean {
    if (w.from !== this.end) return false;
    this.eventCount = w.eventCount;
    const n = w.playMs.length;
    if (n === 0) return true;
    this.reserve(this.len + n);
    let acc = this.len === 0 ? 0 : (this.cum[this.len - 1] as number);
    for (let i = 0; i < n; i++) {
      const k = this.len + i;
      // The first event of the whole buffer is where playback starts: offset 0.
      acc = k === 0 ? 0 : acc + (w.playMs[i] as number);
      this.cum[k] = acc;
      this.skipped[k] = w.skippedMs[i] as number;
      this.delta[k] = w.deltaLength[i] as number;
      this.problem[k] = w.problem[i] as number;
    }
    this.len += n;
    return true;
  }

  private reserve(size: number): void {
    if (size <= this.cum.length) return;
    const cap = Math.max(size, this.cum.length * 2, 1024);
    const grow = <T extends Float64Array | Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a.subarray(0, this.len));
      return b;
    };
    this.cum = grow(this.cum, (n) => new Float64Array(n));
    this.skipped = grow(this.skipped, (n) => new Float64Array(n));
    this.delta = grow(this.delta, (n) => new Uint32Array(n));
    this.problem = grow(this.problem, (n) => new Uint8Array(n));
  }

  /** Drops events before seq (keeps seq itself). */
  trimBefore(seq: number): void {
    const k = Math.min(this.len, Math.max(0, seq - this.origin));
    if (k === 0) return;
    this.cum.copyWithin(0, k, this.len);
    this.skipped.copyWithin(0, k, this.len);
    this.delta.copyWithin(0, k, this.len);
    this.problem.copyWithin(0, k, this.len);
    this.len -= k;
    this.origin += k;
  }

  has(seq: number): boolean {
    return seq >= this.origin && seq < this.end;
  }

  /** Offset (1x ms from startSeq) at which seq is due; seq must be held. */
  offsetOf(seq: number): number {
    return this.cum[seq - this.origin] as number;
  }

  /** Offset of the last held event. */
  get lastOffset(): number {
    return this.len === 0 ? 0 : (this.cum[this.len - 1] as number);
  }

  deltaLength(seq: number): number {
    return this.has(seq) ? (this.delta[seq - this.origin] as number) : 0;
  }

  /** The last held seq due at offset p (the first held seq when p is before it). */
  seqAt(p: number): number {
    let lo = 0;
    let hi = this.len - 1;
    if (hi < 0) return this.origin;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.cum[mid] as number) <= p) lo = mid;
      else hi = mid - 1;
    }
    return this.origin + lo;
  }

  /**
   * What to show at playhead p: the event due, and inside a delta whose next
   * event is held, how many of its code points (`reveal` false: all of it).
   */
  positionAt(p: number, reveal: boolean): PlayPosition {
    const seq = this.seqAt(p);
    if (!reveal) return { seq };
    const i = seq - this.origin;
    const length = this.delta[i] as number;
    if (length <= 1 || i + 1 >= this.len) return { seq };
    const t0 = this.cum[i] as number;
    const k = revealCount(length, p - t0, (this.cum[i + 1] as number) - t0);
    return k < length ? { seq, chunk: k } : { seq };
  }

  /** Offset of a position (inside a delta: proportionally between it and the next event). */
  offsetOfPosition(pos: PlayPosition): number {
    if (!this.has(pos.seq)) return 0;
    const i = pos.seq - this.origin;
    const t0 = this.cum[i] as number;
    const length = this.delta[i] as number;
    if (pos.chunk === undefined || length <= 1 || i + 1 >= this.len) return t0;
    const span = (this.cum[i + 1] as number) - t0;
    // revealCount shows k code points from (k - 1) / length of the span.
    return t0 + (span * Math.max(0, pos.chunk - 1)) / length;
  }

  /** The first seq in (after, upTo] flagged as a problem, or null. */
  firstProblem(after: number, upTo: number): number | null {
    const from = Math.max(this.origin, after + 1);
    const to = Math.min(this.end - 1, upTo);
    for (let s = from; s <= to; s++) if (this.problem[s - this.origin]) return s;
    return null;
  }

  /** Recorded idle ms skipped in (after, upTo]. */
  skippedBetween(after: number, upTo: number): number {
    const from = Math.max(this.origin, after + 1);
    const to = Math.min(this.end - 1, upTo);
    let sum = 0;
    for (let s = from; s <= to; s++) sum += this.skipped[s - this.origin] as number;
    return sum;
  }
}
