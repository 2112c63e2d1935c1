/**
 * Pages through a long list fetched a page at a time (the boundedList rule for a list a user
 * reads to its end: a compaction's 40,000 hidden originals, a diff's 90,000 added messages):
 * "41–140 of 40,000" with the previous and next page. Store-free: the caller fetches the page.
 */
import { formatCount } from '../../core/view/seqText';

export function Pager({
  offset,
  shown,
  total,
  what,
  onOffset,
  page,
}: {
  /** Index of the page's first item in the whole list. */
  offset: number;
  /** Items on this page. */
  shown: number;
  total: number;
  /** What the items are ("originals", "rows"). */
  what: string;
  /** The full page size (the step of previous/next). */
  page: number;
  onOffset: (offset: number) => void;
}) {
  if (total <= page && offset === 0) return null;
  const button = 'rounded border border-edge px-1.5 disabled:opacity-40';
  return (
    <div className="flex flex-wrap items-center gap-2 px-2 py-1 text-fg-muted" data-testid="pager">
      <span data-testid="pager-range">
        {what} {formatCount(shown === 0 ? offset : offset + 1)}–{formatCount(offset + shown)} of{' '}
        {formatCount(total)}
      </span>
      <button
        type="button"
        className={button}
        disabled={offset === 0}
        onClick={() => onOffset(Math.max(0, offset - page))}
      >
        ‹ previous {formatCount(Math.min(page, offset))}
      </button>
      <button
        type="button"
        className={button}
        disabled={offset + page >= total}
        onClick={() => onOffset(offset + page)}
      >
        next {formatCount(Math.max(0, Math.min(page, total - offset - page)))} ›
      </button>
    </div>
  );
}
