/**
 * The scrubber's seq <-> x mapping on the main thread, from the worker's
 * downsampled knots (ReplayAxisView): exact on the seq axis and for logs
 * small enough to send every event; between knots of a big log's wall-clock
 * axis, linear in seq (knots are a few thousand, finer than the bar's pixels,
 * and every compressed gap's two ends are knots, so gaps stay sharp).
 *
 * Pure: unit-tested.
 */
import type { ReplayAxisView } from '../../worker/protocol';

export type AxisMap = Pick<ReplayAxisView, 'axis' | 'eventCount' | 'knotSeqs' | 'knotXs'>;

function clampSeq(n: number, seq: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(seq)));
}

/** The last index i with a[i] <= v (-1 when none); `a` ascending. */
export function lastAtOrBelow(a: ArrayLike<number>, v: number, stride = 1, offset = 0): number {
  let lo = 0;
  let hi = Math.floor((a.length - offset + stride - 1) / stride) - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid * stride + offset] as number) <= v) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Where seq is drawn, in [0, 1]. */
export function xOfSeq(m: AxisMap, seq: number): number {
  const n = m.eventCount;
  if (n === 0) return 0;
  const s = clampSeq(n, seq);
  if (m.axis === 'seq' || m.knotSeqs.length === 0) return (s + 0.5) / n;
  const i = lastAtOrBelow(m.knotSeqs, s);
  if (i < 0) return m.knotXs[0] as number;
  const s0 = m.knotSeqs[i] as number;
  const x0 = m.knotXs[i] as number;
  if (s0 === s || i + 1 >= m.knotSeqs.length) return x0;
  const s1 = m.knotSeqs[i + 1] as number;
  const x1 = m.knotXs[i + 1] as number;
  return x0 + ((s - s0) / (s1 - s0)) * (x1 - x0);
}

/** The seq at x: the event's cell on the seq axis, the last event at or before x on the wall-clock axis. */
export function seqAtX(m: AxisMap, x: number): number {
  const n = m.eventCount;
  if (n === 0) return 0;
  const cx = Math.min(1, Math.max(0, Number.isFinite(x) ? x : 0));
  if (m.axis === 'seq' || m.knotSeqs.length === 0) return clampSeq(n, cx * n);
  const i = lastAtOrBelow(m.knotXs, cx + 1e-12);
  if (i < 0) return m.knotSeqs[0] as number;
  const s0 = m.knotSeqs[i] as number;
  if (i + 1 >= m.knotSeqs.length) return s0;
  const s1 = m.knotSeqs[i + 1] as number;
  const x0 = m.knotXs[i] as number;
  const x1 = m.knotXs[i + 1] as number;
  if (!(x1 > x0)) return s0;
  const s = s0 + Math.floor(((cx - x0) / (x1 - x0)) * (s1 - s0));
  return Math.min(s1 - 1, Math.max(s0, s));
}

/** Index of the band (stride-2 [start, last] pairs, ascending) containing seq, or -1. */
export function bandAt(seqs: ArrayLike<number>, seq: number): number {
  const i = lastAtOrBelow(seqs, seq, 2, 0);
  if (i < 0) return -1;
  return seq <= (seqs[2 * i + 1] as number) ? i : -1;
}
