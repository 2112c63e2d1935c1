/**
 * The scrubber's axis model: where a seq sits on
 * the bar (x in [0, 1]) and which seq a point of the bar means, on two axes:
 *
 *   - seq axis: event s is the cell [s/n, (s+1)/n); `xOf` is its centre and
 *     `seqAt(x)` the cell under x, so `seqAt(xOf(s)) === s`.
 *   - wall-clock axis: event s is a point at its (compressed) time; `seqAt(x)`
 *     is the last event at or before x (what was showing then). Gaps between
 *     consecutive timed events longer than `gapThresholdMs` are compressed
 *     (default: over 2 s or over 5 % of the log's time span, whichever is
 *     longer, so idle time never dominates the bar; playback skips idle
 *     gaps over 2 s too) to a fixed width (`gapFraction` of the bar each, default 2 %,
 *     all together at most `maxGapShare`, default 25 %) and listed as
 *     markers ("gap of 3 min 12 s"). Events without a time sit at the
 *     previous timed event's position; a time going backwards adds nothing,
 *     so the mapping stays monotone.
 *
 * The wall-clock axis is a PrefixWalk over the time column (at most 4096
 * knots): building it is one O(n) pass of column reads; `xOf` / `seqAt` cost
 * O(log knots + n / knots), ascending `xOf` calls (ticks) the distance
 * between them. Both axes snapshot `eventCount`: rebuild when it grows.
 */
import { PrefixWalk } from './prefixWalk';
import type { TimeColumn } from './pacing';
import type { Severity } from '../types';
import { worstSeverity } from '../view/diagIndex';
import { formatDuration } from '../view/duration';

export interface GapMarker {
  /** The event before the gap, and the one after it. */
  beforeSeq: number;
  seq: number;
  /** The recorded gap. */
  ms: number;
  /** Where the compressed gap is drawn. */
  x0: number;
  x1: number;
  /** "gap of 3 min 12 s". */
  label: string;
}

export interface Axis {
  readonly kind: 'seq' | 'time';
  readonly eventCount: number;
  /** Where seq is drawn, in [0, 1] (non-decreasing in seq). */
  xOf(seq: number): number;
  /** The seq at x (non-decreasing in x, clamped to the log). */
  seqAt(x: number): number;
  /** The extent of the events startSeq..lastSeq. */
  span(startSeq: number, lastSeq: number): [number, number];
  /** Compressed gaps (wall-clock axis only). */
  readonly markers: readonly GapMarker[];
}

function clamp01(x: number): number {
  return x > 0 ? (x < 1 ? x : 1) : 0;
}

/** The linear seq axis. */
export function seqAxis(eventCount: number): Axis {
  const n = Math.max(0, Math.floor(eventCount));
  const clampSeq = (s: number) => Math.min(n - 1, Math.max(0, Math.floor(s)));
  return {
    kind: 'seq',
    eventCount: n,
    markers: [],
    xOf: (seq) => (n === 0 ? 0 : (clampSeq(seq) + 0.5) / n),
    seqAt: (x) => (n === 0 ? 0 : clampSeq(clamp01(x) * n)),
    span: (a, b) => (n === 0 ? [0, 0] : [clampSeq(a) / n, (clampSeq(b) + 1) / n]),
  };
}

export interface TimeAxisOptions {
  /** Gaps longer than this are compressed (default: defaultGapThreshold of the log's span). */
  gapThresholdMs?: number;
  /** Width of one compressed gap, as a share of the bar (default 0.02). */
  gapFraction?: number;
  /** Upper bound on the share of all compressed gaps together (default 0.25). */
  maxGapShare?: number;
  maxKnots?: number;
}

/** A gap shorter than this is never compressed by default (playback skips idle gaps over 2 s too). */
export const MIN_GAP_MS = 2000;
/** By default a gap is compressed when it is longer than this share of the log's time span too. */
export const GAP_SPAN_SHARE = 0.05;

/** The default gap threshold for a log whose times span `spanMs`: 2 s or 5 % of the span, whichever is longer. */
export function defaultGapThreshold(spanMs: number): number {
  return Math.max(MIN_GAP_MS, Number.isFinite(spanMs) ? spanMs * GAP_SPAN_SHARE : 0);
}

/** Time of the last timed event minus that of the first (0 when fewer than two have a time). */
function timeSpan(log: TimeColumn): number {
  const n = log.eventCount;
  let first: number | undefined;
  let last: number | undefined;
  for (let s = 0; s < n && first === undefined; s++) first = log.timeOf(s);
  for (let s = n - 1; s >= 0 && last === undefined; s--) last = log.timeOf(s);
  return first === undefined || last === undefined ? 0 : last - first;
}

/**
 * The wall-clock axis, or null when the log's times span nothing (no times,
 * or all equal): use the seq axis then.
 */
export function timeAxis(log: TimeColumn, options: TimeAxisOptions = {}): Axis | null {
  const n = log.eventCount;
  const threshold = options.gapThresholdMs ?? defaultGapThreshold(timeSpan(log));
  // State: [active ms (gaps under the threshold), compressed gaps, last time (NaN: none yet)].
  const step = (st: Float64Array, s: number) => {
    if (s === 0) st[2] = NaN;
    const t = log.timeOf(s);
    if (t === undefined) return;
    const last = st[2] as number;
    st[2] = t;
    if (Number.isNaN(last)) return;
    const d = t - last;
    if (d > threshold) st[1] = (st[1] as number) + 1;
    else if (d > 0) st[0] = (st[0] as number) + d;
  };
  const gaps: { beforeSeq: number; seq: number; ms: number }[] = [];
  let lastTimed = -1;
  let lastCount = 0;
  const walk = new PrefixWalk(n, 3, step, {
    maxKnots: options.maxKnots,
    observe: (st, s) => {
      if (st[1] !== lastCount) {
        gaps.push({ beforeSeq: lastTimed, seq: s, ms: gapMs(log, lastTimed, s) });
        lastCount = st[1] as number;
      }
      if (log.timeOf(s) !== undefined) lastTimed = s;
    },
  });
  if (n === 0) return null;
  const end = walk.stateAt(n - 1);
  const active = end[0] as number;
  const count = end[1] as number;
  // Each compressed gap is `f` of the bar: w / (active + count * w) = f.
  const f = count > 0 ? Math.min(options.gapFraction ?? 0.02, (options.maxGapShare ?? 0.25) / count) : 0;
  const w = count === 0 ? 0 : active > 0 ? (f * active) / (1 - count * f) : 1;
  const total = active + count * w;
  if (!(total > 0)) return null;
  const value = (st: Float64Array) => ((st[0] as number) + (st[1] as number) * w) / total;
  const clampSeq = (s: number) => Math.min(n - 1, Math.max(0, Math.floor(s)));
  const xOf = (seq: number) => clamp01(value(walk.stateAt(clampSeq(seq))));
  const markers: GapMarker[] = gaps.map((g) => {
    const x1 = xOf(g.seq);
    return { ...g, x0: x1 - w / total, x1, label: `gap of ${formatDuration(g.ms)}` };
  });
  return {
    kind: 'time',
    eventCount: n,
    markers,
    xOf,
    // A hair of slack so that seqAt(xOf(s)) never lands before s through rounding.
    seqAt: (x) => Math.max(0, walk.lastAtOrBelow(value, clamp01(x) + 1e-12)),
    span: (a, b) => [xOf(a), xOf(b)],
  };
}

function gapMs(log: TimeColumn, a: number, b: number): number {
  const ta = a >= 0 ? log.timeOf(a) : undefined;
  const tb = log.timeOf(b);
  return ta === undefined || tb === undefined ? 0 : tb - ta;
}

// ---------------------------------------------------------------- ticks

export interface TickBucket {
  /** Pixel column, 0 <= px < widthPx. */
  px: number;
  /** Ticks merged into it. */
  count: number;
  /** Smallest and largest seq among them (click target, tooltip). */
  firstSeq: number;
  lastSeq: number;
  /** With per-tick severities: the worst in the column. */
  severity?: Severity;
}

/**
 * Ticks (diagnostics, search hits, stalls) merged per pixel column of a bar
 * `widthPx` wide: at most `ceil(widthPx)` buckets, ascending by px. Sorted
 * input is fastest (the wall-clock axis then walks the log once).
 */
export function bucketTicks(
  axis: Pick<Axis, 'eventCount' | 'xOf'>,
  seqs: ArrayLike<number>,
  widthPx: number,
  severities?: ArrayLike<Severity>,
): TickBucket[] {
  const width = Math.max(1, Math.ceil(widthPx));
  const byPx = new Map<number, TickBucket>();
  for (let i = 0; i < seqs.length; i++) {
    const seq = seqs[i] as number;
    if (!Number.isFinite(seq) || seq < 0 || seq >= axis.eventCount) continue;
    const px = Math.min(width - 1, Math.floor(axis.xOf(seq) * width));
    const severity = severities?.[i];
    const b = byPx.get(px);
    if (!b) {
      const tick: TickBucket = { px, count: 1, firstSeq: seq, lastSeq: seq };
      if (severity !== undefined) tick.severity = severity;
      byPx.set(px, tick);
    } else {
      b.count++;
      if (seq < b.firstSeq) b.firstSeq = seq;
      if (seq > b.lastSeq) b.lastSeq = seq;
      if (severity !== undefined) b.severity = worstSeverity(b.severity, severity);
    }
  }
  return [...byPx.values()].sort((a, b) => a.px - b.px);
}
