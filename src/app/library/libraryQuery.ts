/**
 * Asking `seqscope serve`'s Library API (core/library/routes.ts) for a page of sessions.
 * The newest request wins: an older answer arriving late is dropped by the caller, and
 * the hook aborts the request it no longer needs.
 */
import { useEffect, useState } from 'react';
import {
  LIBRARY_API,
  type LibraryAnswer,
  type LibraryFilter,
  type LibraryRow,
} from '../../core/library/routes';

export interface LibraryParams {
  q: string;
  sort: keyof LibraryRow;
  order: 'asc' | 'desc';
  only: LibraryFilter[];
  limit: number;
}

export type LibraryState =
  | { status: 'probing' } // the first answer is not in yet: nothing to show
  | { status: 'absent' } // no library server here (a static host, `vite preview`, `seqscope open`)
  | { status: 'loading'; answer: LibraryAnswer | null }
  | { status: 'ready'; answer: LibraryAnswer }
  | { status: 'error'; message: string };

export function libraryUrl(p: LibraryParams): string {
  const search = new URLSearchParams({ q: p.q, sort: p.sort, order: p.order, limit: String(p.limit) });
  if (p.only.length > 0) search.set('only', p.only.join(','));
  return `${LIBRARY_API}?${search.toString()}`;
}

function isAnswer(v: unknown): v is LibraryAnswer {
  const a = v as Partial<LibraryAnswer> | null;
  return typeof a === 'object' && a !== null && typeof a.total === 'number' && Array.isArray(a.rows);
}

/** The library's answer for params; debounces typing by `delayMs`. */
export function useLibrary(params: LibraryParams, delayMs = 150): LibraryState {
  const [state, setState] = useState<LibraryState>({ status: 'probing' });
  const url = libraryUrl(params);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      setState((s) =>
        s.status === 'ready' || s.status === 'loading'
          ? { status: 'loading', answer: 'answer' in s ? s.answer : null }
          : s,
      );
      fetch(url, { signal: abort.signal, headers: { Accept: 'application/json' } })
        .then(async (res) => {
          if (res.status === 404) return setState({ status: 'absent' });
          const type = res.headers.get('content-type') ?? '';
          if (!type.includes('application/json')) return setState({ status: 'absent' });
          const body: unknown = await res.json();
          if (!res.ok || !isAnswer(body)) return setState({ status: 'error', message: `HTTP ${res.status}` });
          setState({ status: 'ready', answer: body });
        })
        .catch((err: unknown) => {
          if (abort.signal.aborted) return;
          setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [url, delayMs]);
  return state;
}
