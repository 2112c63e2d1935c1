/**
 * When a compressed log's bytes stop making sense part way (a gzip cut short, a corrupt zstd
 * frame), the reader keeps what it decoded before (core/reader/logReader.ts, `bad-compression`)
 * and the log shows it. Left at a diagnostics count, that reads like a whole log: this banner
 * says the rest of the file is lost, where, how much was kept, and opens the diagnostics. A log
 * that nothing could be read from says so in the timeline instead (TimelineEmpty.tsx).
 */
import { formatCount } from '../../core/view/seqText';
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

const LOST_BYTES = 'bad-compression';

export function DataLossBanner() {
  const cut = useApp(
    (s) => s.status === 'ready' && s.events > 0 && s.codes.some((g) => g.code === LOST_BYTES),
  );
  const events = useApp((s) => s.events);
  const name = useApp((s) => s.name);
  const loadId = useApp((s) => s.loadId);
  const first = useWorkerQuery(cut ? { kind: 'diagnostics', code: LOST_BYTES, from: 0, to: 1 } : null, {
    deps: [loadId],
  }).data?.items[0];
  if (!cut) return null;
  return (
    <div
      role="status"
      data-testid="data-loss"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-500/30 bg-red-500/10 px-3 py-1.5 text-xs text-red-100"
    >
      <span className="min-w-0 flex-1">
        <span className="font-medium">The end of {name} could not be read</span>
        {first ? `: ${first.message}.` : '.'} The {formatCount(events)} events before it are shown; the rest
        of the file is lost.
      </span>
      <button
        type="button"
        onClick={() => useApp.setState({ diagnosticsOpen: true, diagnosticsCode: LOST_BYTES })}
        className="rounded border border-red-400/50 px-2 py-0.5 hover:bg-red-500/20"
      >
        Show diagnostics
      </button>
    </div>
  );
}
