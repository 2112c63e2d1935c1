/**
 * A load's end selects the last event, and the timeline shows it: the list goes to its end in the
 * commit that shows the log ready, not once the selection's location comes back. That came
 * ~0.4 s later on a 16 MB log here (behind the panes' first work at the new selection), and a
 * scroll by hand in between, its wheel event waiting behind that work, was overridden by the late
 * jump (review). The location then finds its row in view: no jump. Not after a scroll by hand
 * during the load, under a filter (the last match is not the last row), or at a linked seq.
 */
import { useLayoutEffect, useRef } from 'react';
import { isFiltered } from '../../worker/protocol';
import { useApp } from '../appState';
import { rowGeometry } from './scaledRows';

export function useLoadEndScroll(
  scroller: HTMLElement | null,
  rowCount: number,
  viewHeight: number,
  sync: () => void,
): void {
  const ready = useApp((s) => s.status === 'ready');
  const loadId = useApp((s) => s.loadId);
  const doneFor = useRef(0);
  useLayoutEffect(() => {
    if (!ready || !scroller || doneFor.current === loadId) return;
    doneFor.current = loadId;
    const s = useApp.getState();
    const atEnd = s.selectedSeq !== null && s.selectedSeq === s.events - 1;
    if (!atEnd || !s.scrollToSelection || s.scrolledByHand || isFiltered(s.filter) || rowCount === 0) return;
    const viewport = viewHeight > 0 ? viewHeight : scroller.clientHeight;
    scroller.scrollTo({ top: rowGeometry(rowCount, 0, viewport).scrollTopFor(rowCount - 1, 1) });
    sync();
  }, [ready, loadId, scroller, rowCount, viewHeight, sync]);
}
