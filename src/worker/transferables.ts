/**
 * What a message to the page hands over instead of copying (postMessage's transfer list): the typed
 * arrays of a replay axis answer. The scrubber asks for the axis again each time a loading log
 * grows, and each answer's arrays are built afresh for it (replayQueries.ts keeps none of them), so
 * the worker never reads them again and the page gets them without a copy.
 */
import type { WorkerMessage } from './protocol';

export function transferablesOf(msg: WorkerMessage): ArrayBuffer[] {
  if (msg.type !== 'response' || msg.kind !== 'replayAxis' || !msg.result.ok) return [];
  const v = msg.result.value;
  const buffers = new Set<ArrayBuffer>();
  for (const a of [v.knotSeqs, v.knotXs, v.knotTimes, v.stepXs, v.stepSeqs, v.stepNums, v.stepFlags]) {
    // A view of a shared or empty buffer is copied as usual.
    if (a.buffer instanceof ArrayBuffer && a.buffer.byteLength > 0) buffers.add(a.buffer);
  }
  return [...buffers];
}
