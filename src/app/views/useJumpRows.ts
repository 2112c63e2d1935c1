/**
 * A jump in the timeline (a seek to a far seq) scrolls once, with its rows already in hand: the
 * rows the new position shows come with the location (or are fetched first, when they did not),
 * then the list scrolls and draws them in the same commit. Scrolling first drew the new position empty (its blocks not fetched yet), and then
 * again when they arrived: two layouts and a blank frame per seek.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { RowsWindow } from '../../worker/protocol';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { blockSizeFor, rowGeometry, UNMEASURED_VIEWPORT } from './scaledRows';

/** Where the worker located the selection: its row, the row count that row is in, maybe its rows. */
export interface Located {
  row: number;
  rowCount: number;
  /** The row map the row is in (a reveal may have made a new one). */
  rowsVersion: number;
  /** Aligned blocks of rows around the row (`locate` with a block size). */
  blocks?: readonly RowsWindow[];
}

/** The aligned blocks (their first rows) the list shows when scrolled to `top`. */
export function blocksAt(
  rowCount: number,
  top: number,
  viewport: number,
): { block: number; froms: number[] } {
  const g = rowGeometry(rowCount, top, viewport);
  const block = blockSizeFor(Math.ceil(g.perView));
  const first = Math.floor(Math.max(0, Math.floor(g.first)) / block) * block;
  return { block, froms: [first, first + block].filter((from) => from < rowCount) };
}

/** Whether the located row lies outside the view (top `scrollTop`, height `viewport`): a jump. */
function outOfView(row: number, rowCount: number, scrollTop: number, viewport: number): boolean {
  const g = rowGeometry(rowCount, scrollTop, viewport);
  return !(row >= g.first + 0.01 && row <= g.first + g.perView - 1.01);
}

/** Whether a jump is about to leave the view, and `jumped(located)`: it was made (or is moot). */
export interface JumpPending {
  pending: boolean;
  jumped: (located: Located) => void;
}

/**
 * Whether the located row lies outside the view and `useJumpRows` has not jumped to it yet: the
 * view's blocks are not worth asking for again meanwhile (a seek into a folded run unfolds it, a
 * new row-map version, and the blocks of the view it leaves were asked again for nothing).
 */
export function useJumpPending(
  located: Located | undefined,
  rowCount: number,
  rowsVersion: number,
  view: { scrollTop: number; height: number },
): JumpPending {
  const scrollToSelection = useApp((s) => s.scrollToSelection);
  /** The location a jump was made for (a jump pending is one for another). */
  const [jumpedFor, jumped] = useState<Located | undefined>(undefined);
  // Only for the row map the location came with: a location in view is never jumped to, and a
  // later change of the row map (a fold, a growing log) is not held behind it when the user has
  // scrolled it out of view since.
  const pending =
    located !== undefined &&
    jumpedFor !== located &&
    located.rowsVersion === rowsVersion &&
    scrollToSelection &&
    located.row >= 0 &&
    located.row < rowCount &&
    outOfView(located.row, rowCount, view.scrollTop, view.height || UNMEASURED_VIEWPORT);
  return { pending, jumped };
}

/**
 * Brings the located row into view when the selection moves (not when rows change: folding
 * everything must not be undone by the selection). `held`: the blocks the list holds now;
 * `onRows` receives the blocks fetched for a jump, and the list scrolls once they are committed;
 * `scrolled()` is called right after it scrolled, in the same task (the list reads its new
 * position before the browser paints). `jump` (useJumpPending) is told when the jump is made.
 */
export function useJumpRows(options: {
  scroller: HTMLElement | null;
  located: Located | undefined;
  rowCount: number;
  rowsVersion: number;
  held: readonly RowsWindow[];
  onRows: (rows: readonly RowsWindow[]) => void;
  scrolled: () => void;
  /**
   * The list's scroll position and height as last read (its scroll box): a selection already in
   * view is told from these, since reading the element's own after a commit forces a layout.
   */
  view: { scrollTop: number; height: number };
  jump: JumpPending;
}): void {
  const { scroller, located, rowCount, rowsVersion, held, onRows, scrolled } = options;
  const { scrollTop: knownTop, height: knownHeight } = options.view;
  const { pending: jumpPending, jumped } = options.jump;
  const { client } = useServices();
  /** The rows fetched for the last jump, once committed (the scroll waits for them). */
  const [fetched, setFetched] = useState<readonly RowsWindow[] | null>(null);
  /** Where to scroll once the fetched rows are committed. */
  const pendingTop = useRef<number | null>(null);
  // Scroll to a located row once the list has grown to the row count the worker reported with it
  // (setting scrollTop before would be clamped by the browser to the old, shorter list).
  const scrolledFor = useRef<unknown>(null);
  useLayoutEffect(() => {
    const el = scroller;
    if (!located || !el || scrolledFor.current === located) return;
    const { row, rowCount: n } = located;
    if (row >= rowCount && rowCount < n) return;
    scrolledFor.current = located;
    // Told only when it was pending (a render more, batched with the jump's own).
    if (jumpPending) jumped(located);
    if (row < 0 || row >= rowCount || !useApp.getState().scrollToSelection) return;
    const viewport = knownHeight > 0 ? knownHeight : el.clientHeight;
    const scrollTop = knownHeight > 0 ? knownTop : el.scrollTop;
    if (!outOfView(row, rowCount, scrollTop, viewport)) return;
    const g = rowGeometry(rowCount, scrollTop, viewport);
    const top = g.scrollTopFor(row, row < g.first ? 0.25 : 0.75);
    const { block, froms } = blocksAt(rowCount, top, viewport);
    // Only rows of the current row map count: the view's, held at an older version while the
    // selection was located, may be those of other rows now.
    const has = (from: number) =>
      held.some(
        (b) =>
          b.from === from &&
          b.rowsVersion === rowsVersion &&
          b.rows.length >= Math.min(block, rowCount - from),
      );
    const missing = froms.filter((from) => !has(from));
    if (missing.length === 0) {
      el.scrollTo({ top });
      scrolled();
      return;
    }
    // The rows came with the location (a selection is located with the blocks around it): primed
    // and scrolled to at once; both land in the list's one next render, before the browser paints.
    const brought = located.blocks?.filter((b) => b.rowsVersion === rowsVersion) ?? [];
    const bring = missing.map((from) => brought.find((b) => b.from === from));
    if (bring.every((b): b is RowsWindow => b !== undefined)) {
      onRows(bring);
      el.scrollTo({ top });
      scrolled();
      return;
    }
    const jump = located;
    void Promise.all(
      missing.map((from, i) =>
        client.request({ kind: 'rows', from, to: from + block }, { lane: `rows-jump-${i}` }),
      ),
    ).then((answers) => {
      // A newer jump (or a newer row map) makes these rows moot.
      if (scrolledFor.current !== jump) return;
      const rows = answers.flatMap((r) => (r.ok && r.value.rowsVersion === rowsVersion ? [r.value] : []));
      pendingTop.current = top;
      onRows(rows);
      setFetched(rows);
    });
    // The known position is read when the selection moves, not followed (scrolledFor guards).
  }, [
    located,
    rowCount,
    rowsVersion,
    scroller,
    client,
    held,
    onRows,
    scrolled,
    knownTop,
    knownHeight,
    jumpPending,
    jumped,
  ]);

  // The fetched rows are committed: scroll to them now, before the browser paints.
  useLayoutEffect(() => {
    const el = scroller;
    const top = pendingTop.current;
    if (top === null || !el) return;
    pendingTop.current = null;
    el.scrollTo({ top });
    scrolled();
  }, [fetched, scroller, scrolled]);
}
