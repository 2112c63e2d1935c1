/** The request/header seqs where the header changed (the timeline marks them), fetched per log state. */
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

const NONE: ReadonlySet<number> = new Set();

export function useRequestChangeSeqs(): ReadonlySet<number> {
  const loadId = useApp((s) => s.loadId);
  const events = useApp((s) => s.events);
  const status = useApp((s) => s.status);
  // Asked again once per load state: while loading, only when the log becomes ready.
  const { data } = useWorkerQuery(events === 0 ? null : { kind: 'requestChanges' }, {
    lane: 'requestChanges',
    coalesce: true,
    deps: [loadId, status === 'ready' ? events : 'loading'],
    keepPrevious: true,
  });
  return data ? new Set(data.seqs) : NONE;
}
