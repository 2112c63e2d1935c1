/**
 * The timeline's visible-row model (engine.md, "The timeline's rows").
 *
 * Every row is one event (its seq). A row may also stand for a collapsed
 * range after it: a collapsed turn or step is its `turn/start` / `step/start`
 * row covering everything to its end event; a collapsed run of chunks is its
 * first chunk's row covering the rest of the run. So the rows are a sorted
 * list of runs of consecutive visible seqs, and the mapping row <-> seq is a
 * binary search over runs: O(log runs), whatever the event count.
 *
 * Building costs O(spans), not O(events), so expanding a turn in a 1M-event
 * log is cheap. Filtered views (type / errors / text) are a sorted list of
 * matching seqs instead, one row each.
 */
import { upperBound } from '../log/growable';
import { clippedEnd, spansStartingIn, type Span } from './spanLists';

export type { Span, SpanKind } from './spanLists';

export interface RowMap {
  readonly rowCount: number;
  /** The seq shown on a row (0 <= row < rowCount). */
  seqAt(row: number): number;
  /** The last seq the row stands for: itself, or the end of the range collapsed under it. */
  coverEnd(row: number): number;
  /** The row showing seq, or the collapsed row covering it; in a filtered view, the nearest match at or before it. -1 if none. */
  rowOf(seq: number): number;
  /** True when `seq` has a row of its own (not hidden under a collapsed row, not filtered out). */
  isVisible(seq: number): boolean;
}

/** Runs of consecutive visible seqs; each run's last row may cover a hidden range. */
export class RunRows implements RowMap {
  readonly rowCount: number;

  private constructor(
    private readonly row0: Int32Array,
    private readonly seq0: Int32Array,
    private readonly len: Int32Array,
    /** The last seq covered by each run (= its last visible seq when nothing is collapsed under it). */
    private readonly cover: Int32Array,
    private readonly runs: number,
  ) {
    this.rowCount = runs === 0 ? 0 : (row0[runs - 1] as number) + (len[runs - 1] as number);
  }

  /**
   * @param spans every collapsible span, in any order; they must nest (a span
   *   that overlaps its parent's end is clipped to it, so a malformed log
   *   cannot break the model).
   * @param isCollapsed whether a span is currently collapsed.
   */
  static build(eventCount: number, spans: readonly Span[], isCollapsed: (span: Span) => boolean): RunRows {
    const runs = foldRuns(0, eventCount - 1, eventCount, spans, isCollapsed);
    return new RunRows(
      rowStarts(runs.len),
      Int32Array.from(runs.seq0),
      Int32Array.from(runs.len),
      Int32Array.from(runs.cover),
      runs.seq0.length,
    );
  }

  /** How many runs the rows are made of (a fold adds one; see spliceRange). */
  get runCount(): number {
    return this.runs;
  }

  /**
   * The same rows after the fold state changed only inside [from, to] (a span
   * whose header row is visible was toggled, or a reveal expanded the spans
   * around a seq): the runs covering that range are folded again from its
   * spans and the others are copied, so opening one chunk run of a
   * 12M-event log costs the spans inside it plus a copy of the run arrays,
   * not a build over a million spans (~120 ms, in the worker a seek waits on).
   * The result equals `build` over every span with the new fold state.
   *
   * @param spans every span starting in [from, to] (any order).
   * @returns null when the range cannot be spliced (these rows were built for
   *   another event count, `from` is hidden, or a span in the range runs past
   *   `to`: a malformed log): build everything instead.
   */
  spliceRange(
    eventCount: number,
    from: number,
    to: number,
    spans: readonly Span[],
    isCollapsed: (span: Span) => boolean,
  ): RunRows | null {
    const n = this.runs;
    if (n === 0 || this.cover[n - 1] !== eventCount - 1 || from < 0 || to < from || to >= eventCount)
      return null;
    if (!this.isVisible(from)) return null;
    for (const span of spans) if (clippedEnd(span, eventCount) > to) return null;
    const first = this.runOfSeq(from);
    const last = this.runOfSeq(to);
    const lastVisible = (r: number) => (this.seq0[r] as number) + (this.len[r] as number) - 1;
    const lastCover = this.cover[last] as number;
    // A collapsed span that starts inside the range and ends after it: not nested.
    if (lastCover > to && lastVisible(last) <= to) return null;

    const mid: Runs = { seq0: [], len: [], cover: [] };
    const firstSeq = this.seq0[first] as number;
    if (firstSeq < from) pushRun(mid, firstSeq, from - 1, from - 1);
    const inside = foldRuns(from, to, eventCount, spans, isCollapsed);
    for (let i = 0; i < inside.seq0.length; i++)
      pushRun(
        mid,
        inside.seq0[i] as number,
        (inside.seq0[i] as number) + (inside.len[i] as number) - 1,
        inside.cover[i] as number,
      );
    if (lastVisible(last) > to) pushRun(mid, to + 1, lastVisible(last), lastCover);
    // The run after the range joins the last one when nothing is folded between them.
    const after = last + 1 < n ? last + 1 : -1;
    if (after >= 0) pushRun(mid, this.seq0[after] as number, lastVisible(after), this.cover[after] as number);
    const rest = after >= 0 ? after + 1 : n;
    const total = first + mid.seq0.length + (n - rest);
    const seq0 = new Int32Array(total);
    const len = new Int32Array(total);
    const cover = new Int32Array(total);
    seq0.set(this.seq0.subarray(0, first));
    len.set(this.len.subarray(0, first));
    cover.set(this.cover.subarray(0, first));
    seq0.set(mid.seq0, first);
    len.set(mid.len, first);
    cover.set(mid.cover, first);
    const tail = first + mid.seq0.length;
    seq0.set(this.seq0.subarray(rest, n), tail);
    len.set(this.len.subarray(rest, n), tail);
    cover.set(this.cover.subarray(rest, n), tail);
    const row0 = new Int32Array(total);
    row0.set(this.row0.subarray(0, first));
    for (let r = first; r < total; r++)
      row0[r] = r === 0 ? 0 : (row0[r - 1] as number) + (len[r - 1] as number);
    return new RunRows(row0, seq0, len, cover, total);
  }

  seqAt(row: number): number {
    const r = this.runOfRow(row);
    return (this.seq0[r] as number) + row - (this.row0[r] as number);
  }

  coverEnd(row: number): number {
    const r = this.runOfRow(row);
    const last = (this.row0[r] as number) + (this.len[r] as number) - 1;
    return row === last ? (this.cover[r] as number) : this.seqAt(row);
  }

  rowOf(seq: number): number {
    if (this.runs === 0 || seq < 0) return -1;
    const r = this.runOfSeq(seq);
    if (r < 0) return -1;
    const s0 = this.seq0[r] as number;
    const n = this.len[r] as number;
    if (seq > (this.cover[r] as number)) return -1;
    return (this.row0[r] as number) + Math.min(seq - s0, n - 1);
  }

  isVisible(seq: number): boolean {
    const r = this.runOfSeq(seq);
    return r >= 0 && seq < (this.seq0[r] as number) + (this.len[r] as number);
  }

  private runOfRow(row: number): number {
    return lastAtOrBefore(this.row0, this.runs, row);
  }

  private runOfSeq(seq: number): number {
    return lastAtOrBefore(this.seq0, this.runs, seq);
  }
}

/** A filtered view: one row per matching seq. */
export class MatchRows implements RowMap {
  readonly rowCount: number;

  constructor(private readonly matches: Int32Array) {
    this.rowCount = matches.length;
  }

  seqAt(row: number): number {
    return this.matches[row] as number;
  }

  coverEnd(row: number): number {
    return this.seqAt(row);
  }

  rowOf(seq: number): number {
    return lastAtOrBefore(this.matches, this.matches.length, seq);
  }

  isVisible(seq: number): boolean {
    const r = this.rowOf(seq);
    return r >= 0 && this.matches[r] === seq;
  }
}

/** Index of the last element of sorted a[0..n) that is <= x, or -1. */
export function lastAtOrBefore(a: ArrayLike<number>, n: number, x: number): number {
  return upperBound(a, n, x) - 1;
}

/** Runs as parallel lists: each run's first seq, its visible length, and the last seq it covers. */
interface Runs {
  seq0: number[];
  len: number[];
  cover: number[];
}

/**
 * The runs of [from, to] (a run ends at each collapsed span's header row and
 * covers the span): the fold itself, shared by `build` and `spliceRange`.
 */
function foldRuns(
  from: number,
  to: number,
  eventCount: number,
  spans: readonly Span[],
  isCollapsed: (span: Span) => boolean,
): Runs {
  const sorted =
    spans.length > 1 && !isSortedByStart(spans) ? [...spans].sort((a, b) => a.start - b.start) : spans;
  const runs: Runs = { seq0: [], len: [], cover: [] };
  let cursor = from;
  for (const span of sorted) {
    if (span.start < cursor || span.start > to) continue; // hidden under a collapsed parent, or not loaded yet
    const end = clippedEnd(span, eventCount);
    if (end <= span.start || !isCollapsed(span)) continue;
    pushRun(runs, cursor, span.start, end);
    cursor = end + 1;
  }
  if (cursor <= to) pushRun(runs, cursor, to, to);
  return runs;
}

/** Appends the run [from, to] covering up to `coverTo`, joined to the previous run when that one folds nothing and ends just before it. */
function pushRun(runs: Runs, from: number, to: number, coverTo: number): void {
  if (to < from) return;
  const last = runs.seq0.length - 1;
  if (last >= 0) {
    const prevEnd = (runs.seq0[last] as number) + (runs.len[last] as number) - 1;
    if (runs.cover[last] === prevEnd && prevEnd + 1 === from) {
      runs.len[last] = (runs.len[last] as number) + to - from + 1;
      runs.cover[last] = coverTo;
      return;
    }
  }
  runs.seq0.push(from);
  runs.len.push(to - from + 1);
  runs.cover.push(coverTo);
}

function rowStarts(len: readonly number[]): Int32Array {
  const row0 = new Int32Array(len.length);
  for (let r = 1; r < len.length; r++) row0[r] = (row0[r - 1] as number) + (len[r - 1] as number);
  return row0;
}

function isSortedByStart(spans: readonly Span[]): boolean {
  for (let i = 1; i < spans.length; i++)
    if ((spans[i] as Span).start < (spans[i - 1] as Span).start) return false;
  return true;
}

/**
 * Finds runs of consecutive chunk events as events arrive (O(1) per event),
 * so the timeline can fold "142 chunks, 1.8 s" into one row.
 */
export class ChunkRunTracker {
  readonly runs: Span[] = [];
  private runStart = -1;
  private last = -1;

  constructor(
    /** Runs shorter than this stay as ordinary rows. */
    private readonly minLength = 3,
  ) {}

  /** Feed every seq in order. */
  event(seq: number, isChunk: boolean): void {
    if (isChunk) {
      if (this.runStart < 0 || seq !== this.last + 1) this.close();
      if (this.runStart < 0) this.runStart = seq;
      this.last = seq;
      return;
    }
    this.close();
  }

  /** How many runs `all()` returns, without building its array. */
  get count(): number {
    return this.runs.length + (this.openRun() ? 1 : 0);
  }

  /** Runs including the one still open at the tail (without closing it). */
  all(): Span[] {
    const open = this.openRun();
    return open ? [...this.runs, open] : this.runs;
  }

  /** The run still open at the tail, once it is long enough to count. */
  private openRun(): Span | undefined {
    return this.runStart >= 0 && this.last - this.runStart + 1 >= this.minLength
      ? { kind: 'chunks', start: this.runStart, end: this.last }
      : undefined;
  }

  /** The run that contains seq, if any (O(log runs)). */
  runAt(seq: number): Span | undefined {
    if (this.runStart >= 0 && seq >= this.runStart) {
      const open = this.openRun();
      return open && seq <= open.end ? open : undefined;
    }
    let lo = 0;
    let hi = this.runs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.runs[mid] as Span).start <= seq) lo = mid + 1;
      else hi = mid;
    }
    const s = this.runs[lo - 1];
    return s && seq <= s.end ? s : undefined;
  }

  /** The runs that start in [from, to], in order (O(log runs + found)). */
  within(from: number, to: number): Span[] {
    const out = spansStartingIn(this.runs, from, to);
    // Not `all()`: that copies every run when one is open (a log that ends streaming).
    const open = this.openRun();
    if (open && open.start >= from && open.start <= to) out.push(open);
    return out;
  }

  private close(): void {
    if (this.runStart >= 0 && this.last - this.runStart + 1 >= this.minLength) {
      this.runs.push({ kind: 'chunks', start: this.runStart, end: this.last });
    }
    this.runStart = -1;
  }
}

/** The nesting depth of a seq for indentation: turn header 0, its events 1, step header 1, step events 2. */
export function depthOf(seq: number, turns: readonly Span[], steps: readonly Span[]): number {
  return (inside(seq, turns) ? 1 : 0) + (inside(seq, steps) ? 1 : 0);
}

/** Whether seq lies strictly after the start of one of the sorted, non-overlapping spans, up to its end. */
function inside(seq: number, spans: readonly Span[]): boolean {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid] as Span).start < seq) lo = mid + 1;
    else hi = mid;
  }
  const s = spans[lo - 1];
  return s !== undefined && (s.end < 0 || seq <= s.end);
}
