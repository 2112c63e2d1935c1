/**
 * Range workers for the log worker (core/log/parallel.ts): a pool of Web
 * Workers that each read their own `File.slice` (nothing shared, no
 * cross-origin isolation needed). The Worker constructor comes from the
 * worker's entry (worker.ts), the one place workers are created.
 */
import type { RangePool, RangeResult, RangeSource } from '../core/log/parallel';

export interface RangeJob {
  id: number;
  file: File;
  a: number;
  b: number;
}

export type RangeReply =
  { id: number; ok: true; range: RangeResult } | { id: number; ok: false; message: string };

/** A RangeSource over a File: each read is a `File.slice`. */
export function fileRangeSource(file: File): RangeSource {
  return {
    size: file.size,
    read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
  };
}

/** Range workers to use: one per core the browser reports, at most 8 (memory: each holds a range or two). */
export function rangeWorkerCount(cores: number | undefined): number {
  return Math.max(1, Math.min(8, cores ?? 1));
}

/** A pool of `count` range workers over `file`; jobs go to the least busy one. */
export function browserRangePool(file: File, count: number, start: () => Worker): RangePool {
  const workers = Array.from({ length: count }, () => ({ worker: start(), busy: 0 }));
  const waiting = new Map<number, { resolve: (r: RangeResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const failAll = (message: string) => {
    for (const job of waiting.values()) job.reject(new Error(message));
    waiting.clear();
  };
  for (const w of workers) {
    w.worker.onmessage = (e: MessageEvent<RangeReply>) => {
      const reply = e.data;
      w.busy--;
      const job = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (!job) return;
      if (reply.ok) job.resolve(reply.range);
      else job.reject(new Error(reply.message));
    };
    w.worker.onerror = (e) => failAll(`a range worker failed: ${e.message}`);
  }
  return {
    size: count,
    run(a, b) {
      const w = workers.reduce((x, y) => (y.busy < x.busy ? y : x));
      w.busy++;
      const id = nextId++;
      return new Promise<RangeResult>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.worker.postMessage({ id, file, a, b } satisfies RangeJob);
      });
    },
    close() {
      for (const w of workers) w.worker.terminate();
      failAll('the load ended');
    },
  };
}
