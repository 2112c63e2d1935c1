/**
 * The timeline toolbar's "Types ▾" menu: one checkbox per event type, with All / None / No chunks.
 * A log can hold any number of distinct types (a hostile one, 50,000), so the menu lists at most
 * MAX_TYPE_ROWS of them: all of them in log order when they fit, else the most frequent; a filter
 * box (shown once the list is long) searches every type, and a note says how many are not listed.
 * The list is virtualized (TypeRows): only the rows in view are drawn.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { TimelineFilter } from '../../worker/protocol';
import { LIST_BOUND, boundedMatches } from '../components/boundedList';
import { INDEX_SLICE, type NameIndex, nameIndexOf } from '../components/nameIndex';
import { usePopupButton } from '../components/useDismiss';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { TypeRows } from './TypeRows';
import { TYPES_BUTTON_ID } from './focusTargets';

/** The most type rows the menu draws at once. */
export const MAX_TYPE_ROWS = LIST_BOUND;
/** From this many types on, the menu has a filter box. */
const FILTER_FROM = 16;

type TypeCount = { type: string; count: number };

const typeName = (t: TypeCount) => t.type;

/** A stable empty list: a selector returning a fresh [] would re-render forever. */
const NO_TYPES: TypeCount[] = [];

/** The event types a filter shows, out of `all`. */
export function shownTypes(filter: TimelineFilter, all: readonly string[]): Set<string> {
  if (filter.types === null) return new Set(all);
  const listed = new Set(filter.types);
  return new Set(all.filter((t) => listed.has(t) !== (filter.excludeTypes === true)));
}

/**
 * The type part of a filter showing `shown` out of `all`: null for every type, else the shorter
 * list: the hidden types (`excludeTypes`, so types that appear later show) or the shown ones.
 */
export function typesFilter(
  shown: ReadonlySet<string>,
  all: readonly string[],
): Pick<TimelineFilter, 'types' | 'excludeTypes'> {
  const hidden = all.filter((t) => !shown.has(t));
  if (hidden.length === 0) return { types: null };
  if (hidden.length <= shown.size) return { types: hidden, excludeTypes: true };
  return { types: all.filter((t) => shown.has(t)) };
}

export function withTypes(
  filter: TimelineFilter,
  types: Pick<TimelineFilter, 'types' | 'excludeTypes'>,
): TimelineFilter {
  const { excludeTypes: _drop, ...rest } = filter;
  return { ...rest, ...types };
}

/**
 * The rows the menu draws for `query` (case-insensitive, anywhere in the type's name) and how many
 * matching types it leaves out: every match in log order when they fit, else the `max` most
 * frequent (ties in log order).
 */
export function visibleTypes(
  types: readonly TypeCount[],
  query: string,
  max = MAX_TYPE_ROWS,
  index?: NameIndex<TypeCount>,
): { rows: readonly TypeCount[]; matches: number } {
  const { rows, matching } = boundedMatches(types, typeName, query, (a, b) => b.count - a.count, max, index);
  return { rows, matches: matching };
}

export function TypePicker() {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  const { open, ref, buttonProps } = usePopupButton();
  const summaryTypes = useApp((s) => s.summary?.types);
  // A loading log has no summary yet: the open picker asks for the types read so far, again at each
  // progress (a 1 GB log loads for 20 s; its types were listed only at the end).
  const loadedEvents = useApp((s) => (s.status === 'loading' ? (s.progress?.events ?? 0) : null));
  const soFar = useWorkerQuery(
    open && summaryTypes === undefined && loadedEvents !== null ? { kind: 'typeCounts' } : null,
    { deps: [loadedEvents], keepPrevious: true },
  );
  const types = summaryTypes ?? soFar.data ?? NO_TYPES;
  const [query, setQuery] = useState('');

  const chosen = filter.types;
  const all = useMemo(() => types.map((t) => t.type), [types]);
  const shown = useMemo(() => shownTypes(filter, all), [filter, all]);
  // The list (every type matched and ranked: 100,000 of them in a hostile log) is worked out in a
  // render of its own, after the menu is drawn, and again after each key in the filter box: two
  // short tasks instead of one long one (audit R12-L1). Until then the menu shows the last list.
  const listOpen = useDeferredValue(open);
  const listQuery = useDeferredValue(query);
  // Each name lower-cased once, a slice per task while the menu is open, not on every key.
  const index = useMemo(() => nameIndexOf(types, typeName), [types]);
  useEffect(() => {
    if (!open || index.complete) return;
    let timer: ReturnType<typeof setTimeout>;
    const slice = () => {
      if (!index.buildSome(INDEX_SLICE)) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [open, index]);
  const { rows, matches } = useMemo(
    () =>
      open && listOpen
        ? visibleTypes(types, listQuery, MAX_TYPE_ROWS, index)
        : { rows: NO_TYPES, matches: -1 },
    [open, listOpen, types, listQuery, index],
  );
  const toggle = (type: string) => {
    const next = new Set(shown);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    load.setFilter(withTypes(filter, typesFilter(next, all)));
  };
  const left = matches - rows.length;
  return (
    // Under its button where the line is wide; across the toolbar where it is narrow, so the list
    // (and its counts) is never cut by the pane's edge.
    <div className="@min-[30rem]:relative" ref={ref}>
      <button
        {...buttonProps}
        id={TYPES_BUTTON_ID}
        className={`h-6 rounded border px-2 whitespace-nowrap ${chosen ? 'border-sky-500/50 bg-sky-500/15 text-sky-200' : 'border-line text-fg-muted hover:text-fg'}`}
      >
        Types{chosen ? ` (${shown.size.toLocaleString('en-US')})` : ''} ▾
      </button>
      {open && (
        <div
          data-testid="type-picker"
          className="absolute top-full right-2 left-2 z-30 mt-0.5 flex max-h-96 flex-col rounded border border-line-strong bg-panel p-1 shadow-xl @min-[30rem]:top-7 @min-[30rem]:right-auto @min-[30rem]:left-0 @min-[30rem]:mt-0 @min-[30rem]:w-72"
        >
          {/* The buttons and the filter box stay in view: only the list scrolls. */}
          <div className="shrink-0">
            <div className="flex gap-1 border-b border-line p-1">
              <button
                type="button"
                className="rounded px-1.5 text-fg-soft hover:bg-tint/10"
                onClick={() => load.setFilter(withTypes(filter, { types: null }))}
              >
                All
              </button>
              <button
                type="button"
                className="rounded px-1.5 text-fg-soft hover:bg-tint/10"
                onClick={() => load.setFilter(withTypes(filter, { types: [] }))}
              >
                None
              </button>
              <button
                type="button"
                className="rounded px-1.5 text-fg-soft hover:bg-tint/10"
                onClick={() =>
                  load.setFilter(withTypes(filter, { types: ['assistant/chunk'], excludeTypes: true }))
                }
              >
                No chunks
              </button>
            </div>
            {types.length >= FILTER_FROM && (
              <div className="border-b border-line p-1">
                <input
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={`Filter ${types.length.toLocaleString('en-US')} types…`}
                  aria-label="Filter the event types"
                  data-testid="type-picker-filter"
                  className="h-6 w-full rounded border border-line bg-canvas px-2 text-xs text-fg placeholder:text-fg-faint focus:border-sky-500/60 focus:outline-none"
                />
              </div>
            )}
          </div>
          <TypeRows rows={rows} shown={shown} onToggle={toggle} />
          {matches === 0 && listQuery.trim() !== '' && (
            <p className="shrink-0 px-1 py-0.5 text-fg-subtle" data-testid="type-picker-note">
              No type matches “{listQuery.trim()}”.
            </p>
          )}
          {left > 0 && (
            <p className="shrink-0 px-1 py-0.5 text-fg-subtle" data-testid="type-picker-note">
              {left.toLocaleString('en-US')} more {left === 1 ? 'type' : 'types'} not listed (the{' '}
              {rows.length.toLocaleString('en-US')} most frequent are): type to filter.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
