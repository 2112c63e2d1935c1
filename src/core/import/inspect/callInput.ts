/** A model call's input as pool ranges, and the bounds on what the Inspect importer re-tells. */
import type { Message } from '../../types';

/** Attachment text inlined at most: this much, or ATTACHMENT_INPUT_RATIO times the input if more. */
export const ATTACHMENT_FLOOR_CHARS = 64 * 1024 * 1024;
export const ATTACHMENT_INPUT_RATIO = 8;
/**
 * Messages re-told for model calls whose input disagrees with the history, at most: this many,
 * plus RETELL_PER_ITEM per pooled message and event (alternating inputs re-told the whole input
 * per call: 200 calls over 10k messages made 2M events; audit R8-5).
 */
export const RETELL_FLOOR = 50_000;
export const RETELL_PER_ITEM = 4;

/** A model call's input: ranges of the pool (of its objects, clamped, non-empty), then its own messages. */
export interface CallInput {
  ranges: [number, number][];
  direct: Message[];
  length: number;
}

/**
 * How many leading input positions two calls' ranges have equal messages, at most `cap`:
 * `commonLength(i, j, limit)` says how many pool messages from `i` and from `j` are equal (at most
 * `limit`), so the work is per pair of ranges, not per message.
 */
export function commonPrefix(
  a: [number, number][],
  b: [number, number][],
  cap: number,
  commonLength: (i: number, j: number, limit: number) => number,
): number {
  let n = 0;
  let i = 0;
  let j = 0;
  let offA = 0;
  let offB = 0;
  while (i < a.length && j < b.length && n < cap) {
    const [a0, a1] = a[i] as [number, number];
    const [b0, b1] = b[j] as [number, number];
    const room = Math.min(a1 - a0 - offA, b1 - b0 - offB, cap - n);
    const run = commonLength(a0 + offA, b0 + offB, room);
    n += run;
    if (run < room) break;
    offA += run;
    offB += run;
    if (a0 + offA >= a1) [i, offA] = [i + 1, 0];
    if (b0 + offB >= b1) [j, offB] = [j + 1, 0];
  }
  return n;
}
