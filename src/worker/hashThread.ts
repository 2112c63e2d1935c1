/**
 * The fingerprint (core/view/fingerprint.ts) of a large local file computed
 * on a thread of its own: SHA-256 cannot be split across threads, and fed on
 * the log worker it took about a fifth of that thread's CPU in a 99 MB load
 * (the thread everything else waits for). The log worker posts each piece of
 * bytes as it reads it and asks for the fingerprint once the file is read.
 * The Worker comes from the worker's entry (worker.ts), the one place
 * workers are created; hashWorker.ts is the thread's side.
 */
import { errorMessage } from '../core/errorMessage';
import type { HashReply, HashRequest } from './hashWorker';

/** A fingerprint hasher on another thread: fed as bytes arrive, asked once at the end. */
export interface OffThreadHasher {
  update(bytes: Uint8Array): void;
  /** The fingerprint of every byte fed; rejects when the thread failed. */
  finish(): Promise<string>;
}

/**
 * Bytes are copied into batches of this size and each batch is moved to the thread: a copy per
 * pushed piece (256 KiB) cost the log worker about as much as hashing them (an allocation and a
 * message each); one memcpy into a batch costs next to nothing.
 */
export const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Batches the thread has hashed come back to be filled again, this many kept. A fresh batch's
 * memory is mapped in as it is first written, page by page: on a 2-core EPYC that made copying a
 * 99 MB file into fresh batches cost the log worker 530 ms of a 4.4 s load (a CPU profile), where
 * refilling batches already written costs under 10 ms.
 */
const SPARE_BATCHES = 3;

export function workerHasher(start: () => Worker): OffThreadHasher {
  let thread: Worker | null = null;
  let failed: string | undefined;
  let done: ((fingerprint: string) => void) | undefined;
  let fail: ((e: Error) => void) | undefined;
  const failWith = (why: string) => {
    failed ??= why;
    fail?.(new Error(failed));
  };
  const listen = (w: Worker): Worker => {
    w.onmessage = (e: MessageEvent<HashReply>) => {
      const reply = e.data;
      if ('spent' in reply) {
        if (reply.spent.length === BATCH_BYTES && spare.length < SPARE_BATCHES) spare.push(reply.spent);
        return;
      }
      // An error before the fingerprint is asked for is kept: `finish` rejects at once.
      if ('fingerprint' in reply) done?.(reply.fingerprint);
      else failWith(reply.error);
      w.terminate();
    };
    w.onerror = (e) => {
      failWith(`the hashing thread failed: ${e.message}`);
      w.terminate();
    };
    return w;
  };
  // Started with the first full batch, not with the log's first bytes: its start-up (a thread, its
  // script compiled: 20-30 ms of CPU) then does not take a core from the first rows. A thread that
  // cannot start is a failed one: the log worker hashes the bytes itself.
  const worker = (): Worker | null => {
    if (thread === null && failed === undefined) {
      try {
        thread = listen(start());
      } catch (err) {
        failWith(`the hashing thread did not start: ${errorMessage(err)}`);
      }
    }
    return failed === undefined ? thread : null;
  };
  let batch: Uint8Array | null = null;
  let used = 0;
  const spare: Uint8Array[] = [];
  const flush = () => {
    if (batch === null || used === 0) return;
    const full = used === batch.length ? batch : batch.slice(0, used);
    batch = null;
    used = 0;
    worker()?.postMessage({ bytes: full } satisfies HashRequest, [full.buffer]);
  };
  return {
    update(bytes) {
      for (let at = 0; at < bytes.length && failed === undefined;) {
        batch ??= spare.pop() ?? new Uint8Array(BATCH_BYTES);
        const n = Math.min(BATCH_BYTES - used, bytes.length - at);
        batch.set(bytes.subarray(at, at + n), used);
        used += n;
        at += n;
        if (used === BATCH_BYTES) flush();
      }
    },
    finish() {
      return new Promise<string>((resolve, reject) => {
        done = resolve;
        fail = reject;
        flush();
        const w = worker();
        if (w === null) reject(new Error(failed));
        else w.postMessage({ finish: true } satisfies HashRequest);
      });
    },
  };
}
