/**
 * The wire: each request kind's answer type, errors as values, and the
 * envelopes that cross postMessage. `ResponseValues` is the one table both
 * ends are checked against: the worker's handler table (worker/handlers.ts)
 * must answer each kind with its type, and `LogClient.request` returns it.
 */
import type {
  CallDiff,
  HistoryDiffPage,
  MetricsAnswer,
  RunProfile,
  SearchAnswer,
  UsageTotals,
} from './answers';
import type { RequestAtView, RequestChange, ResumePreview } from './harness';
import type { DiagnosticsWindow, EventDetail, ToolPair } from './inspector';
import type {
  MessagesAtView,
  MessagesWindow,
  ReplacedPage,
  StreamView,
  TranscriptEntry,
  ViewMessage,
} from './messages';
import type { Push } from './pushes';
import type { PlaybackWindow, ReplayAxisView, ReplayPositionView } from './replay';
import type { Request, RequestKind, RequestOf } from './requests';
import type { RowsWindow } from './rows';
import type { LibraryResult } from './library';
import type { LogSummary, RowsInfo, StructureSummary } from './logSummary';

export interface ResponseValues {
  open: LogSummary;
  cancel: { cancelled: boolean };
  rows: RowsWindow;
  toggle: RowsInfo;
  collapseAll: RowsInfo;
  locate: RowsInfo & { row: number; visible: boolean; blocks?: RowsWindow[] };
  nav: { seq: number | null };
  problemNav: { seq: number | null; what: string | null };
  problemAt: { what: string | null };
  /** `through`: the scan has read the whole log (else the rest comes in `rows` pushes). */
  filter: RowsInfo & { matches: number; through: boolean };
  typeCounts: LogSummary['types'];
  messages: MessagesWindow;
  messagesAt: MessagesAtView;
  replaced: ReplacedPage;
  messagesOf: ViewMessage[];
  stream: StreamView | null;
  event: EventDetail;
  toolPairs: (ToolPair | null)[];
  transcript: { seq: number; entries: TranscriptEntry[] };
  diagnostics: DiagnosticsWindow;
  structure: StructureSummary;
  replayAxis: ReplayAxisView;
  replayMove: ReplayPositionView;
  replayPlan: PlaybackWindow;
  search: SearchAnswer;
  diff: HistoryDiffPage;
  callDiff: CallDiff | null;
  metrics: MetricsAnswer;
  costTotals: UsageTotals;
  runProfile: RunProfile;
  inputDigests: string[];
  requestAt: RequestAtView | null;
  requestChanges: { seqs: number[] };
  requestChange: RequestChange | null;
  resumePreview: ResumePreview;
  /** The field's whole text (a string as itself, anything else as indented JSON); null: no such field. */
  headerField: { text: string } | null;
  /**
   * The file's text, how many spans it holds, the log's name (for the file name), and why the
   * spans miss some of the input (core/log/unreadInput.ts), or null: they hold everything read;
   * what message content was cut or left out (core/export/contentLimits.ts), or null.
   */
  exportOtlp: {
    text: string;
    spans: number;
    name: string;
    partial: string | null;
    contentNote: string | null;
  };
  /**
   * The redacted log as a Blob (its UTF-8 bytes, made in the worker: the main thread hands it to
   * the download as it is), what was masked (values per kind, lines changed), and the log's name.
   */
  exportRedacted: {
    file: Blob;
    counts: Record<string, number>;
    changedLines: number;
    /** Patterns that needed too much work, and on how many values (core/redact/customPatterns.ts). */
    overruns: Record<string, number>;
    /** The log's own words a user's pattern matched and that were kept (core/redact/specWords.ts). */
    keptWords: number;
    /** Why the copy misses some of the input (core/log/unreadInput.ts), or null: it holds only what was read. */
    partial: string | null;
    name: string;
  };
  library: LibraryResult;
  ping: { loadId: number };
}

export type ErrorCode =
  | 'bad-request'
  | 'no-log'
  | 'out-of-range'
  | 'cancelled'
  | 'superseded'
  | 'network'
  | 'load-failed'
  /**
   * The log cannot be opened here, whatever the retries: not text (a binary file), a web page,
   * too large for this tab. The page offers another log, not a Retry.
   */
  | 'refused'
  /** A picked file changed on disk (or went away) after it was chosen: only choosing it again reads it. */
  | 'file-changed'
  | 'internal'
  /** Produced by the client, never the worker: the worker died or stopped answering. */
  | 'worker-dead';

export interface WorkerError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkerError };

/** A failed Result: the error as a value. */
export function fail(code: WorkerError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

/** What travels UI -> worker. */
export type RequestEnvelope = { id: number } & Request;
export type EnvelopeOf<K extends RequestKind> = { id: number } & RequestOf<K>;

/** One response per kind: the answer to request `id`, of that kind's type. */
export type ResponseMessage = {
  [K in RequestKind]: { type: 'response'; id: number; kind: K; result: Result<ResponseValues[K]> };
}[RequestKind];

/** What travels worker -> UI. */
export type WorkerMessage = ResponseMessage | { type: 'push'; push: Push };
