/**
 * Range workers for the log worker (core/log/parallel.ts): a pool of Web
 * Workers that each read their own `File.slice` (nothing shared, no
 * cross-origin isolation needed). The Worker constructor comes from the
 * worker's entry (worker.ts), the one place workers are created.
 */
import type { RangePool, RangeSource } from '../core/log/parallel';
import { rangeWorkerPool, type RangeJob, type RangeReply } from '../core/log/rangeJobs';

/** What the log worker posts to a range worker: the job and the File it reads its own slice of. */
export interface FileRangeJob extends RangeJob {
  file: File;
}

/** A RangeSource over a File: each read is a `File.slice`. */
export function fileRangeSource(file: File): RangeSource {
  return {
    size: file.size,
    read: async (offset, length) => new Uint8Array(await file.slice(offset, offset + length).arrayBuffer()),
  };
}

/**
 * Range workers to use: one per core the browser reports beyond the log worker's (its sequential
 * fold is the load's bottleneck and needs a core), at least 1, at most 8 (memory: each holds a
 * range or two). On 2 cores, 1 instead of 2 loaded 1 GB in 13.7 s instead of 15.0 s and halved
 * the page's longest task while loading (measure-load.mjs, A/B of 2 runs each).
 */
export function rangeWorkerCount(cores: number | undefined): number {
  return Math.max(1, Math.min(8, (cores ?? 2) - 1));
}

/** A pool of `count` range workers over `file` (core/log/rangeJobs.ts: the pool both hosts share). */
export function browserRangePool(file: File, count: number, start: () => Worker): RangePool {
  return rangeWorkerPool(
    Array.from({ length: count }, () => {
      const worker = start();
      return {
        post: (job) => worker.postMessage({ ...job, file } satisfies FileRangeJob),
        listen(reply, fail) {
          worker.onmessage = (e: MessageEvent<RangeReply>) => reply(e.data);
          worker.onerror = (e) => fail(e.message);
        },
        terminate: () => worker.terminate(),
      };
    }),
  );
}
