/**
 * The timeline's filter bar: text search (`/` focuses it), event types,
 * errors only, and fold-all buttons.
 */
import { useEffect, useRef, useState } from 'react';
import { eventTypeBadgeClass } from '../components/format';
import { foldAll, setFilter } from '../controller';
import { useApp } from '../store';

export const FILTER_INPUT_ID = 'timeline-filter';
/** A stable empty list: a selector returning a fresh [] would re-render forever. */
const NO_TYPES: { type: string; count: number }[] = [];

export function TimelineToolbar() {
  const filter = useApp((s) => s.filter);
  const rowCount = useApp((s) => s.rowCount);
  const foldLevel = useApp((s) => s.foldLevel);
  const [text, setText] = useState(filter.text);
  const filtered = filter.types !== null || filter.errorsOnly || filter.text !== '';

  // Debounce typing; the worker scans the whole log per filter.
  useEffect(() => {
    if (text === useApp.getState().filter.text) return;
    const t = setTimeout(() => setFilter({ ...useApp.getState().filter, text }), 200);
    return () => clearTimeout(t);
  }, [text]);

  return (
    <div className="flex h-9 shrink-0 items-center gap-1.5 border-b border-white/10 bg-neutral-900/80 px-2 text-xs">
      <div className="relative min-w-0 flex-1">
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
          placeholder="Filter events…  ( / )"
          aria-label="Filter events by text"
          className="h-6 w-full rounded border border-white/10 bg-neutral-950 px-2 text-xs text-neutral-200 placeholder:text-neutral-600 focus:border-sky-500/60 focus:outline-none"
        />
      </div>
      <TypePicker />
      <button
        type="button"
        aria-pressed={filter.errorsOnly}
        onClick={() => setFilter({ ...filter, errorsOnly: !filter.errorsOnly })}
        className={`h-6 rounded border px-2 ${filter.errorsOnly ? 'border-red-500/50 bg-red-500/15 text-red-200' : 'border-white/10 text-neutral-400 hover:text-neutral-200'}`}
        title="Only events with an error or warning, failed tool results, error turn ends and failed attempts"
      >
        Errors only
      </button>
      <div className="flex overflow-hidden rounded border border-white/10" role="group" aria-label="Fold">
        {(['turns', 'steps', 'none'] as const).map((level) => (
          <button
            key={level}
            type="button"
            disabled={filtered}
            onClick={() => foldAll(level)}
            className={`h-6 px-1.5 disabled:opacity-40 ${foldLevel === level ? 'bg-white/10 text-neutral-100' : 'text-neutral-400 hover:text-neutral-200'}`}
            title={level === 'none' ? 'Unfold turns and steps' : `Fold every ${level.slice(0, -1)}`}
          >
            {level === 'turns' ? 'Turns' : level === 'steps' ? 'Steps' : 'All'}
          </button>
        ))}
      </div>
      <span
        className="w-20 shrink-0 text-right font-mono text-[11px] text-neutral-500 tabular-nums"
        data-testid="row-count"
      >
        {rowCount.toLocaleString('en-US')} {filtered ? 'match' : 'row'}
        {rowCount === 1 ? '' : filtered ? 'es' : 's'}
      </span>
    </div>
  );
}

function TypePicker() {
  const filter = useApp((s) => s.filter);
  const types = useApp((s) => s.summary?.types ?? NO_TYPES);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', close);
    return () => window.removeEventListener('mousedown', close);
  }, [open]);

  const chosen = filter.types;
  const toggle = (type: string) => {
    const all = types.map((t) => t.type);
    const current = new Set(chosen ?? all);
    if (current.has(type)) current.delete(type);
    else current.add(type);
    setFilter({ ...filter, types: current.size === all.length ? null : [...current] });
  };
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className={`h-6 rounded border px-2 ${chosen ? 'border-sky-500/50 bg-sky-500/15 text-sky-200' : 'border-white/10 text-neutral-400 hover:text-neutral-200'}`}
      >
        Types{chosen ? ` (${chosen.length})` : ''} ▾
      </button>
      {open && (
        <div className="absolute top-7 right-0 z-30 max-h-96 w-72 overflow-auto rounded border border-white/15 bg-neutral-900 p-1 shadow-xl">
          <div className="flex gap-1 border-b border-white/10 p-1">
            <button
              type="button"
              className="rounded px-1.5 text-neutral-300 hover:bg-white/10"
              onClick={() => setFilter({ ...filter, types: null })}
            >
              All
            </button>
            <button
              type="button"
              className="rounded px-1.5 text-neutral-300 hover:bg-white/10"
              onClick={() => setFilter({ ...filter, types: [] })}
            >
              None
            </button>
            <button
              type="button"
              className="rounded px-1.5 text-neutral-300 hover:bg-white/10"
              onClick={() =>
                setFilter({
                  ...filter,
                  types: types.map((t) => t.type).filter((t) => t !== 'assistant/chunk'),
                })
              }
            >
              No chunks
            </button>
          </div>
          {types.map((t) => (
            <label
              key={t.type}
              className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-white/5"
            >
              <input
                type="checkbox"
                checked={chosen === null || chosen.includes(t.type)}
                onChange={() => toggle(t.type)}
                className="accent-sky-500"
              />
              <span className={`rounded border px-1 font-mono text-[10px] ${eventTypeBadgeClass(t.type)}`}>
                {t.type}
              </span>
              <span className="ml-auto font-mono text-[11px] text-neutral-500">
                {t.count.toLocaleString('en-US')}
              </span>
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
