/**
 * When a read limit stopped the log (core/reader/readLimits.ts: a decompression bomb, an
 * endless line, a log past this tab's size limit), the log shows what came before it and
 * this banner says what was refused, with "Load anyway": the deliberate choice to read on
 * past that limit (the tab's memory budget still refuses what would kill it). A limit no
 * option lifts (another agent's log held in one piece) offers no button: its message says
 * what would work instead.
 */
import { canLift } from '../../core/reader/readLimits';
import { useApp } from '../appState';
import { useServices } from '../services/context';

const WHAT_LIFTING_COSTS = {
  'decoded-size': 'reading on may use more memory than this tab can spare',
  'compression-ratio': 'if it is a decompression bomb, reading on fills memory until the size limit stops it',
  'line-length': 'a very long line is held and parsed whole in memory',
  'import-growth': 'the import writes on until the size limit stops it',
  'one-piece': null,
} as const;

export function ReadLimitBanner() {
  const hit = useApp((s) => (s.status === 'ready' ? s.summary?.limitHit : undefined));
  const { load } = useServices();
  if (!hit) return null;
  return (
    <div
      role="status"
      data-testid="read-limit"
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-500/30 bg-amber-500/10 px-3 py-1.5 text-xs text-amber-100"
    >
      <span className="min-w-0 flex-1">{hit.message}</span>
      {canLift(hit.kind) && (
        <>
          <span className="text-amber-200/70">{WHAT_LIFTING_COSTS[hit.kind]}.</span>
          <button
            type="button"
            onClick={() => load.loadAnyway()}
            className="rounded border border-amber-400/50 px-2 py-0.5 font-medium hover:bg-amber-500/20"
          >
            Load anyway
          </button>
        </>
      )}
    </div>
  );
}
