/**
 * The search results list: seq, type, the field's path and a snippet with the
 * match highlighted, a running count while the worker searches, and a bad
 * regular expression said inline. Store-free: the search pane feeds it.
 *
 * The list is virtualized: up to SEARCH_HIT_LIMIT hits arrive, and a list
 * that rendered them all took a second of main thread per batch of hits and
 * again on every seek (the selection re-renders the pane). Only the rows in
 * view (and a few either side) are in the DOM; each row is one fixed height
 * (both lines truncate), and the current hit is scrolled into view.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { SearchHit } from '../../worker/protocol';
import { TICK_COLOR } from '../scrubber/draw';

export interface SearchResultsProps {
  /** The text searched for: empty, nothing was searched and there is no count to give. */
  query: string;
  hits: SearchHit[];
  count: number;
  /** Events searched so far, of `total` (the count runs while it grows). */
  searched: number;
  total: number;
  running: boolean;
  error?: string | undefined;
  /** Why the search stopped before the end (its hits stand). */
  stopped?: string | undefined;
  /** Index into `hits` of the current hit (Enter / Shift+Enter move it). */
  current: number;
  onPick: (index: number) => void;
}

/** One hit's row height in px: two 16 px lines, 2 px apart, 4 px padding above and below. */
export const HIT_ROW_PX = 42;

export function SearchResults(p: SearchResultsProps) {
  if (p.error)
    return (
      <p role="alert" data-testid="search-error" className="px-3 py-2 text-sm text-rose-300">
        {p.error}
      </p>
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-3 px-3 py-1 text-xs text-fg-muted">
        {/* The live region stays mounted (an empty one announces nothing), so the first count is read out. */}
        <p data-testid="search-count" aria-live="polite">
          {p.query === '' ? '' : countLine(p)}
          {p.stopped && (
            <span data-testid="search-stopped" className="block text-amber-300">
              {p.stopped}
            </span>
          )}
        </p>
        {p.query === '' && (
          // Before anything is typed: what will show here, not "0 events match".
          <p data-testid="search-hint" className="text-fg-subtle">
            Hits are listed here and marked on the scrubber.
          </p>
        )}
        {p.count > 0 && (
          <span className="ml-auto flex items-center gap-1" data-testid="search-tick-legend">
            <span aria-hidden className="inline-block h-2.5 w-1" style={{ background: TICK_COLOR.search }} />
            hits on the scrubber
            <span
              aria-hidden
              className="ml-2 inline-block h-2.5 w-1"
              style={{ background: TICK_COLOR.matches }}
            />
            filter matches
          </span>
        )}
      </div>
      <HitList {...p} />
    </div>
  );
}

function HitList({ hits, current, onPick }: SearchResultsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => HIT_ROW_PX,
    getItemKey: (i) => hits[i]?.seq ?? i,
    overscan: 8,
  });
  useEffect(() => {
    if (current >= 0) virtualizer.scrollToIndex(current, { align: 'auto' });
  }, [current, virtualizer]);
  return (
    <div
      ref={scrollRef}
      className="min-h-0 flex-1 overflow-auto text-xs"
      data-testid="search-results"
      data-hits={hits.length}
    >
      <ol className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const h = hits[item.index] as SearchHit;
          const i = item.index;
          return (
            <li
              key={item.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: HIT_ROW_PX, transform: `translateY(${item.start}px)` }}
            >
              <button
                type="button"
                data-seq={h.seq}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onPick(i)}
                className={`block h-full w-full px-3 py-1 text-left hover:bg-tint/5 ${i === current ? 'bg-sky-500/15' : ''}`}
              >
                <span className="block truncate">
                  <span className="mr-2 font-mono text-fg-muted">{h.seq}</span>
                  <span className="mr-2 text-sky-300">{h.type}</span>
                  <span className="font-mono text-fg-muted">{h.path}</span>
                </span>
                <span className="mt-0.5 block truncate text-fg">
                  {h.snippet.slice(0, h.start)}
                  <mark className="rounded-sm bg-amber-400/30 text-amber-100">
                    {h.snippet.slice(h.start, h.end)}
                  </mark>
                  {h.snippet.slice(h.end)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function countLine(p: SearchResultsProps): string {
  const events = `${p.count.toLocaleString('en-US')} event${p.count === 1 ? '' : 's'}`;
  const shown = p.hits.length < p.count ? ` (first ${p.hits.length.toLocaleString('en-US')} listed)` : '';
  if (!p.running) return `${events} match${shown}`;
  const pct = p.total > 0 ? Math.floor((100 * p.searched) / p.total) : 0;
  return `${events} so far… ${pct}% searched${shown}`;
}
