/**
 * How the worker's loading loop paces itself: how much it parses before yielding to queued
 * requests (a seek during a load waits at most one slice), how often it posts progress, and
 * from which size a file loads in ranges on range workers.
 */

export const PROGRESS_EVERY_MS = 50;
/**
 * Longest stretch of synchronous parsing before the loop yields to queued
 * requests: a seek during a load waits at most this long (a yield costs
 * ~0.05 ms, so yielding this often costs under 1% of the load).
 */
export const SLICE_BUDGET_MS = 12;
/** Decoded bytes pushed into the parser at once (plain input: source bytes). */
export const PUSH_SLICE = 256 * 1024;
/**
 * Source bytes pushed at first, and at least: compressed input is pushed in slices shrunk by
 * the compression ratio seen so far, so that 256 kB of a decompression bomb (70 MB and more
 * decoded) cannot hold the worker for seconds in one push.
 */
export const FIRST_SLICE = 4 * 1024;
export const MIN_SLICE = 1024;
/** Files from this size load in ranges on range workers (smaller ones are read before workers would start). */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;

/** When the loading loop last posted progress and last yielded. */
export interface Pace {
  lastPost: number;
  sliceStart: number;
  /** Source bytes to push next: about PUSH_SLICE decoded bytes at the ratio seen so far. */
  slice: number;
}
