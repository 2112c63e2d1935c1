/**
 * "Resume preview" (spec section 4, resume check): for a log the harness
 * would refuse to resume, the reasons; for one that ends inside a turn, the
 * events the harness would append on resume and the messages the next
 * request would carry, the synthetic ones visibly marked.
 */
import type { ResumePreview as Preview } from '../../worker/protocol';
import { useApp } from '../appState';
import { MessageView } from '../components/blocks';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { formatSeq } from '../../core/view/seqText';

/** The log's resume preview once it is fully read (null before, or for an empty log). */
export function useResumePreview(): Preview | null {
  const loadId = useApp((s) => s.loadId);
  const status = useApp((s) => s.status);
  const events = useApp((s) => (s.status === 'ready' ? s.events : 0)); // not at every progress of a load
  const { data } = useWorkerQuery(status === 'ready' && events > 0 ? { kind: 'resumePreview' } : null, {
    lane: 'resume',
    coalesce: true,
    deps: [loadId, events],
  });
  return data ?? null;
}

export function ResumePreview({ preview, onClose }: { preview: Preview; onClose: () => void }) {
  const { url } = useServices();
  const jumpTo = (s: number) => url.jumpTo(s);
  const { refusals, repair, tail, count } = preview;
  return (
    <div data-testid="resume-preview" className="border-b border-amber-500/30 bg-amber-500/[0.04] text-xs">
      <div className="flex items-center gap-2 px-3 py-1">
        <span className="font-medium text-amber-200">Resume preview</span>
        <span className="text-fg-muted">
          {repair.length > 0
            ? `the log ends inside a turn: on resume the harness appends ${repair.length} events, then sends ${count} messages`
            : 'the log ends between turns: nothing to repair'}
        </span>
        <button
          type="button"
          className="ml-auto rounded px-1 text-fg-muted hover:bg-tint/10 hover:text-fg-strong"
          onClick={onClose}
          aria-label="Close the resume preview"
        >
          ✕
        </button>
      </div>
      {refusals.length > 0 && (
        <ul data-testid="resume-refusals" className="space-y-0.5 px-3 pb-1">
          {refusals.map((r, i) => (
            <li key={i} className="text-amber-300">
              The harness would refuse to resume: {r.message}
              {r.seq !== undefined && (
                <button
                  type="button"
                  className="ml-1 font-mono text-sky-300 hover:underline"
                  onClick={() => jumpTo(r.seq!)}
                >
                  {formatSeq(r.seq)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {repair.length > 0 && (
        <div className="max-h-[50vh] overflow-auto">
          <ol data-testid="resume-synthetic-events" className="space-y-0.5 px-3 pb-1">
            {repair.map((e) => (
              <li key={e.seq} className="flex items-center gap-2 font-mono">
                <SyntheticBadge />
                <span className="text-fg-subtle">{formatSeq(e.seq)}</span>
                <span className="text-fg">{e.type}</span>
                <span className="truncate text-fg-muted">{describe(e)}</span>
              </li>
            ))}
          </ol>
          <div className="px-3 pt-1 text-fg-subtle">
            The next request carries {count} messages; the last {tail.length}:
          </div>
          <div data-testid="resume-messages">
            {tail.map((m) => (
              <div
                key={`${m.synthetic ? 's' : 'm'}${m.seq}`}
                data-synthetic={m.synthetic}
                className={m.synthetic ? 'border-l-2 border-amber-400/70 bg-amber-500/[0.06]' : ''}
              >
                <MessageView
                  message={m.message}
                  index={m.index}
                  sourceSeq={m.seq}
                  onJumpToSeq={m.synthetic ? () => undefined : jumpTo}
                  headerExtra={m.synthetic ? <SyntheticBadge /> : undefined}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

function SyntheticBadge() {
  return (
    <span
      className="rounded border border-amber-400/50 bg-amber-500/10 px-1 font-mono text-[10px] text-amber-200"
      title="Not in the file: the harness would append it on resume"
    >
      synthetic
    </span>
  );
}

function describe(e: Preview['repair'][number]): string {
  switch (e.type) {
    case 'tool/result': {
      const { code } = e.data.error;
      const callId = e.data.message.source?.callId;
      const call = e.sourceEventSeqs[0];
      const at =
        code === 'TOOL_OUTCOME_UNKNOWN' && call !== undefined ? ` (tool/call at ${formatSeq(call)})` : '';
      return `${code} for ${typeof callId === 'string' ? callId : '?'}${at}`;
    }
    case 'turn/end':
      return `turn ${e.data.turn}: interrupted`;
    case 'step/end':
      return `turn ${e.data.turn} step ${e.data.step}`;
    case 'session/end-seed':
      return '';
  }
}
