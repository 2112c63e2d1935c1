/**
 * What a message to the page hands over instead of copying (postMessage's transfer list): the typed
 * arrays of a replay axis answer and of a structure answer (turns as columns, audit 28 N2). The
 * scrubber asks for the axis again each time a loading log grows, and each answer's arrays are built
 * afresh for it (replayQueries.ts and queries.ts keep none of them), so the worker never reads them
 * again and the page gets them without a copy.
 */
import type { WorkerMessage } from './protocol';

export function transferablesOf(msg: WorkerMessage): ArrayBuffer[] {
  if (msg.type !== 'response' || !msg.result.ok) return [];
  let arrays: ArrayBufferView[];
  if (msg.kind === 'replayAxis') {
    const v = msg.result.value;
    arrays = [v.knotSeqs, v.knotXs, v.knotTimes, v.stepXs, v.stepSeqs, v.stepNums, v.stepFlags];
    arrays.push(v.turnNums, v.turnSeqs, v.turnReasons, v.turnXs);
  } else if (msg.kind === 'structure') {
    const v = msg.result.value;
    arrays = [v.turnNums, v.turnSeqs, v.turnReasons, v.turnSteps, v.turnDurations];
  } else return [];
  const buffers = new Set<ArrayBuffer>();
  for (const a of arrays) {
    // A view of a shared or empty buffer is copied as usual.
    if (a.buffer instanceof ArrayBuffer && a.buffer.byteLength > 0) buffers.add(a.buffer);
  }
  return [...buffers];
}
