/**
 * The timeline (left pane): every event as a fixed-height row, with turns,
 * steps and chunk runs foldable. Rows come from the worker by index for the
 * visible window only; the scroll position says which rows to draw (scaled past the
 * browser's maximum element height, see scaledRows.ts).
 */
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isFiltered, type RowsWindow, type TimelineRow } from '../../worker/protocol';
import { useApp } from '../appState';
import { useReplay } from '../playback/replayState';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { useUrlApplied } from '../url/sync';
import { ROW_HEIGHT, UNMEASURED_VIEWPORT, blockSizeFor, rowGeometry } from './scaledRows';
import { TimelineToolbar } from './TimelineToolbar';
import { TimelineRowView } from './TimelineRowView';
import { EmptyTimeline } from './TimelineEmpty';
import { useRequestChangeSeqs } from './requestChanges';
import { useScrollBox } from './useScrollBox';
import { useHandScroll } from './useHandScroll';
import { useLoadEndScroll } from './useLoadEndScroll';
import { useJumpPending, useJumpRows } from './useJumpRows';
import { TIMELINE_GRID_ID } from './focusTargets';
import { RowsLoading, missingRuns } from './RowsLoading';
import { useRowBlock, useViewVersion } from './timelineBlocks';

export function Timeline() {
  const rowCount = useApp((s) => s.rowCount);
  const rowsVersion = useApp((s) => s.rowsVersion);
  // A heavy pane: during a scrubber drag it follows where the pointer rests or stops, not each move.
  const selectedSeq = useApp((s) => s.settledSeq);
  const loadId = useApp((s) => s.loadId);
  const events = useApp((s) => s.events);
  const filterFromUrl = useUrlApplied((s) => s.filterVersion);
  // Rows have one height: the scroll position alone says which to draw (no per-row bookkeeping,
  // which at millions of rows cost an O(rows) rebuild whenever the row count changed).
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const box = useScrollBox(scroller);
  useHandScroll(scroller);
  useLoadEndScroll(scroller, rowCount, box.height, box.sync);
  const geo = rowGeometry(rowCount, box.scrollTop, box.height || UNMEASURED_VIEWPORT);
  const firstRow = Math.max(0, Math.floor(geo.first));
  const lastRow = Math.min(rowCount - 1, Math.ceil(geo.first + geo.perView));

  const block = blockSizeFor(Math.ceil(geo.perView));
  const firstBlock = Math.floor(firstRow / block);
  // Rows grow only at the end while a log loads, and while a filter's scan reads the rest of the
  // log: a new row-map version at every progress does not ask every block again.
  const loading = useApp((s) => s.status === 'loading' || s.filterRest);

  // Bring the selection into view (revealing it if folded) when it changes, not when rows change:
  // folding everything must not be undone by the selection.
  const selectionLoaded = useApp((s) => s.settledSeq !== null && s.settledSeq < s.events);
  // ... and when a jump asks for the selection again (a fold since hid it).
  const shownAgain = useApp((s) => s.shownAgain);
  // While a drag or playback moves the selection, follow it without unfolding every chunk run it
  // passes (the folded row containing it is highlighted); unfold where it stops.
  const following = useReplay((s) => s.scrubbing || s.playing);
  // A selection (not one a drag or playback moves every frame, mostly within view) is located with
  // the rows around it: a jump to a far seq scrolls with its rows in hand, in the same commit.
  // A filter cleared renumbers the rows back: the selection is located again, without unfolding
  // anything (useSelectionRelocation); so does a fold of every row.
  const relocated = useSelectionRelocation(selectedSeq, shownAgain);
  // A selection the app made, not the user, under folds the user made (the load's end) unfolds nothing.
  const unrevealed = useApp((s) => !s.revealSelection);
  const quiet = following || relocated.quiet || unrevealed;
  const locateQuery = useWorkerQuery(
    selectedSeq === null
      ? null
      : quiet
        ? { kind: 'locate', seq: selectedSeq, reveal: false, ...(following ? {} : { block }) }
        : { kind: 'locate', seq: selectedSeq, reveal: true, block },
    { lane: 'locate', coalesce: true, deps: [loadId, selectionLoaded, shownAgain, relocated.count] },
  );
  const located = locateQuery.data;

  // A jump takes the rows it will show from there (else fetches them) before it scrolls
  // (useJumpRows). The list's own block queries skip the blocks primed for it, and rows are read
  // from those first, so they render once.
  const [primed, setPrimed] = useState<readonly RowsWindow[]>([]);
  const jump = useJumpPending(located, rowCount, rowsVersion, box);
  const viewVersion = useViewVersion(rowsVersion, locateQuery.loading || jump.pending);
  const current = (b: RowsWindow) => b.rowsVersion === viewVersion && b.rows.length > 0;
  const atHand = primed.filter(current);
  const primedAt = (from: number) => atHand.some((b) => b.from === from);
  const rowsShape = useApp((s) => s.rowsShape);
  const blockA = useRowBlock(firstBlock, block, rowCount, viewVersion, rowsShape, loading, primedAt);
  const blockB = useRowBlock(firstBlock + 1, block, rowCount, viewVersion, rowsShape, loading, primedAt);
  // Rows of an older shape (a filter or fold the worker has since applied) are other rows under
  // the new count: placeholders until the new ones come. Once loaded, only for a new basis (a filter,
  // Fold all): a fold toggled keeps the rows above it, and hiding them a frame would flicker.
  const rowsBasis = useApp((s) => s.rowsBasis);
  const held = [...atHand, blockA, blockB].filter(
    (b): b is RowsWindow =>
      b !== undefined &&
      (loading ? (b.rowsShape ?? rowsShape) === rowsShape : (b.rowsBasis ?? rowsBasis) === rowsBasis),
  );
  // Asked once rows are shown: the first rows' answer does not wait behind its first read.
  const requestChanges = useRequestChangeSeqs(held.length > 0);
  useJumpRows({
    scroller,
    located,
    rowCount,
    rowsVersion,
    held,
    onRows: setPrimed,
    scrolled: box.sync,
    view: box,
    jump,
  });
  const rowAt = (row: number): TimelineRow | undefined => {
    for (const b of held) if (row >= b.from && row < b.from + b.rows.length) return b.rows[row - b.from];
    return undefined;
  };

  // The list grows shorter when a panel opens below the panes (search, charts, diagnostics) or the
  // window shrinks: a selected row that was in view stays in view (it would otherwise drop out
  // under the new bottom edge). One scrolled away from by hand is left where it is.
  const heightBefore = useRef(0);
  useLayoutEffect(() => {
    const before = heightBefore.current;
    heightBefore.current = box.height;
    const el = scroller;
    if (!el || !located || before === 0 || box.height >= before) return;
    const row = located.row;
    if (row < 0 || row >= rowCount) return;
    const was = rowGeometry(rowCount, el.scrollTop, before);
    if (row < was.first - 0.01 || row > was.first + was.perView - 0.99) return;
    const now = rowGeometry(rowCount, el.scrollTop, box.height);
    if (row > now.first + now.perView - 1.01) el.scrollTo({ top: now.scrollTopFor(row, 0.75) });
  }, [box.height, located, rowCount, scroller]);

  const items = Array.from({ length: Math.max(0, lastRow - firstRow + 1) }, (_, i) => firstRow + i);
  const shown = items.map(rowAt);
  // Roving tabindex: the selection's row (or the folded row holding it) is the timeline's one
  // Tab stop; a selection no row holds (a filter hides it) sits between two rows shown, and the
  // one before it is the stop, where the arrows move from (timelineNav); without either on
  // screen, the first row shown. Read from the rows, not the selection's location: a filter
  // typed after the selection is not located again.
  const rendered = shown.filter((r) => r !== undefined);
  const holdsSelection = (r: TimelineRow) =>
    selectedSeq !== null && selectedSeq >= r.seq && selectedSeq <= r.coverEnd;
  const sitsAfter = (r: TimelineRow, i: number) => {
    if (selectedSeq === null || r.coverEnd >= selectedSeq) return false;
    const next = rendered[i + 1];
    return next ? next.row === r.row + 1 && next.seq > selectedSeq : r.row === rowCount - 1;
  };
  const tabbableSeq = (rendered.find(holdsSelection) ?? rendered.find(sitsAfter) ?? rendered[0])?.seq;
  const gridRef = useTimelineFocus();
  // The seq column fits the largest seq (7 digits at 1M events) without wasting space on small logs.
  // Each row's seq cell carries it: set on an element above the rows, an inherited custom property
  // had every row's every element restyled whenever it changed (a seq grows a digit while a log
  // loads: ~630 elements, 7-11 ms of style in a load-time task, twice for a 100 MB log).
  const seqWidth = `${Math.max(3, String(Math.max(0, events - 1)).length) + 1}ch`;

  return (
    <section className="flex h-full min-w-0 flex-col bg-canvas" aria-label="Timeline">
      {/* Keyed: a filter set by a link (or Back/Forward) restarts the toolbar with its text. */}
      <Toolbar key={filterFromUrl} />
      <div
        ref={setScroller}
        className="@container relative min-h-0 flex-1 overflow-auto overscroll-contain [contain:strict]"
        tabIndex={-1}
      >
        <div
          data-testid="timeline"
          data-rows={rowCount}
          style={{ height: rowCount * geo.itemSize, position: 'relative' }}
          ref={gridRef}
          id={TIMELINE_GRID_ID}
          role={rowCount > 0 ? 'treegrid' : undefined}
          aria-label="Events"
          aria-rowcount={rowCount > 0 ? rowCount : undefined}
        >
          {items.map((index, i) => {
            const row = shown[i];
            const top = geo.top(index);
            // Not fetched yet (a fast scroll): a placeholder below, so every rendered row carries its data-seq.
            if (!row) return null;
            const selected = selectedSeq !== null && row.seq === selectedSeq;
            const containsSelection =
              !selected && selectedSeq !== null && selectedSeq > row.seq && selectedSeq <= row.coverEnd;
            return (
              <MemoRow
                key={index}
                row={row}
                top={top}
                selected={selected}
                containsSelection={containsSelection}
                requestChanged={requestChanges.has(row.seq)}
                tabbable={row.seq === tabbableSeq}
                seqWidth={seqWidth}
              />
            );
          })}
          {missingRuns(items, (index) => shown[index - firstRow] !== undefined).map(([first, n]) => (
            <RowsLoading key={`loading ${first}`} top={geo.top(first)} rows={n} />
          ))}
        </div>
        {rowCount === 0 && <EmptyTimeline />}
      </div>
    </section>
  );
}

/** The toolbar reads its own state: the timeline's renders (every selection, every scroll) skip it. */
const Toolbar = memo(TimelineToolbar);

const MemoRow = memo(function Row({
  row,
  top,
  selected,
  containsSelection,
  requestChanged,
  tabbable,
  seqWidth,
}: {
  row: TimelineRow;
  top: number;
  selected: boolean;
  containsSelection: boolean;
  requestChanged: boolean;
  tabbable: boolean;
  seqWidth: string;
}) {
  const { load, url } = useServices();
  return (
    <TimelineRowView
      row={row}
      style={{ position: 'absolute', left: 0, right: 0, top, height: ROW_HEIGHT }}
      selected={selected}
      containsSelection={containsSelection}
      requestChanged={requestChanged}
      seqWidth={seqWidth}
      onSelect={() => url.jumpTo(row.seq)}
      tabbable={tabbable}
      onToggle={() => load.toggleFold(row.seq)}
      onParent={(el) => {
        const seq = parentRowSeq(el);
        if (seq !== null) url.jumpTo(seq);
      }}
    />
  );
});

/** The timeline's treegrid (skip links focus its current row). */
export { TIMELINE_GRID_ID } from './focusTargets';

/**
 * Focus follows the selection while the timeline has it: arrows, search hits and clicks move the
 * selection, and the selection's row takes focus so a screen reader reads it. Focus stays "inside"
 * until it leaves for another element or the pointer goes down elsewhere; a focused row that
 * scrolls out of the window (and is unmounted) gets focus back when the selection moves.
 */
const ROW_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'j', 'k', 'n', 'p']);

function useTimelineFocus() {
  const gridRef = useRef<HTMLDivElement>(null);
  const inside = useRef(false);
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const onFocus = () => (inside.current = true);
    const onBlur = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !grid.contains(e.relatedTarget)) inside.current = false;
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!(e.target instanceof Node && grid.contains(e.target))) inside.current = false;
    };
    // A row key pressed with nothing focused moves the selection: focus goes with it, to the row.
    const onKeyDown = (e: KeyboardEvent) => {
      const idle = document.activeElement === null || document.activeElement === document.body;
      if (idle && ROW_KEYS.has(e.key)) inside.current = true;
    };
    grid.addEventListener('focusin', onFocus);
    grid.addEventListener('focusout', onBlur);
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      grid.removeEventListener('focusin', onFocus);
      grid.removeEventListener('focusout', onBlur);
      window.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, []);
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!inside.current || !grid) return;
    const current = grid.querySelector<HTMLElement>('[role=row][data-current]');
    const active = document.activeElement;
    if (
      current &&
      active !== current &&
      (active === null || active === document.body || grid.contains(active))
    )
      current.focus({ preventScroll: true });
  });
  return gridRef;
}

/** The seq of the nearest row above `rowElement` at a lower level (its step or turn), if rendered. */
function parentRowSeq(rowElement: HTMLElement): number | null {
  const level = Number(rowElement.getAttribute('aria-level'));
  for (let el = rowElement.previousElementSibling; el; el = el.previousElementSibling) {
    if (Number(el.getAttribute('aria-level')) < level) return Number(el.getAttribute('data-seq'));
  }
  return null;
}

/**
 * A cleared filter (back to the whole log) locates the selection again: the list shows it, not
 * the row number the scroll was at. So does a fold of every row (Turns, Steps, All: the pixel
 * offset kept showed other turns), and the end of a filter's scan that read on after its answer
 * (a loading log): matches found since then have moved the selection's row. Nothing else does:
 * setting a filter, or a new key of one, leaves the list where it is (each keystroke pulled a
 * list the user had scrolled away back to it). The locate it asks does not unfold (`quiet`:
 * clearing undid Fold Steps), and only for the selection it was asked for: a later jump to that
 * seq unfolds as jumps do.
 */
function useSelectionRelocation(
  selectedSeq: number | null,
  shownAgain: number,
): { count: number; quiet: boolean } {
  const applied = useApp((s) => s.filtersApplied);
  const folds = useApp((s) => s.foldsApplied);
  const cleared = useApp((s) => !isFiltered(s.filter));
  const rest = useApp((s) => s.filterRest);
  const [relocation, setRelocation] = useState({
    applied,
    folds,
    rest,
    count: 0,
    seq: null as number | null,
    shownAgain: 0,
  });
  // Adjusted while rendering (the filter's answer, a fold, its scan's end, another selection), as
  // React advises for state that follows other state.
  if (relocation.applied !== applied || relocation.folds !== folds || relocation.rest !== rest) {
    const again =
      relocation.folds !== folds || (relocation.applied !== applied ? cleared : relocation.rest && !rest);
    setRelocation({
      applied,
      folds,
      rest,
      count: relocation.count + (again ? 1 : 0),
      seq: again ? selectedSeq : null,
      shownAgain,
    });
  } else if (
    relocation.seq !== null &&
    (relocation.seq !== selectedSeq || relocation.shownAgain !== shownAgain)
  )
    // Another selection, or a jump to this one, ends the quiet locate.
    setRelocation({ ...relocation, seq: null });
  return { count: relocation.count, quiet: relocation.seq !== null && relocation.seq === selectedSeq };
}
