/**
 * The log's structure as plain data (what `StructureBuilder` produces and the
 * worker posts): turns, steps, step attempts and tool calls with their seq
 * spans, plus the queries over it.
 *
 * Spans: `startSeq..lastSeq` of turns (and of steps) never overlap and are
 * sorted, so `turnAt` / `stepAt` are binary searches. A span that never got
 * its end event ends just before the next start (nested) or at the newest
 * event (open at the tail); `endSeq` is null then.
 */
import type { FinishReason, TokenUsage } from '../types';
import type { EndReasonInfo } from './endReason';

export interface AttemptInfo {
  firstChunkSeq: number;
  lastChunkSeq: number;
  chunkCount: number;
  finish?: FinishReason;
  /** Finished with error/aborted and no assistant/message (spec 3.3). */
  failed: boolean;
  /** From the attempt's `usage` chunk, else from its message's `data.usage`. */
  usage?: TokenUsage;
  /** The assistant/message that closed this attempt. */
  messageSeq?: number;
}

export interface StepInfo {
  turn: number;
  step: number;
  /** Index into `StructureIndex.turns`, or -1 for a step outside any turn. */
  turnIndex: number;
  startSeq: number;
  /** The step/end event, or null if the step never ended. */
  endSeq: number | null;
  /** Last seq inside the step's span. */
  lastSeq: number;
  startTime?: number;
  endTime?: number;
  durationMs?: number;
  attempts: AttemptInfo[];
  /** The step's (last) assistant/message. */
  messageSeq?: number;
  /** Sum over attempts, plus assistant/messages that had no chunks. */
  usage?: TokenUsage;
  toolCalls: number;
}

export interface TurnInfo {
  turn: number;
  startSeq: number;
  endSeq: number | null;
  lastSeq: number;
  endReason?: EndReasonInfo;
  startTime?: number;
  endTime?: number;
  durationMs?: number;
  /** Its steps are `steps[firstStepIndex .. firstStepIndex + stepCount)`. */
  firstStepIndex: number;
  stepCount: number;
  usage?: TokenUsage;
  toolCalls: number;
  toolErrors: number;
}

export interface ToolCallInfo {
  callId: string;
  name: string;
  /** As named by the tool/call (or by the result, for a result without call). */
  turn: number;
  step: number;
  turnIndex: number;
  stepIndex: number;
  callSeq: number | null;
  resultSeq: number | null;
  isError: boolean;
  errorCode?: string;
}

export interface StructureTotals {
  turns: number;
  steps: number;
  attempts: number;
  failedAttempts: number;
  toolCalls: number;
  toolResults: number;
  toolErrors: number;
  errorTurns: number;
  /** Sum over all steps; absent when the log records no usage at all. */
  usage?: TokenUsage;
}

export interface StructureIndex {
  eventCount: number;
  turns: TurnInfo[];
  steps: StepInfo[];
  toolCalls: ToolCallInfo[];
  totals: StructureTotals;
  /** `totals.usage`, or zeros when none is recorded (for consumers that always print a number). */
  usage: TokenUsage;
  /** turn/ends with no open turn (turn-unbalanced) that carry a reason: their outcome still counts. */
  strayTurnEnds?: readonly StrayTurnEnd[];
}

export interface StrayTurnEnd {
  seq: number;
  endReason: EndReasonInfo;
}

// ------------------------------------------------------------- queries

/** Index into `index.steps` of the step whose span contains seq, or -1. */
export function stepIndexAt(index: StructureIndex, seq: number): number {
  return spanAt(index.steps, seq);
}
export function stepAt(index: StructureIndex, seq: number): StepInfo | undefined {
  return index.steps[spanAt(index.steps, seq)];
}
export function turnIndexAt(index: StructureIndex, seq: number): number {
  return spanAt(index.turns, seq);
}
export function turnAt(index: StructureIndex, seq: number): TurnInfo | undefined {
  return index.turns[spanAt(index.turns, seq)];
}

function spanAt(spans: readonly { startSeq: number; lastSeq: number }[], seq: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as { startSeq: number }).startSeq <= seq) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && seq <= (spans[found] as { lastSeq: number }).lastSeq ? found : -1;
}
