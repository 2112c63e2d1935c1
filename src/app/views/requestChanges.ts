/** The request/header seqs where the header changed (the timeline marks them), fetched per log state. */
import { useEffect, useState } from 'react';
import { client } from '../controller';
import { useApp } from '../store';

const NONE: ReadonlySet<number> = new Set();

export function useRequestChangeSeqs(): ReadonlySet<number> {
  const loadId = useApp((s) => s.loadId);
  const events = useApp((s) => s.events);
  const status = useApp((s) => s.status);
  const key = `${loadId}:${status === 'ready' ? events : 'loading'}`;
  const [state, setState] = useState<{ key: string; seqs: ReadonlySet<number> } | null>(null);
  useEffect(() => {
    if (events === 0) return;
    let live = true;
    void client.request({ kind: 'requestChanges' }, { lane: 'requestChanges', coalesce: true }).then((r) => {
      if (live && r.ok) setState({ key, seqs: new Set(r.value.seqs) });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the log state asked about
  }, [key]);
  return state?.seqs ?? NONE;
}
