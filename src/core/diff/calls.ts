/**
 * Model calls and their inputs. A call is one step attempt: the model was sent
 * the request in force plus the derived history as they stood just before its
 * first chunk (or, for an attempt recorded without chunks, before its
 * assistant/message). "What changed in this call's input" is the history diff
 * from the previous call's input to this one's (the first call's is against
 * an empty history).
 */
import type { StepInfo, StructureIndex } from '../analysis/structureIndex';
import { diffHistories, type HistoryDiff, type HistorySource } from './history';

export interface ModelCall {
  /** Index into `structure.steps`. */
  stepIndex: number;
  /** Attempt number within the step, from 0 (retries are further calls). */
  attempt: number;
  /** The input is the state after this seq. */
  inputSeq: number;
}

export function modelCalls(structure: StructureIndex): ModelCall[] {
  const out: ModelCall[] = [];
  structure.steps.forEach((step, stepIndex) => {
    if (step.attempts.length === 0) {
      const seq = step.messageSeq ?? null;
      if (seq !== null) out.push({ stepIndex, attempt: 0, inputSeq: seq - 1 });
      return;
    }
    step.attempts.forEach((a, attempt) => out.push({ stepIndex, attempt, inputSeq: a.firstChunkSeq - 1 }));
  });
  return out;
}

/** The seq whose derived history is the input of the step's first call, or null when it made none. */
export function stepInputSeq(step: StepInfo): number | null {
  const first = step.attempts[0];
  if (first) return first.firstChunkSeq - 1;
  return step.messageSeq !== undefined ? step.messageSeq - 1 : null;
}

/** The call whose input was sent at or before `seq` (the latest), or -1 before the first call. */
export function callIndexAt(calls: readonly ModelCall[], seq: number): number {
  let lo = 0;
  let hi = calls.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((calls[mid] as ModelCall).inputSeq < seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** What changed in call `index`'s input since the previous call's. */
export function callInputDiff(log: HistorySource, calls: readonly ModelCall[], index: number): HistoryDiff {
  const call = calls[index];
  if (!call) throw new RangeError(`no model call ${index} (the log has ${calls.length})`);
  const previous = index > 0 ? (calls[index - 1] as ModelCall).inputSeq : -1;
  return diffHistories(log, previous, call.inputSeq);
}
