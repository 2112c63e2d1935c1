/** What the UI knows about a whole log: counts, diagnostics by code, the turn/step outline. */
import type { DiagnosticCode, Severity, TokenUsage } from '../../core/types';
import type { PostedHeader, PostedMeta } from '../../core/view/headerFields';
import type { LoadSource } from './requests';
import type { TurnColumns } from './replay';
import type { SourceFormat } from '../../core/import/formats';
import type { ProblemSummary } from '../../core/view/problems';
import type { ReadLimitHit, ReadLimitKind } from '../../core/reader/readLimits';

export interface DiagnosticCounts {
  error: number;
  warning: number;
  info: number;
}

export interface CodeGroup {
  code: DiagnosticCode;
  severity: Severity;
  count: number;
  /** Where the first one is, to jump to. */
  firstSeq?: number;
  firstLine?: number;
}

/** The timeline's row count and a version that changes whenever rows change: refetch visible rows when it does. */
export interface RowsInfo {
  rowCount: number;
  rowsVersion: number;
  /**
   * Changes when rows already sent may be other rows (a filter, a fold, a match taken back), not
   * when rows are only added at the end (a loading log, a filter's scan reading on): while rows
   * only grow, the page asks again only for the rows that grew. The worker always sends it
   * (TimelineRows.info); a test's stand-in may leave it out (taken as 0).
   */
  rowsShape?: number;
  /**
   * Changes when every row may be another (a filter, Fold all, a match taken back), not for a fold
   * toggled or a reveal (`rowsShape` alone: the rows above it stay). Once loaded, the page draws no
   * rows of an older basis under the new count. Left out by a test's stand-in: taken as 0.
   */
  rowsBasis?: number;
}

export interface LogSummary extends RowsInfo {
  loadId: number;
  name: string;
  /** 'file' | 'url' | 'text' | 'sample' and, for url/sample, where it came from. */
  source: { kind: LoadSource['kind']; url?: string };
  /** First 16 hex of SHA-256 of the source bytes (spec 6). */
  fingerprint: string;
  /** Source bytes taken in (compressed bytes for compressed input): less than the file after a read limit. */
  bytes: number;
  /**
   * The source's whole size as stored (a file's size, a URL's Content-Length), when known: what a
   * link and a stored copy name it by, read whole or not.
   */
  fileBytes?: number;
  decodedBytes: number;
  events: number;
  /** Follow mode: the log is read to its current end and may grow (`grew` pushes follow). */
  following?: boolean;
  turns: number;
  steps: number;
  toolCalls: number;
  toolErrors: number;
  failedAttempts: number;
  /** Failed outcomes by kind, each with its first seq (core/view/problems.ts: the header's counts). */
  problems: ProblemSummary;
  usage?: TokenUsage;
  /** Time of the first and last event that have one. */
  startTime?: number;
  endTime?: number;
  loadMs: number;
  /** The session header, bounded for the Session dialog (core/view/headerFields.ts). */
  header?: PostedHeader;
  /** The log's format, by content (core/import/formats.ts): 'seqscope' for the harness's own. */
  format: SourceFormat;
  /** A log of several samples (Inspect AI): their labels ("id#epoch") and which one is open, from 1. */
  parts?: { labels: string[]; open: number };
  /** The first 100 non-event lines, each its JSON's head. */
  metas: PostedMeta[];
  types: { type: string; count: number }[];
  diagnostics: DiagnosticCounts;
  codes: CodeGroup[];
  /** The read limit that stopped reading (the log holds what came before it): the app offers "Load anyway". */
  limitHit?: ReadLimitHit;
  /** The read limits this load was asked to lift. */
  liftedLimits?: ReadLimitKind[];
}

/** Turns as columns (TurnColumns: typed arrays, transferred), not one object per turn. */
export interface StructureSummary extends TurnColumns {
  /** Per turn: its step count. */
  turnSteps: Int32Array;
  /** Per turn: its duration in ms, NaN when unknown. */
  turnDurations: Float64Array;
  steps: number;
}
