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

export type SpanKind = 'turn' | 'step' | 'chunks';

/** A collapsible range of seqs: [start, end], both inclusive; `start` is its header row. */
export interface Span {
  kind: SpanKind;
  start: number;
  end: number;
}

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
    const sorted =
      spans.length > 1 && !isSortedByStart(spans) ? [...spans].sort((a, b) => a.start - b.start) : spans;
    const row0: number[] = [];
    const seq0: number[] = [];
    const len: number[] = [];
    const cover: number[] = [];
    let rows = 0;
    let cursor = 0;
    const emit = (from: number, to: number, coverTo: number) => {
      if (to < from) return;
      row0.push(rows);
      seq0.push(from);
      len.push(to - from + 1);
      cover.push(coverTo);
      rows += to - from + 1;
    };
    for (const span of sorted) {
      if (span.start < cursor || span.start >= eventCount) continue; // hidden under a collapsed parent, or not loaded yet
      const end = Math.min(span.end < 0 ? eventCount - 1 : span.end, eventCount - 1);
      if (end <= span.start || !isCollapsed(span)) continue;
      emit(cursor, span.start, end);
      cursor = end + 1;
    }
    if (cursor < eventCount) emit(cursor, eventCount - 1, eventCount - 1);
    return new RunRows(
      Int32Array.from(row0),
      Int32Array.from(seq0),
      Int32Array.from(len),
      Int32Array.from(cover),
      row0.length,
    );
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
    return this.runs.length + (this.runStart >= 0 && this.last - this.runStart + 1 >= this.minLength ? 1 : 0);
  }

  /** Runs including the one still open at the tail (without closing it). */
  all(): Span[] {
    if (this.runStart >= 0 && this.last - this.runStart + 1 >= this.minLength) {
      return [...this.runs, { kind: 'chunks', start: this.runStart, end: this.last }];
    }
    return this.runs;
  }

  /** The run that contains seq, if any (O(log runs)). */
  runAt(seq: number): Span | undefined {
    if (this.runStart >= 0 && seq >= this.runStart) {
      return seq <= this.last && this.last - this.runStart + 1 >= this.minLength
        ? { kind: 'chunks', start: this.runStart, end: this.last }
        : undefined;
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
