/** One event in full (the inspector), tool call/result pairs, and diagnostics by code. */
import type { AttemptInfo } from '../../core/analysis/structure';
import type { Diagnostic, DiagnosticCode, SessionEvent } from '../../core/types';
import type { SeqRuns } from '../../core/view/seqRuns';
import type { CodeGroup, DiagnosticCounts } from './logSummary';

export interface ToolPair {
  callId: string;
  name: string;
  callSeq: number | null;
  resultSeq: number | null;
  isError: boolean;
  errorCode?: string;
}

export interface EventDetail {
  seq: number;
  type: string;
  /** 1-based line in the decompressed file. */
  line: number;
  time?: number;
  relTime?: number;
  /** The event after normalization, objects and arrays cut to their first MAX_POST_WIDTH entries. */
  event: SessionEvent;
  /** Keys and items cut from `event` (each cut marked where it is: core/depthLimit.ts). */
  leftOut?: number;
  /** The line as written (a packed row's members share it), possibly truncated. */
  raw: string;
  rawBytes: number;
  rawTruncated: boolean;
  diagnostics: Diagnostic[];
  pair?: ToolPair;
  /** For a replace: the nodes it hid, as bounded runs (120,000 links froze the page: R10-6). */
  replaces?: SeqRuns;
  turn?: number;
  step?: number;
  /** The failed-attempt record when this chunk belongs to one. */
  attempt?: AttemptInfo;
}

/** A diagnostic as listed: a line-only one (e.g. bad-json) also names the first event after its line, to jump to. */
export type DiagnosticItem = Diagnostic & { nearSeq?: number };

export interface DiagnosticsWindow {
  counts: DiagnosticCounts;
  groups: CodeGroup[];
  code?: DiagnosticCode;
  /** Items of `code` (or all) in report order. */
  total: number;
  from: number;
  items: DiagnosticItem[];
}
