/**
 * A log whose last line was cut mid-write (no newline, and it does not parse; or a zstd stream
 * cut inside its last frame) has that line dropped by the reader (core/reader/records.ts,
 * `torn-tail` with `droppedBytes`). A warning chip alone leaves a user who never opens the
 * diagnostics thinking the log is whole: this one-line note says what was dropped. The same
 * family as the data-loss banner, in amber: only one line is lost, and a writer that stopped
 * mid-line (a crash, a copy taken while it wrote) is common. A log followed live is never ended,
 * so its last line waits for its newline and is no torn tail: no note while following.
 */
import { formatBytes } from '../../core/view/byteSize';
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

const TORN_TAIL = 'torn-tail';

export function TornTailNote() {
  const torn = useApp(
    (s) => s.status === 'ready' && s.summary?.following !== true && s.codes.some((g) => g.code === TORN_TAIL),
  );
  const name = useApp((s) => s.name);
  const loadId = useApp((s) => s.loadId);
  // A log has at most one torn tail (its last line).
  const dropped = useWorkerQuery(torn ? { kind: 'diagnostics', code: TORN_TAIL, from: 0, to: 1 } : null, {
    deps: [loadId],
  }).data?.items[0]?.droppedBytes;
  if (!torn || dropped === undefined) return null;
  return (
    <div
      role="status"
      data-testid="torn-tail"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-500/30 bg-amber-500/10 px-3 py-1 text-xs text-amber-100"
    >
      <span className="min-w-0 flex-1">
        The last line of {name} was cut mid-write and is dropped ({formatBytes(dropped)}); everything before
        it is shown.
      </span>
      <button
        type="button"
        onClick={() => useApp.setState({ diagnosticsOpen: true, diagnosticsCode: TORN_TAIL })}
        className="rounded border border-amber-400/50 px-2 py-0.5 hover:bg-amber-500/20"
      >
        Show diagnostics
      </button>
    </div>
  );
}
