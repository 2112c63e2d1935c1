/**
 * How a view fetches data from the log worker: `useWorkerQuery(request,
 * {lane, coalesce})` sends the request when it changes (compared by value)
 * and returns the answer for exactly that request. On a lane a newer request
 * supersedes the older one in the client (its late answer never arrives);
 * here an answer for a request the view has moved past is dropped as well,
 * so no view keeps its own generation counter.
 *
 *   const { data, error } = useWorkerQuery(
 *     seq === null ? null : { kind: 'event', seq },
 *     { lane: 'event', coalesce: true, deps: [loadId] },
 *   );
 */
import { useLayoutEffect, useState } from 'react';
import type { RequestKind, RequestOf, ResponseValues, WorkerError } from '../../worker/protocol';
import { queryKey } from './askAhead';
import { useServices } from './context';

export interface QueryOptions {
  /** The client lane: a newer request on it supersedes the older (one lane per pane and purpose). */
  lane?: string;
  /** Keep at most one request of the lane in the worker; only the newest waiting one is sent next. */
  coalesce?: boolean;
  /** Values besides the request that call for a fresh answer (the load id, a row-map version). */
  deps?: readonly unknown[];
  /** While a new answer is on its way, keep returning the last one (a pane that must not flash empty). */
  keepPrevious?: boolean;
}

export interface QueryResult<K extends RequestKind> {
  /** The answer to the current request (or, with keepPrevious, the last answer while it loads). */
  data: ResponseValues[K] | undefined;
  /** The request `data` answers. */
  dataFor: RequestOf<K> | undefined;
  /** The worker's error for the current request. */
  error: WorkerError | null;
  /** A request is on its way and `data` is not its answer. */
  loading: boolean;
}

interface Answer<K extends RequestKind> {
  key: string;
  request: RequestOf<K>;
  ok: boolean;
  value?: ResponseValues[K];
  error?: WorkerError;
}

export function useWorkerQuery<K extends RequestKind>(
  request: RequestOf<K> | null,
  options: QueryOptions = {},
): QueryResult<K> {
  const { client, ahead } = useServices();
  const { lane, coalesce = false, deps = [], keepPrevious = false } = options;
  const key = request === null ? null : queryKey(request, deps);
  const [answer, setAnswer] = useState<Answer<K> | null>(null);
  const [lastOk, setLastOk] = useState<Answer<K> | null>(null);

  // A view on a lane is one the seek's requests may be asked ahead for (services/askAhead.ts).
  useLayoutEffect(() => (lane === undefined ? undefined : ahead.viewOn(lane)), [ahead, lane]);

  // Sent in the commit that asks for it, not in a passive effect: those run after the browser
  // paints (a frame later, on a busy page), and a seek's answer would wait that long to be asked.
  useLayoutEffect(() => {
    if (key === null) return;
    const [req] = JSON.parse(key) as [RequestOf<K>];
    let live = true;
    const answer = (ahead.take(lane, key) ??
      client.request(req, lane === undefined ? {} : { lane, coalesce })) as ReturnType<
      typeof client.request<K>
    >;
    void answer.then((r) => {
      if (!live) return; // the view moved on to another request
      if (!r.ok && r.error.code === 'superseded') return;
      const a: Answer<K> = r.ok
        ? { key, request: req, ok: true, value: r.value }
        : { key, request: req, ok: false, error: r.error };
      setAnswer(a);
      if (r.ok) setLastOk(a);
    });
    return () => {
      live = false;
    };
  }, [client, ahead, key, lane, coalesce]);

  const current = answer !== null && answer.key === key ? answer : null;
  const shown = current?.ok ? current : keepPrevious && key !== null ? lastOk : null;
  return {
    data: shown?.value,
    dataFor: shown?.request,
    error: current && !current.ok ? (current.error ?? null) : null,
    loading: key !== null && current === null,
  };
}
