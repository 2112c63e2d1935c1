/**
 * The one rule for drawing a long list in part: a table of a log's names (tools, models), the
 * Types menu, the samples menu and a message's blocks each draw at most LIST_BOUND items at once
 * (a hostile log of 100,000 names made one of them a 102 s task). Pure: the views own their state.
 */
import type { NameIndex } from './nameIndex';

/** The most items such a list draws at once. */
export const LIST_BOUND = 200;

/**
 * The items whose name contains `query` (case-insensitive; all for an empty query) and at most
 * `max` of them: every match in its order when they fit, else the first `max` by `rank` (as a stable
 * sort would give them: ties keep their order), or the first `max` without one. With `index` (over
 * these items and names) the names are matched from it: the same matches, without lower-casing
 * every name on every key.
 */
export function boundedMatches<T>(
  items: readonly T[],
  name: (item: T) => string,
  query: string,
  rank?: (a: T, b: T) => number,
  max = LIST_BOUND,
  index?: NameIndex<T>,
): { rows: readonly T[]; matching: number } {
  const q = query.trim().toLowerCase();
  const matching =
    q === ''
      ? items
      : index && index.items === items
        ? index.matching(q)
        : items.filter((t) => name(t).toLowerCase().includes(q));
  if (matching.length <= max) return { rows: matching, matching: matching.length };
  return {
    rows: rank ? firstByRank(matching, rank, max) : matching.slice(0, max),
    matching: matching.length,
  };
}

/**
 * The first `max` items of a stable sort of `items` by `rank`, without sorting them all: a heap of
 * the best `max` seen so far, whose root (the worst of them) a better item replaces. Sorting
 * 100,000 type names to draw 200 of them was most of the Types menu's opening task (audit R12-L1);
 * this compares each item once with the root, and log(max) more times only when it is kept.
 */
export function firstByRank<T>(items: readonly T[], rank: (a: T, b: T) => number, max: number): T[] {
  const at = (i: number) => items[i] as T;
  /** Whether item i sorts after item j (ties: the later one). */
  const after = (i: number, j: number) => {
    const r = rank(at(i), at(j));
    return r > 0 || (r === 0 && i > j);
  };
  /** Indexes of the kept items, a max-heap by `after`: heap[0] is the worst kept. */
  const heap: number[] = [];
  const swap = (a: number, b: number) => {
    const t = heap[a] as number;
    heap[a] = heap[b] as number;
    heap[b] = t;
  };
  for (let i = 0; i < items.length && heap.length < max; i++) {
    heap.push(i);
    for (let c = heap.length - 1; c > 0;) {
      const p = (c - 1) >> 1;
      if (!after(heap[c] as number, heap[p] as number)) break;
      swap(c, p);
      c = p;
    }
  }
  // The hot loop: one call of `rank` per item, against the worst kept (a tie keeps the kept one,
  // which came first).
  let worst = items[heap[0] ?? 0] as T;
  for (let i = heap.length; i < items.length && max > 0; i++) {
    const item = items[i] as T;
    if (rank(worst, item) <= 0) continue;
    heap[0] = i;
    for (let p = 0; ;) {
      const l = 2 * p + 1;
      const r = l + 1;
      let last = p;
      if (l < heap.length && after(heap[l] as number, heap[last] as number)) last = l;
      if (r < heap.length && after(heap[r] as number, heap[last] as number)) last = r;
      if (last === p) break;
      swap(p, last);
      p = last;
    }
    worst = items[heap[0]] as T;
  }
  return heap.sort((a, b) => (after(a, b) ? 1 : -1)).map(at);
}

/** `max` consecutive indexes [from, to) of `total`, centred on `at` as far as the ends allow. */
export function windowAround(at: number, total: number, max = LIST_BOUND): { from: number; to: number } {
  if (total <= max) return { from: 0, to: total };
  const from = Math.max(0, Math.min(at - max / 2, total - max));
  return { from, to: from + max };
}
