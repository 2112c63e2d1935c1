/**
 * An epoch of the surface (surface.ts): the rope a replace leaves (immutable
 * Int32Array chunks, shared with earlier epochs) and the appends since.
 *
 * The rope stays about n/512 chunks long however the replaces fall: a replace
 * copies the chunk list, so a list grown by one small chunk per replace (a
 * log pruning a tool result every step, appends cut into their own chunk)
 * made each replace cost O(replaces) and all of them quadratic (8,000 steps:
 * 6 s and 660 MB to load, 20,000 steps out of memory).
 */
import { int32s, type Growable } from './growable';

export const CHUNK = 512;

export interface Epoch {
  /** The replace event that opened it; -1 for the initial epoch. */
  seq: number;
  chunks: Int32Array[];
  /** Messages derived by chunks[0..i), length chunks.length + 1. */
  chunkMsgPrefix: Int32Array;
  /** Seqs appended since the replace, ascending. */
  appends: Growable<Int32Array>;
  /** Messages derived by appends[0..i), length appends + 1. */
  appendMsgPrefix: Growable<Int32Array>;
  /** The nodes this epoch's replace hid, in surface order. */
  hidden: Int32Array;
  /** Node count of the base (all chunks). */
  baseNodes: number;
  /** The replacement's message index: lists before and after the replace share the messages before it. */
  startMsg: number;
}

export function newEpoch(
  seq: number,
  chunks: Int32Array[],
  hidden: Int32Array,
  count?: (c: Int32Array) => number,
): Epoch {
  const prefix = new Int32Array(chunks.length + 1);
  let baseNodes = 0;
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i] as Int32Array;
    prefix[i + 1] = (prefix[i] as number) + (count ? count(c) : 0);
    baseNodes += c.length;
  }
  const appendMsgPrefix = int32s(64);
  appendMsgPrefix.push(0);
  const appends = int32s(64);
  return { seq, chunks, chunkMsgPrefix: prefix, appends, appendMsgPrefix, hidden, baseNodes, startMsg: 0 };
}

/**
 * The epoch's base plus all its appends as one chunk list: the appends first
 * fill the last chunk up to CHUNK (a copy of at most CHUNK nodes), the rest
 * are cut into fresh chunks.
 */
export function flatten(e: Epoch): Int32Array[] {
  const out = e.chunks.slice();
  const n = e.appends.length;
  let i = 0;
  const last = out[out.length - 1];
  if (last !== undefined && n > 0 && last.length < CHUNK) {
    i = Math.min(n, CHUNK - last.length);
    const filled = new Int32Array(last.length + i);
    filled.set(last);
    filled.set(e.appends.view().subarray(0, i), last.length);
    out[out.length - 1] = filled;
  }
  for (; i < n; i += CHUNK) out.push(e.appends.copy(i, Math.min(n, i + CHUNK)));
  return out;
}
