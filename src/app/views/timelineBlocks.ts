/**
 * The timeline's rows (Timeline.tsx), fetched in aligned blocks (blockSizeFor: a viewport's rows
 * fit in one): the viewport spans at most two, the one it starts in and the next, each on its own
 * lane (by parity), so a scroll asks only for blocks it has not got and a fast scroll keeps only
 * the newest request per lane.
 */
import { useState } from 'react';
import type { RowsWindow } from '../../worker/protocol';
import { useWorkerQuery } from '../services/useWorkerQuery';

/**
 * The rows of block `index`. While a newer row map's rows are on their way (a filter, a fold, a
 * growing log), the last answer is kept: the timeline draws it unless it holds other rows than
 * the new ones would (see its `held`), so rows do not blink out. While a log loads, rows
 * only grow at the end: a block is asked again when its own rows grew, and only once the answer
 * to its last ask is in. Asked again on every progress push that grew it, a block's request was
 * superseded before the busy worker answered it (the first rows of a 100 MB log came from the
 * third ask, ~50 ms later). It is asked again too when rows it holds may be other rows (`rowsShape`:
 * a filter or a fold while loading). Once ready, on every new row-map version (`rowsVersion`: the
 * version the view shows, see `useViewVersion`).
 */
export function useRowBlock(
  index: number,
  block: number,
  rowCount: number,
  rowsVersion: number,
  rowsShape: number,
  loading: boolean,
  primedAt: (from: number) => boolean,
): RowsWindow | undefined {
  const from = index * block;
  const inside = rowCount > 0 && index >= 0 && from < rowCount && !primedAt(from);
  const rowsIn = Math.max(0, Math.min(block, rowCount - from));
  // While loading: how many of the block's rows there were when it was last asked for.
  // (A count of rows of the shape they were asked in: after a new shape, the block may hold fewer.)
  const [asked, setAsked] = useState({ rows: rowsIn, shape: rowsShape });
  const askedRows = asked.shape === rowsShape ? asked.rows : 0;
  const query = useWorkerQuery(inside ? { kind: 'rows', from, to: from + block } : null, {
    lane: `rows-${index % 2}`,
    deps: loading ? ['loading', askedRows, rowsShape] : [rowsVersion],
    keepPrevious: true,
  });
  const got = query.dataFor?.from === from ? (query.data?.rows.length ?? 0) : 0;
  if (loading && !query.loading && rowsIn > Math.max(askedRows, got))
    setAsked({ rows: rowsIn, shape: rowsShape });
  return query.data;
}

/**
 * The row-map version the view shows: the store's, except while `hold` (a selection is being
 * located, or its jump is about to leave the view), when it stays at the one the view had. A seek
 * into a folded run unfolds it (a new version) and then jumps: the blocks of the view it leaves
 * were asked again at the new version for nothing.
 */
export function useViewVersion(rowsVersion: number, hold: boolean): number {
  // Set only when a hold begins or ends (a render more each time), not at every new version: a
  // loading log has a new one at every progress.
  const [held, setHeld] = useState<number | null>(null);
  if (hold && held === null) setHeld(rowsVersion);
  if (!hold && held !== null) setHeld(null);
  return hold && held !== null ? held : rowsVersion;
}
