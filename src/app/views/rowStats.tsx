/**
 * The figures at the end of a turn or step row (TimelineRowView): in full, or in a short form when
 * the timeline is narrow (its scroller is a size container: TimelineRowView's NARROW_HIDDEN).
 */
import type { TokenUsage } from '../../core/types';
import type { TimelineRow } from '../../worker/protocol';
import { formatDuration, formatInOut } from '../components/format';

const NARROW_SHOWN = 'hidden @max-[40rem]:inline';

type Usage = TokenUsage | undefined;
const duration = (ms: number | undefined) => (ms !== undefined ? formatDuration(ms) : '');
const tokens = (u: Usage) => (u ? formatInOut(u) : '');
const shortTokens = (u: Usage) => (u ? formatInOut(u, true) : '');

/**
 * A turn's figures: its duration, steps and tools; in a narrow timeline its duration and steps.
 * Its tokens are in the tooltip (its step rows show theirs). A turn without a step made no model
 * call (a Claude Code local command such as /clear, a turn aborted at once): it shows no "0 steps",
 * its tooltip says so.
 */
export function TurnStats({ turn: t }: { turn: NonNullable<TimelineRow['turn']> }) {
  const steps = t.steps > 0 ? `${t.steps} step${t.steps === 1 ? '' : 's'}` : '';
  const tools =
    t.toolCalls > 0
      ? `${t.toolCalls} tool${t.toolCalls === 1 ? '' : 's'}${t.toolErrors ? ` (${t.toolErrors} failed)` : ''}`
      : '';
  const full = [duration(t.durationMs), steps, tools];
  const none = t.steps === 0 && !t.open ? 'no model call' : '';
  return (
    <Stats full={full} short={[duration(t.durationMs), steps]} title={[...full, none, tokens(t.usage)]} />
  );
}

/** A step's figures: its duration and tokens. They give way after its tools, before its label and outcome. */
export function StepStats({ step: s }: { step: NonNullable<TimelineRow['step']> }) {
  return (
    <Stats
      full={[duration(s.durationMs), tokens(s.usage)]}
      short={[duration(s.durationMs), shortTokens(s.usage)]}
      shrink="shrink-[1000]"
    />
  );
}

/**
 * A turn's or step's figures as one line, with every figure in its tooltip. The prompt and tool
 * names beside them shrink a hundred times faster, so the figures stay whole until those reach their
 * minimum; only then do the figures give way (an ellipsis). In a narrow timeline the row draws the
 * `short` form ("1.6k→15 tok" for "1.6k in · 15 out"); screen readers still get the full one.
 */
function Stats({
  full,
  short,
  title = full,
  shrink = 'shrink',
}: {
  full: string[];
  short: string[];
  title?: string[];
  /** Its flex-shrink class: how soon it gives way beside the row's other parts. */
  shrink?: string;
}) {
  const join = (parts: string[]) => parts.filter((p) => p !== '').join(' · ');
  const text = join(full);
  if (!text) return null;
  return (
    <span
      data-testid="row-stats"
      className={`min-w-0 ${shrink} truncate font-mono text-[11px] text-fg-muted tabular-nums`}
      title={join(title)}
    >
      <span className="@max-[40rem]:sr-only">{text}</span>
      <span className={NARROW_SHOWN} aria-hidden>
        {join(short)}
      </span>
    </span>
  );
}
