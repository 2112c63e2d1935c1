/**
 * Parallel loading in the CLI (core/log/parallel.ts) on worker_threads: each
 * range worker opens the file itself and reads its range with positioned
 * reads; its bytes and prescan come back as transferred buffers.
 *
 * The worker runs this same module (the CLI is one bundled file): loaded in
 * a range worker thread, it serves ranges, and main.ts, asking
 * `isRangeWorkerThread()`, runs no command. On the main thread, importing it
 * does nothing.
 */
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { RangePool, RangeScratch, RangeSource } from '../core/log/parallel';
import { answerRangeJob, rangeWorkerPool, type RangeJob, type RangeReply } from '../core/log/rangeJobs';
import { fileChanged } from './fileBytes';

interface RangeWorkerData {
  seqscopeRangeWorker: true;
  path: string;
}

/**
 * Range workers to start beside the owner (the thread that folds the log): SEQSCOPE_WORKERS
 * when set (the bench compares 1, 2, N), else one per core beyond the owner's, and none below 3
 * cores. (The browser's policy differs: worker/rangePool.ts's rangeWorkerCount.) The
 * owner's sequential passes need a core of their own, and a range worker's
 * prescan costs about as much CPU as the parse it saves the owner: on 2 cores
 * `check` of 1M events took 1.71x the bare baseline with 1 worker and 1.82x
 * with 2, against 1.58x in one pass (CPU 5.5 s and 6.3 s against 3.5 s).
 */
export function rangeWorkersBesideOwner(
  env: string | undefined = process.env.SEQSCOPE_WORKERS,
  cores: number = availableParallelism(),
): number {
  const asked = env === undefined || env.trim() === '' ? NaN : Number(env);
  if (Number.isInteger(asked) && asked >= 0) return asked;
  return cores >= 3 ? cores - 1 : 0;
}

/**
 * A RangeSource over a file, with positioned reads. A read within the size the file had when it
 * was opened that comes back short means the file was cut since (fileBytes.ts fileChanged).
 */
export async function fileSource(path: string): Promise<RangeSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  const size = (await handle.stat()).size;
  const fill = async (into: Uint8Array, offset: number): Promise<number> => {
    let at = 0;
    while (at < into.length) {
      const { bytesRead } = await handle.read(into, at, into.length - at, offset + at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    if (at < into.length && offset + at < size) throw fileChanged(path, Math.min(size, offset + into.length));
    return at;
  };
  return {
    size,
    async read(offset, length) {
      const out = new Uint8Array(length);
      const at = await fill(out, offset);
      return at === length ? out : out.subarray(0, at);
    },
    readInto: fill,
    close: () => handle.close(),
  };
}

export function isRangeWorkerThread(): boolean {
  return !isMainThread && (workerData as Partial<RangeWorkerData> | null)?.seqscopeRangeWorker === true;
}

let serving = false;

/** The range worker's loop: jobs answered with transferred buffers. */
async function serveRanges(): Promise<void> {
  const port = parentPort;
  if (!port || serving) return;
  serving = true;
  const src = await fileSource((workerData as RangeWorkerData).path);
  const scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false };
  port.on('message', (job: RangeJob | 'close') => {
    if (job === 'close') {
      void src.close().then(() => port.close());
      return;
    }
    void answerRangeJob(src, job, (reply, transfer) => port.postMessage(reply, transfer), scratch);
  });
}

/**
 * `count` range workers over the file at `path` (core/log/rangeJobs.ts: the pool both hosts share).
 * `withoutBytes`: they send back prescans alone, and the owner reads the file itself.
 */
export function workerPool(path: string, count: number, withoutBytes = false): RangePool {
  const entry = new URL(import.meta.url);
  const data: RangeWorkerData = { seqscopeRangeWorker: true, path };
  return rangeWorkerPool(
    Array.from({ length: count }, () => {
      const worker = new Worker(entry, { workerData: data });
      return {
        post: (job) => worker.postMessage(job),
        listen(reply, fail) {
          worker.on('message', (r: RangeReply) => reply(r));
          worker.on('error', (err) => fail(err.message));
        },
        terminate: () => void worker.terminate(),
      };
    }),
    { withoutBytes },
  );
}

if (isRangeWorkerThread()) void serveRanges();
