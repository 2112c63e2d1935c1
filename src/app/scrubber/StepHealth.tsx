/**
 * Stream health in a step's timeline row (token-level replay): a sparkline of chunk
 * arrival over the streaming span, a "stall" chip when the longest gap
 * between chunks passed the threshold, and the figures in the tooltip
 * (time to first token, streaming time, tokens per second, longest stall).
 */
import type { StepHealthView } from '../../worker/protocol';
import { formatDuration } from '../components/format';
import { formatSeq } from '../../core/view/seqText';

export function healthTooltip(h: StepHealthView): string {
  const lines = ['Stream health'];
  if (h.ttftMs !== null)
    lines.push(
      `time to first token: ${formatDuration(h.ttftMs)} (from ${h.ttftFrom === 'request' ? 'the request' : 'step start'})`,
    );
  if (h.streamingMs !== null) lines.push(`streaming: ${formatDuration(h.streamingMs)}`);
  if (h.outputTokens !== null)
    lines.push(
      `output: ${h.outputTokens.toLocaleString('en-US')} tokens${h.tokensPerSecond !== null ? `, ${Math.round(h.tokensPerSecond).toLocaleString('en-US')} tokens/s` : ''}`,
    );
  lines.push(`chunks: ${h.chunkCount.toLocaleString('en-US')}`);
  if (h.longestStallMs !== null)
    lines.push(
      `longest stall: ${formatDuration(h.longestStallMs)}${h.stallSeq !== undefined ? ` (before ${formatSeq(h.stallSeq)})` : ''}${h.stalled ? ' — stalled' : ''}`,
    );
  return lines.join('\n');
}

const W = 44;
const H = 12;

export function StepHealthBadge({ health: h }: { health: StepHealthView }) {
  const hist = h.histogram;
  const max = hist ? Math.max(1, ...hist) : 1;
  const bw = hist && hist.length > 0 ? W / hist.length : 0;
  return (
    <span
      className="flex shrink-0 items-center gap-1"
      title={healthTooltip(h)}
      data-testid="step-health"
      data-stalled={h.stalled || undefined}
    >
      {hist && (
        <svg
          width={W}
          height={H}
          viewBox={`0 0 ${W} ${H}`}
          aria-hidden
          className="shrink-0 rounded-sm bg-tint/[0.04]"
        >
          {hist.map((c, i) =>
            c > 0 ? (
              <rect
                key={i}
                x={i * bw + 0.25}
                y={H - Math.max(1, (c / max) * H)}
                width={Math.max(0.5, bw - 0.5)}
                height={Math.max(1, (c / max) * H)}
                className="fill-emerald-400/80"
              />
            ) : null,
          )}
        </svg>
      )}
      {h.tokensPerSecond !== null && (
        <span className="font-mono text-[10px] text-fg-subtle tabular-nums">
          {Math.round(h.tokensPerSecond)} tok/s
        </span>
      )}
      {h.stalled && h.longestStallMs !== null && (
        <span className="inline-flex shrink-0 items-center rounded border border-amber-500/40 px-1 font-mono text-[10px] leading-[14px] text-amber-300">
          stall {formatDuration(h.longestStallMs)}
        </span>
      )}
    </span>
  );
}
