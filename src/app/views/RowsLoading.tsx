/**
 * Timeline rows on screen that have not arrived yet (a fast scroll, a drag of the scroll bar, a
 * far jump by hand): faint bars where they will be, so the list is never blank for the frames
 * until they come (20-75 ms on a 100 MB log here, mostly the new rows' own render). One element
 * per run of missing rows, not one per row: it costs the frame nearly nothing. Not rows (no role,
 * no seq): screen readers and the row queries do not see it.
 */
import { ROW_HEIGHT } from './scaledRows';

/** The runs of `rows` (ascending) that are not at hand, as `[first row, count]`. */
export function missingRuns(rows: readonly number[], atHand: (row: number) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  for (const row of rows) {
    if (atHand(row)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === row) last[1]++;
    else runs.push([row, 1]);
  }
  return runs;
}

/** `rows` rows' placeholder, its top at `top` (the first missing row's, screen space). */
export function RowsLoading({ top, rows }: { top: number; rows: number }) {
  return (
    <div
      aria-hidden
      data-part="rows-loading"
      className="pointer-events-none absolute inset-x-0 bg-[linear-gradient(to_bottom,transparent_8px,var(--color-line)_8px,var(--color-line)_14px,transparent_14px)] bg-repeat-y"
      style={{
        top,
        height: rows * ROW_HEIGHT,
        backgroundSize: `min(40%, 24rem) ${ROW_HEIGHT}px`,
        backgroundPosition: '4.5rem 0',
      }}
    />
  );
}
