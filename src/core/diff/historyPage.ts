/**
 * An input diff as the app is posted it: its rows grouped into items (a run of messages in both
 * inputs is one item) and one page of those items with the diff's counts. A diff from an early to
 * a late seq of a 30,000-turn log has 90,000 added messages: posted and drawn whole it was a 12.7 s
 * main-thread task (R10-4). The CLI prints the whole diff (history.ts); the app pages through it.
 */
import type { DiffRow, HistoryDiff } from './history';
import { postedParts, type PostedParts } from './postedParts';
import type { RequestChanges } from './request';

/**
 * Items one page carries: each draws at most two message bodies (messagesOf answers 200). A page
 * is drawn, and the panes around it laid out again, in one main-thread task: with 100 added
 * messages that was 90-130 ms (audit R12-L2), with 25 still 50-65; 10 fill the diff's panel.
 */
export const DIFF_PAGE = 10;
/** Messages a kept run lists when unfolded (the rest are counted; all are in both inputs). */
export const KEPT_LISTED = 50;

export type KeptRow = Extract<DiffRow, { kind: 'same' }>;

/** One row of the view; `left`/`right`: the message's index in its column's history. */
export type DiffItem =
  | {
      kind: 'kept';
      /** How many messages the run has, its first and last seq, the first KEPT_LISTED of them. */
      count: number;
      first: number;
      last: number;
      rows: KeptRow[];
      left: number;
      right: number;
    }
  | {
      kind: 'row';
      row: Exclude<DiffRow, { kind: 'same' }>;
      left: number;
      right: number;
      /** A changed message's text diff past what a page posts: counted, not posted. */
      unposted?: PostedParts['unposted'];
    };

export interface HistoryDiffPage {
  /** -1 stands for "before the first event" (an empty history). */
  from: number;
  to: number;
  /** The whole diff's counts (the summary line). */
  counts: { removed: number; added: number; changed: number };
  request: RequestChanges;
  /** Items [offset, offset + items.length) of `total`. */
  offset: number;
  total: number;
  items: DiffItem[];
}

/** Rows with runs of kept messages grouped, and each message's index in its column's history. */
export function diffItems(rows: readonly DiffRow[]): DiffItem[] {
  const out: DiffItem[] = [];
  let left = 0;
  let right = 0;
  for (const row of rows) {
    if (row.kind === 'same') {
      const last = out.at(-1);
      if (last?.kind === 'kept') {
        last.count++;
        last.last = row.seq;
        if (last.rows.length < KEPT_LISTED) last.rows.push(row);
      } else out.push({ kind: 'kept', count: 1, first: row.seq, last: row.seq, rows: [row], left, right });
      left++;
      right++;
      continue;
    }
    out.push({ kind: 'row', row, left, right });
    if (row.kind !== 'added') left++;
    if (row.kind !== 'removed') right++;
  }
  return out;
}

/** The page of `diff` from item `offset` (clamped to the items; `items`: diffItems of its rows, made once). */
export function diffPage(
  diff: HistoryDiff,
  offset = 0,
  items: readonly DiffItem[] = diffItems(diff.rows),
): HistoryDiffPage {
  const at = Math.max(0, Math.min(Number.isInteger(offset) ? offset : 0, items.length));
  return {
    from: diff.from,
    to: diff.to,
    counts: { removed: diff.removed.length, added: diff.added.length, changed: diff.changed.length },
    request: diff.request,
    offset: at,
    total: items.length,
    items: items.slice(at, at + DIFF_PAGE).map(postedItem),
  };
}

/**
 * A changed message's text diff as a page posts it: bounded like a request's (postedParts). Two
 * versions of a 1 MB tool output were posted and drawn whole: a main-thread task of seconds.
 */
function postedItem(item: DiffItem): DiffItem {
  if (item.kind !== 'row' || item.row.kind !== 'changed') return item;
  const { row } = item;
  const posted = postedParts(row.text);
  if (posted.unposted.parts === 0 && posted.parts.every((p, i) => p === row.text[i])) return item;
  return { ...item, row: { ...row, text: posted.parts }, unposted: posted.unposted };
}
