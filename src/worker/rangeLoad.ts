/**
 * A large local file loaded in ranges (core/log/parallel.ts): range workers
 * read and prescan the ranges while the log worker pushes them in order. Once
 * the log refuses the rest (a read limit: a too-long line, a line past the
 * structure budget), no range is asked for any more and the pool is closed,
 * as the CLI does (cli/readInput.ts): the range workers would otherwise read
 * the rest of the file for nothing.
 */
import { canSplit, forEachRange, withHead, type RangePool, type RangeResult } from '../core/log/parallel';
import { fileReadError } from './loader';
import { fileRangeSource } from './rangePool';

/** Files from this size load in ranges on range workers (smaller ones are read before workers would start). */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;

export interface RangeLoad {
  file: File;
  makePool: ((file: File) => RangePool) | undefined;
  /** The load's own signal (a cancel, a newer open). */
  signal: AbortSignal;
  /** Pushes one range into the log. */
  take(range: RangeResult): Promise<void>;
  /** True once the log refuses the rest. */
  refused(): boolean;
  /** Range sizes (tests); default parallel.ts's. */
  sizes?: { first: number; rest: number };
}

/** Loads `file` in ranges; false when that does not apply (no pool, a small or compressed file): load it in one pass. */
export async function loadFileInRanges(load: RangeLoad): Promise<boolean> {
  const { file, makePool } = load;
  if (!makePool || file.size < (load.sizes ? 1 : PARALLEL_MIN_BYTES)) return false;
  const src = withHead(fileRangeSource(file), load.sizes?.first);
  try {
    if (!(await canSplit(src))) return false;
  } catch (err) {
    throw await fileReadError(file, err);
  }
  const pool = makePool(file);
  const stop = new AbortController();
  try {
    await forEachRange(
      src,
      pool,
      async (range) => {
        await load.take(range);
        if (load.refused()) stop.abort();
      },
      { signal: AbortSignal.any([load.signal, stop.signal]), ...load.sizes },
    );
  } catch (err) {
    throw await fileReadError(file, err);
  } finally {
    pool.close();
  }
  return true;
}
