/**
 * A table of a log's names (tools, models) can hold any number of rows: a hostile log of 100,000
 * tool names made the Charts tab one 102 s task. `boundedRows` keeps at most MAX_TABLE_ROWS of
 * them (all, in their order, when they fit; else the first by `rank`), after an optional filter
 * on the name; `RowsBound` is the filter box and the note saying how many are not drawn, shown
 * only when the table is over the bound.
 */
import { LIST_BOUND, boundedMatches } from './boundedList';

/** The most rows such a table draws at once. */
export const MAX_TABLE_ROWS = LIST_BOUND;

/** A table's rows for `query`: at most MAX_TABLE_ROWS, the first by `rank` when they do not all fit. */
export function boundedRows<T>(
  items: readonly T[],
  name: (item: T) => string,
  query: string,
  rank?: (a: T, b: T) => number,
): { rows: readonly T[]; matching: number } {
  return boundedMatches(items, name, query, rank, MAX_TABLE_ROWS);
}

export function RowsBound({
  what,
  total,
  matching,
  shown,
  query,
  onQuery,
  order,
}: {
  /** The rows' plural noun ("tools"). */
  what: string;
  total: number;
  matching: number;
  shown: number;
  query: string;
  onQuery: (query: string) => void;
  /** Which rows are drawn when they do not all fit ("the most called"). */
  order: string;
}) {
  if (total <= MAX_TABLE_ROWS) return null;
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <div className="flex flex-wrap items-center gap-2 px-2 py-1 text-[11px] text-fg-muted">
      <input
        type="search"
        aria-label={`filter ${what}`}
        placeholder={`filter ${n(total)} ${what}…`}
        className="w-48 rounded border border-edge bg-inset px-1"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
      />
      <span data-testid="rows-bound-note">
        {shown < matching
          ? `${n(shown)} of ${n(matching)} ${query.trim() ? 'matching ' : ''}${what} shown (${order}); filter to find the others`
          : `${n(matching)} of ${n(total)} ${what} match`}
      </span>
    </div>
  );
}
