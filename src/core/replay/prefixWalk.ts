/**
 * PrefixWalk: a running state over a log's events (a few numbers: a playback
 * offset, a compressed-time position...) answered at any seq without keeping
 * one value per event.
 *
 * The state after seq s is the result of applying `step` to seqs 0..s in
 * order. The walk keeps a copy of the state every `every` events ("knots";
 * `every` is chosen so there are at most `maxKnots`, default 4096), so:
 *   - build: one pass over the events, O(n) `step` calls;
 *   - `stateAt(seq)`: copy the knot at or before seq and step forward,
 *     O(every) (about 250 steps at 1M events); a cursor remembers the last
 *     answer, so ascending queries (ticks, playback) cost the distance between
 *     them instead;
 *   - `lastAtOrBelow(value, target)`: binary search over the knots, then a
 *     walk of at most `every` steps.
 * Every answer replays exactly the operations of the build from a knot, so
 * values are bit-identical however they are reached: a value that is
 * non-decreasing in seq stays so under every query, which keeps the
 * mappings built on it monotone and consistent with their inverses.
 */
import { formatSeq } from '../view/seqText';

export type StepFn = (state: Float64Array, seq: number) => void;

export interface PrefixWalkOptions {
  /** Upper bound on stored knots (default 4096). */
  maxKnots?: number;
  /** Called after each step of the build pass only (not on later walks). */
  observe?: (state: Float64Array, seq: number) => void;
}

export class PrefixWalk {
  /** Events between knots. */
  readonly every: number;
  private readonly knots: Float64Array;
  private readonly knotCount: number;
  private readonly cursor: Float64Array;
  private readonly probe: Float64Array;
  /** `cursor` holds the state after this seq (-1: none). */
  private cursorSeq = -1;

  constructor(
    /** Events covered: seqs 0..count-1. */
    readonly count: number,
    /** Numbers in the state. */
    readonly width: number,
    private readonly step: StepFn,
    options: PrefixWalkOptions = {},
  ) {
    const maxKnots = Math.max(1, Math.floor(options.maxKnots ?? 4096));
    this.every = Math.max(1, Math.ceil(count / maxKnots));
    this.knotCount = count === 0 ? 0 : Math.floor((count - 1) / this.every) + 1;
    this.knots = new Float64Array(this.knotCount * width);
    this.cursor = new Float64Array(width);
    this.probe = new Float64Array(width);
    const st = new Float64Array(width);
    const observe = options.observe;
    for (let s = 0; s < count; s++) {
      step(st, s);
      if (observe) observe(st, s);
      if (s % this.every === 0) this.knots.set(st, (s / this.every) * width);
    }
  }

  /** The state after seqs 0..seq (0 <= seq < count). A shared buffer: read it before the next call. */
  stateAt(seq: number): Float64Array {
    if (!(seq >= 0 && seq < this.count))
      throw new RangeError(`${formatSeq(seq)} is outside 0..${this.count - 1}`);
    const k = Math.floor(seq / this.every);
    const base = k * this.every;
    if (!(this.cursorSeq >= base && this.cursorSeq <= seq)) {
      this.cursor.set(this.knots.subarray(k * this.width, (k + 1) * this.width));
      this.cursorSeq = base;
    }
    for (let s = this.cursorSeq + 1; s <= seq; s++) this.step(this.cursor, s);
    this.cursorSeq = seq;
    return this.cursor;
  }

  /**
   * The largest seq whose `value(state)` is <= target, or -1 when even seq 0's
   * is above it. `value` must be non-decreasing in seq.
   */
  lastAtOrBelow(value: (state: Float64Array) => number, target: number): number {
    if (this.count === 0) return -1;
    const w = this.width;
    let lo = 0;
    let hi = this.knotCount - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (value(this.knots.subarray(mid * w, (mid + 1) * w)) <= target) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return -1;
    // Walk from knot k: the next knot's value is above target, so this stays in one block.
    this.cursor.set(this.knots.subarray(k * w, (k + 1) * w));
    let s = k * this.every;
    while (s + 1 < this.count) {
      this.probe.set(this.cursor);
      this.step(this.probe, s + 1);
      if (value(this.probe) > target) break;
      this.cursor.set(this.probe);
      s++;
    }
    this.cursorSeq = s;
    return s;
  }
}
