/**
 * Long reads that must not hold the worker's answers back: `inSlices` runs one item at a time
 * and pauses (a yield to queued requests) after SLICE_ITEMS items or SLICE_MS, whichever comes
 * first, so a seek sent meanwhile is answered within a slice. The first read of every step's
 * model (costTotals) or of every request header (requestChanges) takes 1-2 s at 1-2 GB.
 */

/** Items between two pauses at most (a bound on the order of answers that tests can rely on). */
export const SLICE_ITEMS = 128;
/**
 * Milliseconds of work between two pauses at most, once an item has ended: the worker's slice
 * (its loading loop and a filter's scan pause as often).
 */
export const SLICE_MS = 12;

/**
 * Calls `next()` (one item; false when none is left) until it returns false, pausing between
 * slices. True when every item was read; false when `stopped()` turned true at a pause.
 */
export async function inSlices(
  next: () => boolean,
  pause: () => Promise<void>,
  stopped: () => boolean,
): Promise<boolean> {
  let sliceStart = performance.now();
  let inSlice = 0;
  while (next()) {
    if (++inSlice < SLICE_ITEMS && performance.now() - sliceStart < SLICE_MS) continue;
    await pause();
    if (stopped()) return false;
    sliceStart = performance.now();
    inSlice = 0;
  }
  return true;
}
