/** The request/header seqs where the header changed (the timeline marks them), fetched per log state. */
import { useState } from 'react';
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

const NONE: ReadonlySet<number> = new Set();

/**
 * `rowsShown`: the timeline has rows on screen. While a log loads, the seqs are asked only then:
 * the worker reads every header in slices, and the first rows' answer (which waits one turn behind
 * the panes', worker/requestOrder.ts) came after that read's first slice and the loading slices
 * between (on a 100 MB log, requestChanges was answered before rows asked in the same millisecond).
 */
export function useRequestChangeSeqs(rowsShown: boolean): ReadonlySet<number> {
  const loadId = useApp((s) => s.loadId);
  // Not the event count while loading: a re-render at every progress of a load is work for nothing.
  const events = useApp((s) => (s.status === 'ready' || s.events === 0 ? s.events : -1));
  // Once rows were shown, they stay asked for (rows scrolled away for a moment change nothing).
  const [shown, setShown] = useState(rowsShown);
  if (rowsShown && !shown) setShown(true);
  const wanted = events > 0 || (events === -1 && (rowsShown || shown));
  // Asked again once per load state: while loading, only when the log becomes ready.
  const { data } = useWorkerQuery(wanted ? { kind: 'requestChanges' } : null, {
    lane: 'requestChanges',
    coalesce: true,
    deps: [loadId, events],
    keepPrevious: true,
  });
  return data ? new Set(data.seqs) : NONE;
}
