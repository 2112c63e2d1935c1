/**
 * The Library's sessions, asked from the log worker (`library` request, worker/libraryQuery.ts)
 * like every other view's data: typing is debounced, the newest query wins (its own lane), and
 * the last page stays on screen while the next one loads.
 */
import { useEffect, useState } from 'react';
import type { LibraryAnswer, LibraryQuery } from '../../worker/protocol';
import { useApp } from '../appState';
import { useWorkerQuery } from '../services/useWorkerQuery';

export type LibraryParams = LibraryQuery;

export type LibraryState =
  | { status: 'probing' } // the first answer is not in yet: nothing to show
  | { status: 'absent' } // no library server here (a static host, `vite preview`, `seqscope open`)
  | { status: 'loading'; answer: LibraryAnswer | null }
  | { status: 'ready'; answer: LibraryAnswer }
  | { status: 'error'; message: string };

/** `value`, once it has stayed the same for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The library's answer for params; debounces typing by `delayMs`. While the log worker is dead
 * nothing is asked and nothing shown: its death is the error banner's to tell (with Retry), not
 * the library's, and a static host has no library anyway. Retry's new worker is asked again.
 */
export function useLibrary(params: LibraryParams, delayMs = 150): LibraryState {
  const query = useDebounced(params, delayMs);
  const workerDown = useApp((s) => s.workerDead !== null);
  const { data, error, loading } = useWorkerQuery(workerDown ? null : { kind: 'library', query }, {
    lane: 'library',
    keepPrevious: true,
  });
  if (workerDown || error?.code === 'worker-dead') return { status: 'probing' };
  if (error) return { status: 'error', message: error.message };
  if (data === undefined) return { status: 'probing' };
  if (data.status === 'absent') return { status: 'absent' };
  return loading || query !== params
    ? { status: 'loading', answer: data.answer }
    : { status: 'ready', answer: data.answer };
}
