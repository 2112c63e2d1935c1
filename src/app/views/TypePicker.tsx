/**
 * The timeline toolbar's "Types ▾" menu: one checkbox per event type, with All / None / No chunks.
 * A log can hold any number of distinct types (a hostile one, 50,000), so the menu draws at most
 * MAX_TYPE_ROWS of them: all of them in log order when they fit, else the most frequent; a filter
 * box (shown once the list is long) searches every type, and a note says how many are not drawn.
 */
import { useMemo, useState } from 'react';
import type { TimelineFilter } from '../../worker/protocol';
import { LIST_BOUND, boundedMatches } from '../components/boundedList';
import { eventTypeBadgeClass } from '../components/format';
import { usePopupButton } from '../components/useDismiss';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { NameText } from '../components/NameText';
import { visibleName } from '../../core/view/bidiControls';

/** The most type rows the menu draws at once. */
export const MAX_TYPE_ROWS = LIST_BOUND;
/** From this many types on, the menu has a filter box. */
const FILTER_FROM = 16;

type TypeCount = { type: string; count: number };

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
): { rows: readonly TypeCount[]; matches: number } {
  const { rows, matching } = boundedMatches(
    types,
    (t) => t.type,
    query,
    (a, b) => b.count - a.count,
    max,
  );
  return { rows, matches: matching };
}

export function TypePicker() {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  const types = useApp((s) => s.summary?.types ?? NO_TYPES);
  const { open, ref, buttonProps } = usePopupButton();
  const [query, setQuery] = useState('');

  const chosen = filter.types;
  const all = useMemo(() => types.map((t) => t.type), [types]);
  const shown = useMemo(() => shownTypes(filter, all), [filter, all]);
  const { rows, matches } = useMemo(
    () => (open ? visibleTypes(types, query) : { rows: NO_TYPES, matches: 0 }),
    [open, types, query],
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
        className={`h-6 rounded border px-2 whitespace-nowrap ${chosen ? 'border-sky-500/50 bg-sky-500/15 text-sky-200' : 'border-line text-fg-muted hover:text-fg'}`}
      >
        Types{chosen ? ` (${shown.size.toLocaleString('en-US')})` : ''} ▾
      </button>
      {open && (
        <div
          data-testid="type-picker"
          className="absolute top-full right-2 left-2 z-30 mt-0.5 max-h-96 overflow-auto rounded border border-line-strong bg-panel p-1 shadow-xl @min-[30rem]:top-7 @min-[30rem]:right-auto @min-[30rem]:left-0 @min-[30rem]:mt-0 @min-[30rem]:w-72"
        >
          {/* The buttons and the filter box stay in view while the list scrolls. */}
          <div className="sticky -top-1 z-10 -mx-1 -mt-1 bg-panel px-1 pt-1">
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
          {rows.map((t) => (
            <label
              key={t.type}
              className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-tint/5"
            >
              <input
                type="checkbox"
                checked={shown.has(t.type)}
                onChange={() => toggle(t.type)}
                className="accent-sky-500"
              />
              <span
                className={`min-w-0 truncate rounded border px-1 font-mono text-[10px] ${eventTypeBadgeClass(t.type)}`}
                title={visibleName(t.type)}
              >
                <NameText name={t.type} />
              </span>
              <span className="ml-auto font-mono text-[11px] text-fg-subtle">
                {t.count.toLocaleString('en-US')}
              </span>
            </label>
          ))}
          {matches === 0 && query.trim() !== '' && (
            <p className="px-1 py-0.5 text-fg-subtle" data-testid="type-picker-note">
              No type matches “{query.trim()}”.
            </p>
          )}
          {left > 0 && (
            <p className="px-1 py-0.5 text-fg-subtle" data-testid="type-picker-note">
              {left.toLocaleString('en-US')} more {left === 1 ? 'type' : 'types'} not listed (the{' '}
              {rows.length.toLocaleString('en-US')} most frequent are): type to filter.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
