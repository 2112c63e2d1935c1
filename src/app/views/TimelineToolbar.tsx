/**
 * The timeline's filter bar, on one line at any pane width: text search (`/` focuses it), event
 * types (TypePicker), errors only, fold-all buttons (the last two in a menu when the pane is narrow:
 * ToolbarMoreMenu) and the row count.
 */
import { useEffect, useState } from 'react';
import { useApp } from '../appState';
import { FILTER_INPUT_ID } from '../keymap';
import { useServices } from '../services/context';
import { TypePicker } from './TypePicker';
import { useRowCountStatus } from './rowCountStatus';
import { ErrorsOnlyButton, FoldButtons, ToolbarMoreMenu, WIDE_ERRORS, WIDE_FOLD } from './ToolbarMoreMenu';

/** How long typing pauses before the filter's text is applied. */
const TYPING_PAUSE_MS = 200;

export function TimelineToolbar() {
  const { load } = useServices();
  const filter = useApp((s) => s.filter);
  const [text, setText] = useState(filter.text);
  const { shown, announced, filtered } = useRowCountStatus();

  // The filter's text changed from outside the box ("Clear filters"): the box shows it (a typed
  // text still waiting for its debounce is not outside, nor is what the box itself sent).
  const [shownFilterText, setShownFilterText] = useState(filter.text);
  if (filter.text !== shownFilterText) {
    setShownFilterText(filter.text);
    if (filter.text !== text) setText(filter.text);
  }

  // Debounce typing; the worker scans the whole log per filter. A box emptied scans nothing: it
  // applies at once (the old matches stayed on screen for the debounce, then the old count).
  useEffect(() => {
    if (text === useApp.getState().filter.text) return;
    const t = setTimeout(
      () => load.setFilter({ ...useApp.getState().filter, text }),
      text.trim() === '' ? 0 : TYPING_PAUSE_MS,
    );
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
          {shown}
        </span>
      </div>
      {/* Outside the line of controls: what a screen reader is told of the count (rowCountStatus). */}
      <span className="sr-only" role="status">
        {announced}
      </span>
    </div>
  );
}
