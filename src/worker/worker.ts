/**
 * The log worker's entry: the glue between `self` and the LogHost (host.ts),
 * which owns the loaded log and answers every request through the handler
 * table (handlers.ts).
 */
import { LogHost } from './host';
import type { RequestEnvelope, WorkerMessage } from './protocol';
import { memoryBudget } from './memoryBudget';
import { browserReadLimits } from '../core/reader/readLimits';
import { browserRangePool, rangeWorkerCount } from './rangePool';
import { workerHasher } from './hashThread';
import { transferablesOf } from './transferables';
import { createFingerprintHasher } from '../core/view/fingerprint';

const host = new LogHost(
  (msg: WorkerMessage) => (self as unknown as Worker).postMessage(msg, transferablesOf(msg)),
  {
    // Large local files are read by range workers, one per core beyond this one's (core/log/parallel.ts).
    rangePool: (file) =>
      browserRangePool(
        file,
        rangeWorkerCount(navigator.hardwareConcurrency),
        () => new Worker(new URL('./rangeWorker.ts', import.meta.url), { type: 'module' }),
      ),
    // A large local file's fingerprint is hashed on a thread of its own (hashThread.ts).
    hashThread: () =>
      workerHasher(() => new Worker(new URL('./hashWorker.ts', import.meta.url), { type: 'module' })),
    memoryBudget: memoryBudget((navigator as { deviceMemory?: number }).deviceMemory),
    // Read limits sized for this device (Chromium reports its memory; others get the documented default).
    readLimits: browserReadLimits({
      deviceMemoryGb: (navigator as { deviceMemory?: number }).deviceMemory,
      jsHeapSizeLimit: (performance as { memory?: { jsHeapSizeLimit?: number } }).memory?.jsHeapSizeLimit,
    }),
  },
);

self.onmessage = (e: MessageEvent<RequestEnvelope>) => {
  void host.receive(e.data);
};

// The fingerprint's wasm engine (hash-wasm) compiled now, while the page is idle: it is compiled
// once per thread, and the first open waited for it (about 50 ms) before reading a byte.
void createFingerprintHasher();
