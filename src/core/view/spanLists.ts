/**
 * Lists of collapsible spans sorted by their start (turns, steps, chunk
 * runs): the lookups the timeline's fold needs without walking every span.
 */
export type SpanKind = 'turn' | 'step' | 'chunks';

/** A collapsible range of seqs: [start, end], both inclusive; `start` is its header row. */
export interface Span {
  kind: SpanKind;
  start: number;
  end: number;
}

/** A span's last seq among the loaded events (an open span, end -1, reaches the last one). */
export function clippedEnd(span: Span, eventCount: number): number {
  return Math.min(span.end < 0 ? eventCount - 1 : span.end, eventCount - 1);
}

/** The spans of a list sorted by start that start in [from, to] (O(log n + found)). */
export function spansStartingIn(sorted: readonly Span[], from: number, to: number): Span[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as Span).start < from) lo = mid + 1;
    else hi = mid;
  }
  const out: Span[] = [];
  for (let i = lo; i < sorted.length && (sorted[i] as Span).start <= to; i++) out.push(sorted[i] as Span);
  return out;
}

/** Sorted merge of span lists that are each sorted by start. */
export function mergeByStart(...lists: Span[][]): Span[] {
  const out: Span[] = [];
  const idx = lists.map(() => 0);
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const s = (lists[i] as Span[])[idx[i] as number];
      if (s && (best < 0 || s.start < ((lists[best] as Span[])[idx[best] as number] as Span).start)) best = i;
    }
    if (best < 0) return out;
    out.push((lists[best] as Span[])[idx[best] as number] as Span);
    idx[best] = (idx[best] as number) + 1;
  }
}
