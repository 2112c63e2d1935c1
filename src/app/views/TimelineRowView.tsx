/**
 * One timeline row: a turn header, a step header, a folded chunk run, or an
 * event (seq, relative time, type badge, one-line summary, diagnostics).
 */
import { type CSSProperties, type KeyboardEvent, type ReactNode, useState } from 'react';
import type { StepOutcome } from '../../core/view/spanSummary';
import type { Tone as SummaryTone } from '../../core/view/summary';
import type { TimelineRow } from '../../worker/protocol';
import { eventTypeBadgeClass, formatClockOffset, turnEndReasonClass } from '../components/format';
import { StepHealthBadge } from '../scrubber/StepHealth';
import { CopyLinkButton } from '../share/CopyLinkButton';
import { InputDiffButton } from '../why/InputDiffButton';
import { formatSeq } from '../../core/view/seqText';
import { NameText } from '../components/NameText';
import { nameTip } from '../../core/view/bidiControls';
import { StepStats, TurnStats } from './rowStats';

const SUMMARY_TONE: Record<SummaryTone, string> = {
  normal: 'text-fg',
  muted: 'text-fg-subtle',
  ok: 'text-fg-soft',
  warn: 'text-amber-300',
  error: 'text-red-300',
};

const SEVERITY_PILL = {
  error: 'bg-red-500/20 text-red-300 border-red-500/40',
  warning: 'bg-amber-500/20 text-amber-300 border-amber-500/40',
  info: 'bg-sky-500/15 text-sky-300 border-sky-500/30',
} as const;

/** A step's outcome chip: failures red, notes amber, ok quiet. */
const OUTCOME_CHIP: Record<StepOutcome, string> = {
  ok: 'border-emerald-500/30 text-emerald-300',
  'tool error': 'border-red-500/40 text-red-300',
  'call failed': 'border-red-500/40 text-red-300',
  'failed attempt': 'border-amber-500/40 text-amber-300',
  'max tokens': 'border-amber-500/40 text-amber-300',
  'cut short': 'border-amber-500/40 text-amber-300',
  open: 'border-edge text-fg-muted',
};

const OUTCOME_TITLE: Record<StepOutcome, string> = {
  ok: 'The step ended and nothing in it failed',
  'tool error': 'A tool result in this step reported an error',
  'call failed': 'The model call failed on its last attempt',
  'failed attempt': 'A model-call attempt failed and was retried',
  'max tokens': 'The model stopped at its output token limit',
  'cut short': 'The step never ended: its turn ended first (interrupted or aborted)',
  open: 'The step is still running at the end of the log',
};

const chip = 'inline-flex shrink-0 items-center rounded border px-1 font-mono text-[10px] leading-[14px]';

/**
 * The timeline's scroller is a size container: when it is narrow (a 1024 px window, or a pane
 * the user made small) a step row drops its stream-health sparkline and a turn row its end
 * reason's words and its count of diagnostics inside (each event row shows its own), and their
 * figures take a short form, so the label, outcome, prompt, tools and figures keep their room.
 */
const NARROW_HIDDEN = '@max-[40rem]:hidden';

export interface TimelineRowViewProps {
  row: TimelineRow;
  style: CSSProperties;
  selected: boolean;
  /** The selection is folded inside this row. */
  containsSelection: boolean;
  /** A request/header whose header differs from the previous one (spec section 4). */
  requestChanged?: boolean;
  /** The one row of the timeline in the Tab order (roving tabindex): the selection's row. */
  tabbable: boolean;
  /** The seq column's width (CSS), the same on every row; 3rem without one. */
  seqWidth?: string;
  onSelect: () => void;
  onToggle: () => void;
  /** Left on a row that cannot collapse: go to the row it belongs to (a step, a turn). */
  onParent: (rowElement: HTMLElement) => void;
}

export function TimelineRowView({
  row,
  style,
  selected,
  containsSelection,
  requestChanged = false,
  tabbable,
  seqWidth,
  onSelect,
  onToggle,
  onParent,
}: TimelineRowViewProps) {
  const base =
    row.kind === 'turn'
      ? 'bg-indigo-500/[0.09] font-medium'
      : row.kind === 'step'
        ? 'bg-tint/[0.025]'
        : row.kind === 'chunks'
          ? 'bg-emerald-500/[0.04]'
          : '';
  const state = selected
    ? 'bg-sky-500/25 shadow-[inset_2px_0_0_0_rgb(56,189,248)]'
    : containsSelection
      ? 'bg-sky-500/10 shadow-[inset_2px_0_0_0_rgba(56,189,248,0.5)]'
      : 'hover:bg-tint/[0.05]';
  const foldable = row.collapsed !== undefined;
  // The row's actions exist on the selected row and the row under the pointer only: a timeline
  // redraws every row on a jump, and each element a row carries costs style and layout then.
  const [hovered, setHovered] = useState(false);
  const actions = selected || hovered;
  // A treegrid row (WAI-ARIA treegrid pattern): the row takes focus, Right/Left unfold and fold
  // (Left on a row that cannot fold goes to its parent), Enter toggles; the buttons inside stay
  // out of the Tab order so the timeline is one Tab stop.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowRight' && foldable && row.collapsed) onToggle();
    else if (e.key === 'ArrowLeft' && foldable && !row.collapsed) onToggle();
    else if (e.key === 'ArrowLeft' && row.depth > 0) onParent(e.currentTarget);
    else if (e.key === 'Enter' && foldable) onToggle();
    else return;
    e.preventDefault();
  };
  return (
    <div
      data-seq={row.seq}
      data-kind={row.kind}
      data-row={row.row}
      role="row"
      aria-rowindex={row.row + 1}
      aria-level={row.depth + 1}
      aria-expanded={foldable ? !row.collapsed : undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      data-current={selected || containsSelection || undefined}
      title={`${formatSeq(row.seq)}${row.coverEnd > row.seq ? ` (folded through ${row.coverEnd})` : ''} · ${nameTip(row.type)}`}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      style={style}
      className={`group flex cursor-default items-center gap-(--row-gap) border-b [--row-gap:0.375rem] @max-[40rem]:[--row-gap:0.25rem] @max-[40rem]:[--indent:8px] border-line-soft pr-2 text-[12px] whitespace-nowrap select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400 ${base} ${state} ${row.seedBoundary ? 'border-t border-t-fuchsia-400/60' : ''}`}
    >
      <span
        role="gridcell"
        style={seqWidth === undefined ? undefined : { ['--seq-w' as string]: seqWidth }}
        className="w-[var(--seq-w,3rem)] shrink-0 text-right font-mono text-[11px] text-fg-subtle tabular-nums"
      >
        <span className="sr-only">seq </span>
        {row.seq}
      </span>
      <span
        role="gridcell"
        className="w-[10ch] shrink-0 text-right font-mono text-[11px] text-fg-muted tabular-nums @max-[40rem]:w-[9ch]"
      >
        {row.relTime !== undefined ? formatClockOffset(row.relTime) : ''}
      </span>
      <span
        role="gridcell"
        className="flex min-w-0 flex-1 items-center gap-[inherit] overflow-hidden"
        // The indent by depth (and, on a row that cannot fold, the chevron's room) as padding:
        // one element less per row than spacer elements.
        style={{
          paddingLeft: `calc(2px + ${row.depth} * var(--indent, 14px) + var(--row-gap)${foldable ? '' : ' + 12px + var(--row-gap)'})`,
        }}
      >
        {foldable && (
          <button
            type="button"
            // The row says expanded/collapsed (aria-expanded) and folds with Right/Left/Enter: the
            // chevron is for the mouse only.
            tabIndex={-1}
            aria-hidden
            className="-ml-1 flex h-4 w-4 shrink-0 items-center justify-center rounded text-fg-muted hover:bg-tint/10 hover:text-fg-strong"
            onClick={(e) => {
              e.stopPropagation();
              onToggle();
            }}
          >
            <svg
              viewBox="0 0 10 10"
              className={`h-2.5 w-2.5 transition-transform ${row.collapsed ? '' : 'rotate-90'}`}
              aria-hidden
            >
              <path d="M3 1.5 L7 5 L3 8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        )}
        {/* A turn or step row is a group's header: its label ("Turn 3", "Step 2.1") stands where an
            event's type badge would, and its type is in the row's tooltip. */}
        {row.kind !== 'turn' && row.kind !== 'step' && (
          <span
            className={`${chip} max-w-[168px] min-w-[120px] justify-center overflow-hidden text-ellipsis ${eventTypeBadgeClass(row.type)}`}
            title={nameTip(row.type)}
          >
            <NameText name={row.type} className="truncate" />
          </span>
        )}
        <span data-part="summary" className="flex min-w-0 flex-1 items-center gap-[inherit] overflow-hidden">
          {content(row)}
        </span>
        {requestChanged && (
          <span
            data-testid="request-changed-mark"
            className={`${chip} border-sky-400/50 bg-sky-500/10 text-sky-200`}
            title="The request header changed here: model, system prompt or tools"
          >
            header Δ
          </span>
        )}
        {row.diagnostics > 0 && row.severity && (
          <span
            className={`${chip} ${SEVERITY_PILL[row.severity]}`}
            title={`${row.diagnostics} diagnostic(s), worst: ${row.severity}`}
          >
            <span aria-hidden>{row.severity === 'error' ? '✕' : row.severity === 'warning' ? '!' : 'i'}</span>
            <span className="sr-only">{`diagnostics, worst ${row.severity}:`}</span> {row.diagnostics}
          </span>
        )}
      </span>
      {/* The row's actions take room on the selected row only; on the others they show over the
          row's end while the pointer is on it, so they never squeeze the row's figures. */}
      {actions && (
        <span
          role="gridcell"
          data-part="actions"
          className={
            selected
              ? 'flex shrink-0 items-center gap-1'
              : 'absolute inset-y-0 right-0 flex items-center gap-1 bg-canvas pr-2 pl-1.5'
          }
        >
          {row.kind === 'step' && (
            <InputDiffButton seq={row.seq} tabIndex={-1} className={selected ? 'opacity-80' : ''} />
          )}
          <CopyLinkButton seq={row.seq} tabIndex={-1} className={selected ? 'opacity-80' : ''} />
        </span>
      )}
    </div>
  );
}

function content(row: TimelineRow): ReactNode {
  if (row.kind === 'turn' && row.turn) {
    const t = row.turn;
    return (
      <>
        <span data-part="label" className="shrink-0 text-indigo-200">
          Turn {t.turn}
        </span>
        {t.endReason ? (
          <span className={`${chip} ${turnEndReasonClass(t.endReason.kind)}`} title={t.endReason.detail}>
            {t.endReason.kind}
          </span>
        ) : (
          <span className={`${chip} border-edge text-fg-muted`}>{t.open ? 'open' : '—'}</span>
        )}
        {t.endReason?.detail && (
          <span className={`truncate text-[11px] text-fg-muted ${NARROW_HIDDEN}`}>{t.endReason.detail}</span>
        )}
        {t.diagnostics > 0 && (
          <span
            className={`${chip} border-amber-500/30 text-amber-300 ${NARROW_HIDDEN}`}
            title="diagnostics inside this turn"
          >
            {t.diagnostics} diag
          </span>
        )}
        {t.prompt !== undefined && (
          <span
            data-part="prompt"
            className="max-w-fit min-w-[12ch] shrink-0 grow basis-0 truncate text-fg @max-[40rem]:min-w-[9ch]"
            title={nameTip(t.prompt)}
          >
            “{t.prompt}”
          </span>
        )}
        <TurnStats turn={t} />
      </>
    );
  }
  if (row.kind === 'step' && row.step) {
    const s = row.step;
    // What gives way when the row is narrow: the tools first, then the figures (their tooltip keeps
    // them); the label and outcome do not shrink, so no fraction of a pixel spills onto them (an
    // ellipsis: at 1024 px a failed step read "Step 14…" and "tool erro"), and a share of the row
    // caps them, so that at the narrowest pane they end in an ellipsis rather than overflow, cut.
    return (
      <>
        <span
          data-part="label"
          className="max-w-[50%] shrink-0 truncate text-cyan-200"
          title={`Step ${s.turn}.${s.step}`}
        >
          Step {s.turn}.{s.step}
        </span>
        {s.outcomes.map((o) => (
          <span
            key={o}
            data-outcome={o}
            className={`${chip} ${OUTCOME_CHIP[o]} max-w-[35%]`}
            title={OUTCOME_TITLE[o]}
          >
            {/* A chip is a flex box: its text needs a block of its own to end in an ellipsis. */}
            <span className="truncate">
              {o === 'failed attempt' && s.failedAttempts > 1 ? `${s.failedAttempts} failed attempts` : o}
            </span>
          </span>
        ))}
        {s.tools !== undefined && (
          <span
            data-part="tools"
            className="max-w-[45%] min-w-0 shrink-[1000000] truncate font-mono text-[11px] text-fg-soft"
            title={`tools called: ${nameTip(s.tools)}`}
          >
            <NameText name={s.tools} />
          </span>
        )}
        <StepStats step={s} />
        {s.health && (
          // The stream-health badge gives way before the figures do, whole: when it does not fit
          // it wraps onto a second, clipped line instead of showing half a sparkline.
          <span className={`flex h-4 min-w-0 flex-1 flex-wrap overflow-hidden ${NARROW_HIDDEN}`}>
            <StepHealthBadge health={s.health} />
          </span>
        )}
      </>
    );
  }
  if (row.kind === 'chunks' && row.chunks) {
    const [head, ...rest] = row.summary.split(' · ');
    return (
      <>
        <span className="shrink-0 text-emerald-300">{head}</span>
        <NameText name={rest.join(' · ')} className="truncate font-mono text-[11px] text-fg-subtle" />
      </>
    );
  }
  // A summary names tools and types: drawn as a name, so none of them reorders the row.
  return <NameText name={row.summary} className={`truncate ${SUMMARY_TONE[row.tone]}`} />;
}
