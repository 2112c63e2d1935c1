/**
 * The timeline (left pane): every event as a fixed-height row, with turns,
 * steps and chunk runs foldable. Rows come from the worker by index for the
 * visible window only; the virtualizer handles scrolling (scaled past the
 * browser's maximum element height, see scaledRows.ts).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TimelineRow } from '../../worker/protocol';
import { client, toggleFold } from '../controller';
import { useReplay } from '../playback/store';
import { useApp } from '../store';
import { jumpTo, useUrlApplied } from '../url/sync';
import { ROW_HEIGHT, rowGeometry, itemSizeFor } from './scaledRows';
import { TimelineToolbar } from './TimelineToolbar';
import { TimelineRowView } from './TimelineRowView';
import { useRequestChangeSeqs } from './requestChanges';

/** Extra rows fetched above and below the viewport. */
const FETCH_MARGIN = 40;

interface RowCache {
  version: number;
  rows: Map<number, TimelineRow>;
}

export function Timeline() {
  const rowCount = useApp((s) => s.rowCount);
  const rowsVersion = useApp((s) => s.rowsVersion);
  const selectedSeq = useApp((s) => s.selectedSeq);
  const loadId = useApp((s) => s.loadId);
  const events = useApp((s) => s.events);
  const requestChanges = useRequestChangeSeqs();
  const filterFromUrl = useUrlApplied((s) => s.filterVersion);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [cache, setCache] = useState<RowCache>({ version: -1, rows: new Map() });
  /** Where the selection was located, to scroll to once the list has that many rows. */
  const [scrollTarget, setScrollTarget] = useState<{ row: number; rowCount: number } | null>(null);

  const itemSize = itemSizeFor(rowCount);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemSize,
    overscan: 4,
  });
  useLayoutEffect(() => virtualizer.measure(), [itemSize, virtualizer]);

  const scrollTop = virtualizer.scrollOffset ?? 0;
  const viewport = virtualizer.scrollRect?.height ?? scrollRef.current?.clientHeight ?? 600;
  const geo = rowGeometry(rowCount, scrollTop, viewport);
  const firstRow = Math.max(0, Math.floor(geo.first));
  const lastRow = Math.min(rowCount - 1, Math.ceil(geo.first + geo.perView));

  // Fetch the visible window when it is not cached for the current row version.
  useEffect(() => {
    if (rowCount === 0) return;
    let missing = cache.version !== rowsVersion;
    for (let r = firstRow; !missing && r <= lastRow; r++) if (!cache.rows.has(r)) missing = true;
    if (!missing) return;
    const from = Math.max(0, firstRow - FETCH_MARGIN);
    const to = Math.min(rowCount, lastRow + 1 + FETCH_MARGIN);
    void client.request({ kind: 'rows', from, to }, { lane: 'rows' }).then((res) => {
      if (!res.ok) return;
      setCache((old) => {
        // Same version: add to what we have; newer: start over (rows moved).
        const rows =
          old.version === res.value.rowsVersion ? new Map(old.rows) : new Map<number, TimelineRow>();
        for (const row of res.value.rows) rows.set(row.row, row);
        return { version: res.value.rowsVersion, rows };
      });
      if (res.value.rowsVersion !== useApp.getState().rowsVersion) {
        useApp.setState({ rowCount: res.value.rowCount, rowsVersion: res.value.rowsVersion });
      }
    });
  }, [rowCount, rowsVersion, firstRow, lastRow, cache]);

  // Bring the selection into view (revealing it if folded) when it changes, not when rows change:
  // folding everything must not be undone by the selection.
  const selectionLoaded = useApp((s) => s.selectedSeq !== null && s.selectedSeq < s.events);
  // While a drag or playback moves the selection, follow it without unfolding every chunk run it
  // passes (the folded row containing it is highlighted); unfold where it stops.
  const following = useReplay((s) => s.scrubbing || s.playing);
  const geoRef = useRef(geo);
  geoRef.current = geo;
  useEffect(() => {
    if (selectedSeq === null) return;
    let live = true;
    void client
      .request({ kind: 'locate', seq: selectedSeq, reveal: !following }, { lane: 'locate', coalesce: true })
      .then((res) => {
        if (!live || !res.ok) return;
        const { row, rowCount: n, rowsVersion: v } = res.value;
        if (v !== useApp.getState().rowsVersion) useApp.setState({ rowCount: n, rowsVersion: v });
        if (row < 0 || !useApp.getState().scrollToSelection) return;
        // Scroll once the list has grown to the new row count (after React commits it): setting
        // scrollTop before would be clamped by the browser to the old, shorter list.
        setScrollTarget({ row, rowCount: n });
      });
    return () => {
      live = false;
    };
  }, [selectedSeq, loadId, selectionLoaded, following]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!scrollTarget || !el) return;
    const { row } = scrollTarget;
    // Wait for the row count the worker reported with the location (the list grows to it first).
    if (row >= rowCount && rowCount < scrollTarget.rowCount) return;
    setScrollTarget(null);
    if (row >= rowCount) return;
    const g = rowGeometry(rowCount, el.scrollTop, el.clientHeight);
    if (row < g.first + 0.01 || row > g.first + g.perView - 1.01) {
      el.scrollTop = g.scrollTopFor(row, row < g.first ? 0.25 : 0.75);
    }
  }, [scrollTarget, rowCount]);

  const items = virtualizer.getVirtualItems().filter((it) => it.index >= firstRow && it.index <= lastRow);
  // The seq column fits the largest seq (7 digits at 1M events) without wasting space on small logs.
  const seqWidth = `${Math.max(3, String(Math.max(0, events - 1)).length) + 1}ch`;

  return (
    <section className="flex h-full min-w-0 flex-col bg-neutral-950" aria-label="Timeline">
      {/* Keyed: a filter set by a link (or Back/Forward) restarts the toolbar with its text. */}
      <TimelineToolbar key={filterFromUrl} />
      <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto overscroll-contain" tabIndex={-1}>
        <div
          data-testid="timeline"
          data-rows={rowCount}
          style={{ height: rowCount * geo.itemSize, position: 'relative', ['--seq-w' as string]: seqWidth }}
          role="listbox"
          aria-label="Events"
        >
          {items.map((it) => {
            const row = cache.rows.get(it.index);
            const top = geo.top(it.index);
            // Not fetched yet (a fast scroll): nothing, so every rendered row carries its data-seq.
            if (!row) return null;
            const selected = selectedSeq !== null && row.seq === selectedSeq;
            const containsSelection =
              !selected && selectedSeq !== null && selectedSeq > row.seq && selectedSeq <= row.coverEnd;
            return (
              <MemoRow
                key={it.key}
                row={row}
                top={top}
                selected={selected}
                containsSelection={containsSelection}
                requestChanged={requestChanges.has(row.seq)}
              />
            );
          })}
        </div>
        {rowCount === 0 && <EmptyTimeline />}
      </div>
    </section>
  );
}

const MemoRow = memo(function Row({
  row,
  top,
  selected,
  containsSelection,
  requestChanged,
}: {
  row: TimelineRow;
  top: number;
  selected: boolean;
  containsSelection: boolean;
  requestChanged: boolean;
}) {
  return (
    <TimelineRowView
      row={row}
      style={{ position: 'absolute', left: 0, right: 0, top, height: ROW_HEIGHT }}
      selected={selected}
      containsSelection={containsSelection}
      requestChanged={requestChanged}
      onSelect={() => jumpTo(row.seq)}
      onToggle={() => toggleFold(row.seq)}
    />
  );
});

function EmptyTimeline() {
  const status = useApp((s) => s.status);
  const filtered = useApp((s) => s.filter.types !== null || s.filter.errorsOnly || s.filter.text !== '');
  const events = useApp((s) => s.events);
  const name = useApp((s) => s.name);
  const errors = useApp((s) => s.diagnostics.error);
  const firstErrorCode = useApp((s) => s.codes.find((g) => g.severity === 'error')?.code);
  const loadId = useApp((s) => s.loadId);
  const unreadable = status === 'ready' && events === 0 && errors > 0;
  const [firstError, setFirstError] = useState<{ loadId: number; message: string } | null>(null);

  // Nothing could be read: say why, with the first error diagnostic's message.
  useEffect(() => {
    if (!unreadable || !firstErrorCode) return;
    let live = true;
    void client.request({ kind: 'diagnostics', code: firstErrorCode, from: 0, to: 1 }).then((res) => {
      const item = res.ok ? res.value.items[0] : undefined;
      if (live && item) setFirstError({ loadId, message: item.message });
    });
    return () => {
      live = false;
    };
  }, [unreadable, firstErrorCode, loadId]);

  if (unreadable && !filtered) {
    const message = firstError?.loadId === loadId ? firstError.message : undefined;
    return (
      <div className="space-y-2 p-4 text-xs text-neutral-300" data-testid="timeline-unreadable">
        <p>
          Nothing could be read from <span className="font-mono text-neutral-100">{name}</span>
          {message ? (
            <>
              : <span className="text-red-300">{message}</span>
            </>
          ) : (
            '.'
          )}
        </p>
        <button
          type="button"
          className="rounded border border-red-500/40 bg-red-500/10 px-2 py-0.5 text-red-200 hover:bg-red-500/20"
          onClick={() => useApp.setState({ diagnosticsOpen: true, diagnosticsCode: firstErrorCode ?? null })}
        >
          Show diagnostics ({errors.toLocaleString('en-US')})
        </button>
      </div>
    );
  }
  return (
    <div className="p-4 text-xs text-neutral-500">
      {status === 'loading'
        ? 'Reading…'
        : filtered
          ? 'No event matches the filter.'
          : status === 'ready'
            ? 'This log has no events.'
            : ''}
    </div>
  );
}
