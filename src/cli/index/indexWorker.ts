/**
 * The index's worker thread: reads the logs the pool hands it, one at a time,
 * and posts back their rows (or "unchanged"). Started by pool.ts on the bundle
 * (whose main.ts imports this module in an index worker) or, from source, on
 * this file: loaded in an index worker thread, it serves; on any other thread
 * it does nothing.
 */
import { parentPort } from 'node:worker_threads';
import { isIndexWorkerThread } from './workerKind';
import { readForIndex, type ReadOutcome } from './readLog';
import type { LogRef } from './sources';

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

if (isIndexWorkerThread()) runIndexWorker();
