/** The request/header seqs where the header changed (the timeline marks them), fetched per log state. */
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

const NONE: ReadonlySet<number> = new Set();

export function useRequestChangeSeqs(): ReadonlySet<number> {
  const loadId = useApp((s) => s.loadId);
  // Not the event count while loading: a re-render at every progress of a load is work for nothing.
  const events = useApp((s) => (s.status === 'ready' || s.events === 0 ? s.events : -1));
  // Asked again once per load state: while loading, only when the log becomes ready.
  const { data } = useWorkerQuery(events === 0 ? null : { kind: 'requestChanges' }, {
    lane: 'requestChanges',
    coalesce: true,
    deps: [loadId, events],
    keepPrevious: true,
  });
  return data ? new Set(data.seqs) : NONE;
}
