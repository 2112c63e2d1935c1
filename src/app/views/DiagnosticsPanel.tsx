/**
 * Diagnostics (spec section 5), bottom panel. Always present once a log is
 * loaded: collapsed it is one bar of per-code chips (one element per distinct
 * code, so 50,000 problems stay light); expanded it lists the items of the
 * chosen code, virtualized, each jumping to its seq; a line that is no event
 * (bad JSON, a torn tail) unfolds to show the start of its text.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { wrapTab } from '../components/focusTrap';
import type { DiagnosticCode, Severity } from '../../core/types';
import type { CodeGroup, DiagnosticItem } from '../../worker/protocol';
import { useApp } from '../appState';
import { diagnosticsTotal } from '../components/format';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { CopyLinkButton } from '../share/CopyLinkButton';
import { splitLineText } from '../../core/reader/records';
import { formatSeq } from '../../core/view/seqText';

/** Items per page of the worker's answers; each request asks for the page in view and the next. */
const PAGE = 100;
const WINDOW = 2 * PAGE;
/** A row's estimated height (one line of text-xs with its padding); rows are measured as they render. */
const ROW_PX = 21;
/** Characters of a broken line shown (the reader quotes at most 200 code points, escaped). */
const MAX_LINE_TEXT = 500;
const SEVERITIES: Severity[] = ['error', 'warning', 'info'];
const SEV_CHIP: Record<Severity, string> = {
  error: 'border-red-500/40 bg-red-500/10 text-red-200',
  warning: 'border-amber-500/40 bg-amber-500/10 text-amber-200',
  info: 'border-sky-500/30 bg-sky-500/10 text-sky-200',
};
const SEV_TEXT: Record<Severity, string> = {
  error: 'text-red-300',
  warning: 'text-amber-300',
  info: 'text-sky-300',
};

export function DiagnosticsPanel() {
  const codes = useApp((s) => s.codes);
  const counts = useApp((s) => s.diagnostics);
  const open = useApp((s) => s.diagnosticsOpen);
  const chosen = useApp((s) => s.diagnosticsCode) as DiagnosticCode | null;
  const total = diagnosticsTotal(counts);
  const current: DiagnosticCode | undefined = chosen ?? codes[0]?.code;

  const choose = (code: DiagnosticCode) => useApp.setState({ diagnosticsOpen: true, diagnosticsCode: code });
  const { sectionRef, toggleRef, close, onKeyDown } = usePanelFocus(open);

  return (
    <section
      ref={sectionRef}
      data-testid="diagnostics"
      data-open={open}
      aria-label="Diagnostics"
      onKeyDown={onKeyDown}
      className={`flex flex-col border-t border-line bg-panel ${open ? 'h-64 min-h-24' : 'shrink-0'}`}
    >
      {/* The chips wrap onto more lines in a narrow window rather than run off its edge. */}
      <div className="flex min-h-7 shrink-0 items-center gap-2 px-2 py-0.5 text-xs whitespace-nowrap">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <button
            ref={toggleRef}
            type="button"
            onClick={() => (open ? close() : useApp.setState({ diagnosticsOpen: true }))}
            className="flex items-center gap-1 font-medium text-fg hover:text-fg-strong"
            aria-expanded={open}
          >
            <span className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>▸</span>{' '}
            Diagnostics
          </button>
          <span className="font-mono text-[11px] text-fg-subtle">
            {total === 0 ? 'none' : `${total.toLocaleString('en-US')}`}
          </span>
          {codes.map((g) => (
            <button
              key={g.code}
              type="button"
              data-code={g.code}
              data-count={g.count}
              data-severity={g.severity}
              onClick={() => choose(g.code)}
              title={`${g.count} × ${g.code} (${g.severity})`}
              className={`rounded border px-1.5 font-mono text-[11px] leading-4 ${SEV_CHIP[g.severity]} ${open && current === g.code ? 'ring-1 ring-tint/50' : ''}`}
            >
              {/* The count at the chip's full colour: at 70% it read 3.8:1 in the light theme (axe). */}
              {g.code} <span className="font-normal">{g.count.toLocaleString('en-US')}</span>
            </button>
          ))}
        </div>
        {open && (
          <button
            type="button"
            onClick={close}
            className="shrink-0 rounded border border-line-strong px-2 leading-4 text-fg-soft hover:bg-tint/10"
            title="Close the diagnostics (Esc)"
          >
            Close
          </button>
        )}
      </div>
      {open && (
        <div className="flex min-h-0 flex-1 border-t border-line">
          <CodeList codes={codes} current={current} onChoose={choose} />
          {current ? (
            <ItemList key={current} code={current} />
          ) : (
            <div className="p-3 text-xs text-fg-subtle">No diagnostics: this log follows the spec.</div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The expanded panel behaves as a dialog for the keyboard: opening it from a control moves focus
 * to the chosen code, Tab stays inside, and Esc or Close folds it and gives focus back to the
 * control that opened it. Opened by a link at startup, it takes no focus.
 */
function usePanelFocus(open: boolean) {
  const sectionRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return;
    openerRef.current = active;
    sectionRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
  }, [open]);
  const close = () => {
    useApp.setState({ diagnosticsOpen: false });
    const opener = openerRef.current;
    openerRef.current = null;
    (opener?.isConnected ? opener : toggleRef.current)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!open || !sectionRef.current) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else wrapTab(e, sectionRef.current);
  };
  return { sectionRef, toggleRef, close, onKeyDown };
}

function CodeList({
  codes,
  current,
  onChoose,
}: {
  codes: CodeGroup[];
  current: DiagnosticCode | undefined;
  onChoose: (c: DiagnosticCode) => void;
}) {
  return (
    <div className="w-64 shrink-0 overflow-auto border-r border-line py-1 text-xs">
      {SEVERITIES.map((sev) => {
        const group = codes.filter((c) => c.severity === sev);
        if (group.length === 0) return null;
        return (
          <div key={sev}>
            <div className={`px-2 pt-1 text-[10px] font-semibold tracking-wider uppercase ${SEV_TEXT[sev]}`}>
              {sev}
            </div>
            {group.map((g) => (
              <button
                key={g.code}
                type="button"
                onClick={() => onChoose(g.code)}
                aria-current={current === g.code ? 'true' : undefined}
                className={`flex w-full items-center justify-between px-2 py-0.5 text-left font-mono ${current === g.code ? 'bg-tint/10 text-fg-strong' : 'text-fg-soft hover:bg-tint/5'}`}
              >
                <span className="truncate">{g.code}</span>
                <span className="text-fg-subtle">{g.count.toLocaleString('en-US')}</span>
              </button>
            ))}
          </div>
        );
      })}
    </div>
  );
}

/**
 * The items of one code, virtualized: a code can have 50,000 items, and rendering even a page of
 * 200 rows took over 50 ms of main thread when the panel opened. Only the rows in view (and a
 * margin) are in the DOM; the worker is asked for the window of WINDOW items around them, again
 * only when the view crosses into another page. A row not fetched yet shows its place.
 */
function ItemList({ code }: { code: DiagnosticCode }) {
  const count = useApp((s) => s.codes.find((c) => c.code === code)?.count ?? 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  // A broken line's text shown under it, by item index (kept while its row scrolls away).
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 6,
  });
  const rows = virtualizer.getVirtualItems();
  const from = Math.floor((rows[0]?.index ?? 0) / PAGE) * PAGE;
  const { data } = useWorkerQuery(
    { kind: 'diagnostics', code, from, to: from + WINDOW },
    { lane: 'diagnostics', keepPrevious: true, deps: [count] },
  );
  const toggle = (index: number) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div
      ref={scrollRef}
      className="min-w-0 flex-1 overflow-auto text-xs"
      data-testid="diagnostic-items"
      data-count={count}
    >
      <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => {
          const d = data ? data.items[row.index - data.from] : undefined;
          return (
            <div
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {d ? (
                <ItemRow
                  d={d}
                  code={code}
                  expanded={expanded.has(row.index)}
                  onToggle={() => toggle(row.index)}
                />
              ) : (
                <div className="border-b border-line-soft px-2 py-0.5 text-fg-subtle" data-pending>
                  {(row.index + 1).toLocaleString('en-US')} of {count.toLocaleString('en-US')}…
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** One diagnostic: its seq (a jump) or, for a line that is no event, its line (a toggle that shows the line's text). */
function ItemRow({
  d,
  code,
  expanded,
  onToggle,
}: {
  d: DiagnosticItem;
  code: DiagnosticCode;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { url } = useServices();
  const { message, text } = splitLineText(d.message);
  const lineOnly = d.seq === undefined;
  return (
    <div
      className="group border-b border-line-soft hover:bg-tint/5"
      data-line={lineOnly ? d.line : undefined}
    >
      <div className="flex items-baseline gap-2 px-2 py-0.5">
        <span className={`w-14 shrink-0 font-mono text-[11px] ${SEV_TEXT[d.severity]}`}>{d.severity}</span>
        {d.seq !== undefined ? (
          <button
            type="button"
            className="w-20 shrink-0 text-left font-mono text-sky-300 hover:underline"
            onClick={() => url.jumpTo(d.seq ?? null)}
          >
            {formatSeq(d.seq)}
          </button>
        ) : (
          <button
            type="button"
            aria-expanded={expanded}
            className="w-20 shrink-0 text-left font-mono text-sky-300 hover:underline"
            title={`line ${d.line ?? '?'} is not an event: show its text`}
            onClick={onToggle}
          >
            <span className={`mr-0.5 inline-block transition-transform ${expanded ? 'rotate-90' : ''}`}>
              ▸
            </span>
            line {d.line ?? '?'}
          </button>
        )}
        {d.seq !== undefined && d.line !== undefined && (
          <span className="w-16 shrink-0 font-mono text-fg-muted">line {d.line}</span>
        )}
        <span className="min-w-0 flex-1 text-fg-soft">{message}</span>
        {lineOnly && d.nearSeq !== undefined && (
          <button
            type="button"
            className="shrink-0 font-mono text-[11px] text-sky-300 hover:underline"
            title={`jump to the next event (${formatSeq(d.nearSeq)})`}
            onClick={() => url.jumpTo(d.nearSeq ?? null)}
          >
            next: {formatSeq(d.nearSeq)}
          </button>
        )}
        {(d.seq ?? d.nearSeq) !== undefined && (
          <CopyLinkButton
            seq={(d.seq ?? d.nearSeq) as number}
            what="diagnostic"
            extra={{ panel: 'diagnostics', diag: code }}
            className="self-center opacity-0 group-hover:opacity-100"
          />
        )}
      </div>
      {expanded && (
        <div className="px-2 pb-1 pl-[5.5rem]">
          {text !== null ? (
            <pre
              data-testid="diagnostic-line-text"
              className="max-h-32 overflow-auto rounded bg-inset p-1.5 font-mono text-[11px] break-all whitespace-pre-wrap text-fg"
            >
              {text.length > MAX_LINE_TEXT ? `${text.slice(0, MAX_LINE_TEXT)}…` : text}
            </pre>
          ) : (
            <p className="text-[11px] text-fg-subtle">
              The line&apos;s text is not kept for this diagnostic; its message says what was wrong.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
