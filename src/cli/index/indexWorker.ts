/**
 * The index's worker thread: reads the logs the pool hands it, one at a time,
 * and posts back their rows (or "unchanged"). Started by pool.ts; the bundle
 * (main.ts) and workerEntry.ts call `runIndexWorker` when they run as one.
 */
import { parentPort } from 'node:worker_threads';
import { readForIndex, type ReadOutcome } from './readLog';
import type { LogRef } from './sources';

/** workerData of an index worker. */
export const INDEX_WORKER = 'seqscope-index-worker';

export interface IndexJob {
  id: number;
  ref: LogRef;
  previous?: { size: number; fingerprint: string };
}

export type IndexReply = { id: number; outcome: ReadOutcome } | { id: number; failure: string };

export function runIndexWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('runIndexWorker: not in a worker thread');
  port.on('message', (job: IndexJob) => {
    readForIndex(job.ref, job.previous).then(
      (outcome) => port.postMessage({ id: job.id, outcome } satisfies IndexReply),
      (err: unknown) =>
        port.postMessage({
          id: job.id,
          failure: err instanceof Error ? (err.stack ?? err.message) : String(err),
        } satisfies IndexReply),
    );
  });
}
