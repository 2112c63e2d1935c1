/**
 * How many range workers share the loading of one log (parallel.ts), in the browser
 * and the CLI alike: one per core, at most MAX_RANGE_WORKERS, since each holds a range
 * or two of the log in memory until the owner has merged it.
 */
export const MAX_RANGE_WORKERS = 8;

/**
 * `cores` as reported (navigator.hardwareConcurrency, os.availableParallelism()), or
 * undefined when unknown; `requested` (SEQSCOPE_WORKERS: a benchmark comparing 0, 1, 2, N)
 * wins when it is a whole number, 0 meaning the owner reads alone.
 */
export function rangeWorkerCount(cores: number | undefined, requested?: number): number {
  if (requested !== undefined && Number.isInteger(requested) && requested >= 0) return requested;
  const known = cores !== undefined && Number.isFinite(cores) ? Math.floor(cores) : 1;
  return Math.max(1, Math.min(MAX_RANGE_WORKERS, known));
}
