/**
 * The timeline toolbar's row count, as shown and as a screen reader is told it. An ellipsis says
 * the count is not final: a loading log's ("34,256 rows…"), a filter's answered before its scan
 * read the whole log ("7,857 matches…"). While a filter's scan runs, the rows on screen are still
 * those from before it: the count shown stays theirs, with an ellipsis, and gives way to
 * "Filtering…" once the scan is slow (a fast one would flash); once the new filter's rows are on
 * screen (their shape moved on: a loading log's progress), its count so far. A screen reader is
 * told the count when it settles after what the user asked for or waited on (appState's
 * `rowCountSettled`: a scan's end, a fold of every row, the load's end), not as a loading log's
 * count grows; the text is cleared once told (or once the count changed), so that reading the
 * page reads the count once.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../appState';
import { isFiltered } from '../../worker/protocol';

/** How long a scan runs before the count gives way to "Filtering…". */
export const SLOW_SCAN_MS = 150;
/** How long a told count stays in the status region (a screen reader has read it by then). */
export const TOLD_MS = 5000;

export const FILTERING = 'Filtering…';

/** "1 row", "34,256 rows", "3 matches": a filter's rows are its matches. */
export function rowCountText(rowCount: number, filtered: boolean): string {
  const noun = filtered ? (rowCount === 1 ? 'match' : 'matches') : rowCount === 1 ? 'row' : 'rows';
  return `${rowCount.toLocaleString('en-US')} ${noun}`;
}

export function useRowCountStatus(): { shown: string; announced: string; filtered: boolean } {
  const filtered = useApp((s) => isFiltered(s.filter));
  const rowCount = useApp((s) => s.rowCount);
  const count = rowCountText(rowCount, filtered);
  const scan = useApp((s) => s.filterScan);
  // Answered before the scan read the whole log: more matches may come.
  const rest = useApp((s) => s.filterRest);
  const settled = useApp((s) => s.rowCountSettled);
  const slowScan = useSlowScan(scan);
  // The count as it was when it settled (a later change, a loading log's growth, is not told).
  const [told, setTold] = useState({ settled, text: '' });
  if (told.settled !== settled) setTold({ settled, text: settled > 0 ? count : '' });
  // A count told, then changed (a fold opened, a seek that revealed a row, a followed log's growth):
  // what was told is no longer so, and goes (the page read 149 rows under 219).
  else if (told.text !== '' && told.text !== count) setTold({ settled, text: '' });
  useEffect(() => {
    if (told.text === '') return;
    const t = setTimeout(() => setTold((was) => ({ ...was, text: '' })), TOLD_MS);
    return () => clearTimeout(t);
  }, [told]);
  const shape = useApp((s) => s.rowsShape);
  // The new filter's rows are on screen already (a loading log's progress): its count so far.
  const newRows = scan !== null && shape !== scan.rowsShape;
  // "Filtering…" over the rows from before it, once the scan is slow (to a screen reader too).
  const filtering = slowScan && scan !== null && !newRows;
  const announced = filtering ? FILTERING : told.text;

  // More rows may come: a loading log's, as a filter's while its scan reads on.
  const loading = useApp((s) => s.status === 'loading');
  const shown =
    scan === null
      ? rest || loading
        ? `${count}…`
        : count
      : newRows
        ? `${count}…`
        : filtering
          ? FILTERING
          : // The rows from before it, while a scan that may be fast runs: not final, so "…". Counted
            // as they are now (a loading log's grow on under it), as what they were (rows, matches).
            `${rowCountText(rowCount, scan.filtered)}…`;
  return { shown, announced, filtered };
}

/**
 * True once a scan has run for SLOW_SCAN_MS, until it ends. Timed from the rows it was asked over:
 * a filter typed on over rows a loading log brought meanwhile (a new snapshot) starts the wait again.
 * Kept per scan: a flag reset by the effect's cleanup was still set in the render of the next
 * scan, painted "Filtering…" for a frame between two equal counts.
 */
function useSlowScan(scan: object | null): boolean {
  const [slowFor, setSlowFor] = useState<object | null>(null);
  useEffect(() => {
    if (scan === null) return;
    const t = setTimeout(() => setSlowFor(scan), SLOW_SCAN_MS);
    return () => clearTimeout(t);
  }, [scan]);
  return scan !== null && slowFor === scan;
}
