/**
 * The one pool of range workers (parallel.ts), whatever the threads are: Web
 * Workers in the browser (worker/rangePool.ts), worker_threads in the CLI
 * (cli/rangeWorkers.ts). Each side wraps its threads as RangeWorkerPorts;
 * jobs go to the least busy one, answers come back by job id, and a thread
 * that dies fails the jobs still waiting. The range worker's side is
 * `answerRangeJob`: read the range, prescan it, post the result with its
 * buffers transferred (no per-event objects cross the thread boundary).
 */
import { prescanTransferables } from '../reader/prescan';
import { errorMessage } from '../errorMessage';
import { InputChanged } from '../reader/byteStore';
import {
  prescanAlignedRange,
  prescanWithoutBytes,
  type RangeAnswer,
  type RangePool,
  type RangeScratch,
  type RangeSource,
} from './parallel';

/** A job for a range worker: the lines whose first byte lies in [a, b) (parallel.ts). */
export interface RangeJob {
  id: number;
  a: number;
  b: number;
  /** Answer with the prescan alone: the owner reads the bytes itself (parallel.ts PrescannedRange). */
  withoutBytes?: true;
}

export type RangeReply =
  | { id: number; ok: true; range: RangeAnswer }
  /** `inputChanged`: the source was cut while read (InputChanged, which the owner throws again). */
  | { id: number; ok: false; message: string; inputChanged?: true };

/** One range worker thread, as the pool uses it. */
export interface RangeWorkerPort {
  post(job: RangeJob): void;
  /** `reply` for each answer; `fail` once the thread died (with why). */
  listen(reply: (r: RangeReply) => void, fail: (message: string) => void): void;
  terminate(): void;
}

/**
 * A pool over `ports`; jobs go to the least busy one. `close` ends the threads and fails what
 * waits. `withoutBytes`: every job is answered with its prescan alone.
 */
export function rangeWorkerPool(
  ports: readonly RangeWorkerPort[],
  options: { withoutBytes?: boolean } = {},
): RangePool {
  const workers = ports.map((port) => ({ port, busy: 0 }));
  const waiting = new Map<number, { resolve: (r: RangeAnswer) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const failAll = (message: string) => {
    for (const job of waiting.values()) job.reject(new Error(message));
    waiting.clear();
  };
  for (const w of workers) {
    w.port.listen(
      (reply) => {
        w.busy--;
        const job = waiting.get(reply.id);
        waiting.delete(reply.id);
        if (!job) return;
        if (reply.ok) job.resolve(reply.range);
        else job.reject(reply.inputChanged ? new InputChanged(reply.message) : new Error(reply.message));
      },
      (message) => failAll(`a range worker failed: ${message}`),
    );
  }
  return {
    size: workers.length,
    run(a, b) {
      const w = workers.reduce((x, y) => (y.busy < x.busy ? y : x));
      w.busy++;
      const id = nextId++;
      return new Promise<RangeAnswer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        w.port.post(options.withoutBytes ? { id, a, b, withoutBytes: true } : { id, a, b });
      });
    },
    close() {
      for (const w of workers) w.port.terminate();
      failAll('the load ended');
    },
  };
}

/**
 * A range worker's answer to `job` over `src`: posted with the range's buffers to transfer.
 * `scratch`: the buffer a job without bytes reads its range into, kept from one job to the next.
 */
export function answerRangeJob(
  src: RangeSource,
  job: RangeJob,
  post: (reply: RangeReply, transfer: ArrayBuffer[]) => void,
  scratch: RangeScratch = { buffer: new Uint8Array(0), busy: false },
): Promise<void> {
  const answer = job.withoutBytes
    ? prescanWithoutBytes(src, job.a, job.b, scratch)
    : prescanAlignedRange(src, job.a, job.b);
  return answer.then(
    (range) => {
      const transfer = prescanTransferables(range.prescan);
      if ('bytes' in range && range.bytes.buffer instanceof ArrayBuffer) transfer.push(range.bytes.buffer);
      post({ id: job.id, ok: true, range }, transfer);
    },
    (err: unknown) =>
      post(
        err instanceof InputChanged
          ? { id: job.id, ok: false, message: err.message, inputChanged: true }
          : { id: job.id, ok: false, message: errorMessage(err) },
        [],
      ),
  );
}
