/**
 * The timeline's filter bar, on one line at any pane width: text search (`/` focuses it), event
 * types, errors only, fold-all buttons (the last two in a menu when the pane is narrow:
 * ToolbarMoreMenu) and the row count.
 */
import { useEffect, useState } from 'react';
import type { TimelineFilter } from '../../worker/protocol';
import { eventTypeBadgeClass } from '../components/format';
import { usePopupButton } from '../components/useDismiss';
import { useApp } from '../appState';
import { FILTER_INPUT_ID } from '../keymap';
import { useServices } from '../services/context';
import { ErrorsOnlyButton, FoldButtons, ToolbarMoreMenu, WIDE_ERRORS, WIDE_FOLD } from './ToolbarMoreMenu';

/** A stable empty list: a selector returning a fresh [] would re-render forever. */
const NO_TYPES: { type: string; count: number }[] = [];

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

function withTypes(
  filter: TimelineFilter,
  types: Pick<TimelineFilter, 'types' | 'excludeTypes'>,
): TimelineFilter {
  const { excludeTypes: _drop, ...rest } = filter;
  return { ...rest, ...types };
}

export function TimelineToolbar() {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  const rowCount = useApp((s) => s.rowCount);
  const [text, setText] = useState(filter.text);
  const filtered = filter.types !== null || filter.errorsOnly || filter.text !== '';

  // The filter's text changed from outside the box ("Clear filters"): the box shows it (a typed
  // text still waiting for its debounce is not outside, nor is what the box itself sent).
  const [shownFilterText, setShownFilterText] = useState(filter.text);
  if (filter.text !== shownFilterText) {
    setShownFilterText(filter.text);
    if (filter.text !== text) setText(filter.text);
  }

  // Debounce typing; the worker scans the whole log per filter.
  useEffect(() => {
    if (text === useApp.getState().filter.text) return;
    const t = setTimeout(() => load.setFilter({ ...useApp.getState().filter, text }), 200);
    return () => clearTimeout(t);
  }, [text, load]);

  return (
    // One line at any width: a container query moves what does not fit into "Fold ▾" / "More ▾"
    // (ToolbarMoreMenu), so every control stays one click away in a narrow timeline.
    <div
      className="@container relative shrink-0 border-b border-line bg-panel/80 text-xs"
      data-testid="timeline-toolbar"
    >
      <div className="flex min-h-9 items-center gap-1.5 px-2 py-1.5">
        <div className="relative min-w-20 flex-1">
          <input
            id={FILTER_INPUT_ID}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setText('');
                (e.target as HTMLInputElement).blur();
              }
            }}
            placeholder="Filter events…"
            aria-label="Filter events by text"
            className="h-6 w-full rounded border border-line bg-canvas px-2 text-xs text-fg placeholder:text-fg-faint focus:border-sky-500/60 focus:outline-none"
          />
        </div>
        <TypePicker />
        <ErrorsOnlyButton className={`hidden h-6 rounded border px-2 whitespace-nowrap ${WIDE_ERRORS}`} />
        <FoldButtons
          filtered={filtered}
          className={`hidden overflow-hidden rounded border border-line ${WIDE_FOLD}`}
        />
        <ToolbarMoreMenu filtered={filtered} />
        <span
          className="shrink-0 text-right font-mono text-[11px] whitespace-nowrap text-fg-subtle tabular-nums"
          data-testid="row-count"
        >
          {rowCount.toLocaleString('en-US')} {filtered ? 'match' : 'row'}
          {rowCount === 1 ? '' : filtered ? 'es' : 's'}
        </span>
      </div>
    </div>
  );
}

function TypePicker() {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  const types = useApp((s) => s.summary?.types ?? NO_TYPES);
  const { open, ref, buttonProps } = usePopupButton();

  const chosen = filter.types;
  const all = types.map((t) => t.type);
  const shown = shownTypes(filter, all);
  const toggle = (type: string) => {
    const next = new Set(shown);
    if (next.has(type)) next.delete(type);
    else next.add(type);
    load.setFilter(withTypes(filter, typesFilter(next, all)));
  };
  return (
    // Under its button where the line is wide; across the toolbar where it is narrow, so the list
    // (and its counts) is never cut by the pane's edge.
    <div className="@min-[30rem]:relative" ref={ref}>
      <button
        {...buttonProps}
        className={`h-6 rounded border px-2 whitespace-nowrap ${chosen ? 'border-sky-500/50 bg-sky-500/15 text-sky-200' : 'border-line text-fg-muted hover:text-fg'}`}
      >
        Types{chosen ? ` (${shown.size})` : ''} ▾
      </button>
      {open && (
        <div
          data-testid="type-picker"
          className="absolute top-full right-2 left-2 z-30 mt-0.5 max-h-96 overflow-auto rounded border border-line-strong bg-panel p-1 shadow-xl @min-[30rem]:top-7 @min-[30rem]:right-auto @min-[30rem]:left-0 @min-[30rem]:mt-0 @min-[30rem]:w-72"
        >
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
          {types.map((t) => (
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
              <span className={`rounded border px-1 font-mono text-[10px] ${eventTypeBadgeClass(t.type)}`}>
                {t.type}
              </span>
              <span className="ml-auto font-mono text-[11px] text-fg-subtle">
                {t.count.toLocaleString('en-US')}
              </span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
