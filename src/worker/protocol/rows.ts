/** The timeline as rows: one event, or a turn / step / chunk-run header that may fold what is under it. */
import type { Tone } from '../../core/view/summary';
import type { StepOutcome } from '../../core/view/spanSummary';
import type { Severity, TokenUsage } from '../../core/types';
import type { RowsInfo } from './logSummary';

export interface TurnRowInfo {
  turn: number;
  /** Normalized end reason kind (completed, aborted, ...) and its detail; absent while the turn is open. */
  endReason?: { kind: string; detail?: string };
  open: boolean;
  durationMs?: number;
  usage?: TokenUsage;
  steps: number;
  toolCalls: number;
  toolErrors: number;
  /** Diagnostics about events inside the turn. */
  diagnostics: number;
  /** The start of the turn's user prompt (core/view/spanSummary.ts promptText). */
  prompt?: string;
}

export interface StepHealthView {
  chunkCount: number;
  ttftMs: number | null;
  ttftFrom: 'request' | 'step' | null;
  streamingMs: number | null;
  outputTokens: number | null;
  tokensPerSecond: number | null;
  longestStallMs: number | null;
  /** The chunk that ended the longest stall. */
  stallSeq?: number;
  stalled: boolean;
  histogram: number[] | null;
  histogramSpanMs: number | null;
}

export interface StepRowInfo {
  turn: number;
  step: number;
  durationMs?: number;
  usage?: TokenUsage;
  toolCalls: number;
  attempts: number;
  failedAttempts: number;
  /** The tools it called, `bash, read x2` (core/view/spanSummary.ts toolList); absent without calls. */
  tools?: string;
  /** What happened, worst first: ['ok'] when it ended and nothing failed. */
  outcomes: StepOutcome[];
  /** Stream health, when the step streamed chunks. */
  health?: StepHealthView;
}

export type RowKind = 'turn' | 'step' | 'chunks' | 'event';

export interface TimelineRow {
  row: number;
  seq: number;
  /** The last seq this row stands for (> seq when a range is collapsed under it). */
  coverEnd: number;
  kind: RowKind;
  /** Indent level: 0 turn header, 1 inside a turn, 2 inside a step. */
  depth: number;
  type: string;
  /** Milliseconds since the log's first timed event. */
  relTime?: number;
  summary: string;
  tone: Tone;
  /** Worst diagnostic severity at this seq, if any, and how many. */
  severity?: Severity;
  diagnostics: number;
  /** For turn / step / chunks rows: whether the range under it is folded. */
  collapsed?: boolean;
  turn?: TurnRowInfo;
  step?: StepRowInfo;
  /** For a chunk run (folded or its first row when unfolded): its size and span. */
  chunks?: { count: number; durationMs?: number; end: number };
  /** The first event after the inherited seed (session header's seedLength). */
  seedBoundary?: boolean;
}

export interface RowsWindow extends RowsInfo {
  from: number;
  rows: TimelineRow[];
}
