/**
 * Which thread an index worker is: its workerData names it. Apart from indexWorker.ts, so that
 * main.ts can ask without loading what the worker runs.
 */
import { isMainThread, workerData } from 'node:worker_threads';

/** workerData.kind of an index worker. */
export const INDEX_WORKER = 'seqscope-index-worker';

export function isIndexWorkerThread(): boolean {
  return !isMainThread && (workerData as { kind?: string } | null)?.kind === INDEX_WORKER;
}
