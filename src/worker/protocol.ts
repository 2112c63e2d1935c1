/**
 * The one contract between the UI thread and the log worker.
 *
 * The worker owns the log (bytes + typed-array columns). The UI asks for
 * windows of what is on screen: timeline rows by row index, messages at a
 * seq by message index, one event for the inspector, a page of diagnostics.
 * Nothing here ever carries every event.
 *
 * Every request gets exactly one response with the same id; failures are
 * values (`{ok:false, error:{code, message}}`), never thrown across the
 * boundary. The worker also pushes unsolicited updates while a log loads.
 *
 * This module is types plus a little shared data (the bundled samples); both
 * sides import it, so it must stay free of DOM- and worker-only code.
 */
import type { AttemptInfo } from '../core/analysis/structure';
import type { StreamState } from '../core/analysis/streamIndex';
import type { Pacing } from '../core/replay/pacing';
import type { Tone } from '../core/view/summary';
import type {
  Block,
  Diagnostic,
  DiagnosticCode,
  Message,
  MetaLine,
  SessionEvent,
  SessionHeader,
  Severity,
  TokenUsage,
} from '../core/types';

// ---------------------------------------------------------------- shared data

export interface BundledSample {
  /** File name under `public/samples/`; what an `open` of kind 'sample' names. */
  name: string;
  title: string;
  description: string;
}

/** The sample logs shipped with the app (public/samples/). The first one opens by default. */
export const BUNDLED_SAMPLES: readonly BundledSample[] = [
  {
    name: 'demo.jsonl',
    title: 'Demo session',
    description:
      'Three turns: streamed reasoning, text and tool calls, a failed attempt and its retry, a compaction replace, a failed tool, a user abort mid-stream.',
  },
  {
    name: 'long-session.jsonl.gz',
    title: 'Long session (gzip)',
    description:
      'A generated session: 20,000 events in 26 turns, gzip-compressed. Virtualization, packed chunk rows, folded chunk runs.',
  },
];

// ---------------------------------------------------------------- requests

export type LoadSource =
  | { kind: 'file'; file: File }
  /** `follow`: after the initial read, stream appended bytes (the server's SSE at `<url>/events`, issue 5). */
  | { kind: 'url'; url: string; follow?: boolean }
  | { kind: 'text'; text: string; name?: string }
  | { kind: 'sample'; name: string };

export interface TimelineFilter {
  /** Only these event types; null = every type. With `excludeTypes`: every type but these. */
  types: string[] | null;
  /** `types` lists the types to hide (so types that appear later, while loading or following, show). */
  excludeTypes?: boolean;
  /** Only events with an error diagnostic or an error outcome (failed tool result, error turn end, failed attempt). */
  errorsOnly: boolean;
  /** Case-insensitive substring of the event's raw line; '' = no text filter. */
  text: string;
}

export const NO_FILTER: TimelineFilter = { types: null, errorsOnly: false, text: '' };

export type Request =
  /** Load a log, replacing the current one. Answers when it is fully read (or fails / is cancelled). */
  | { kind: 'open'; source: LoadSource }
  /** Cancel an outstanding request by its id (a load, or a long filter scan). */
  | { kind: 'cancel'; target: number }
  /** Timeline rows [from, to) by row index. */
  | { kind: 'rows'; from: number; to: number }
  /** Collapse or expand the turn / step / chunk run whose header row is `seq`. */
  | { kind: 'toggle'; seq: number; collapsed?: boolean }
  /** Collapse every turn, every step, or nothing (chunk runs stay folded unless `chunks` is 'expanded'). */
  | { kind: 'collapseAll'; level: 'turns' | 'steps' | 'none'; chunks?: 'folded' | 'expanded' }
  /** The row showing `seq`; with `reveal`, expand what hides it first. */
  | { kind: 'locate'; seq: number; reveal: boolean }
  /** The next/previous turn or step header from `seq` (keyboard n/p, Shift+Up/Down). */
  | { kind: 'nav'; seq: number; unit: 'turn' | 'step'; dir: 1 | -1 }
  /** Set the timeline filter; answers when the matches are counted. */
  | { kind: 'filter'; filter: TimelineFilter }
  /** Derived messages at `seq`, window [from, to) by message index; a negative `from` means "the last -from". */
  | { kind: 'messages'; seq: number; from: number; to: number }
  /** The messages a replace event hid (its originals), for the "show hidden" toggle. */
  | { kind: 'replaced'; seq: number }
  /** The partly streamed assistant message at `seq` (optionally only `chunk` code points of the delta at seq). */
  | { kind: 'stream'; seq: number; chunk?: number }
  /** Everything the inspector shows about one event. */
  | { kind: 'event'; seq: number }
  /** The human transcript up to `seq`: every appended surface event and every replacement, in log order. */
  | { kind: 'transcript'; seq: number }
  /** The tool call/result pairs of these call ids (null for an id the log does not know). */
  | { kind: 'toolPairs'; callIds: string[] }
  /** Diagnostics grouped by code, plus a window of items (of one code, or all) in report order. */
  | { kind: 'diagnostics'; code?: DiagnosticCode; from: number; to: number }
  /** Turns and steps at a glance. */
  | { kind: 'structure' }
  /** Replay scrubber (issue 4): the axis mapping, turn/step bands and ticks for a bar `width` px wide. */
  | { kind: 'replayAxis'; axis: ReplayAxisKind; width: number }
  /** Replay: the position one unit away from (seq, chunk) in direction `dir` ('none': described as is). */
  | { kind: 'replayMove'; seq: number; chunk?: number; move: ReplayMove; dir?: 1 | -1 }
  /** Replay: playback timing of events [from, from + count) under a pacing. */
  | { kind: 'replayPlan'; from: number; count: number; pacing: Pacing }
  /** Liveness check. */
  | { kind: 'ping' };

export type RequestKind = Request['kind'];
export type RequestOf<K extends RequestKind> = Extract<Request, { kind: K }>;

// ---------------------------------------------------------------- responses

export interface ResponseValues {
  open: LogSummary;
  cancel: { cancelled: boolean };
  rows: RowsWindow;
  toggle: RowsInfo;
  collapseAll: RowsInfo;
  locate: RowsInfo & { row: number; visible: boolean };
  nav: { seq: number | null };
  filter: RowsInfo & { matches: number };
  messages: MessagesWindow;
  replaced: { seq: number; messages: ViewMessage[] };
  stream: StreamView | null;
  event: EventDetail;
  toolPairs: (ToolPair | null)[];
  transcript: { seq: number; entries: TranscriptEntry[] };
  diagnostics: DiagnosticsWindow;
  structure: StructureSummary;
  replayAxis: ReplayAxisView;
  replayMove: ReplayPositionView;
  replayPlan: PlaybackWindow;
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
  | 'internal'
  /** Produced by the client, never the worker: the worker died or stopped answering. */
  | 'worker-dead';

export interface WorkerError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: WorkerError };

/** What travels UI -> worker. */
export type RequestEnvelope = { id: number } & Request;

/** What travels worker -> UI. */
export type WorkerMessage =
  { type: 'response'; id: number; result: Result<unknown> } | { type: 'push'; push: Push };

// ---------------------------------------------------------------- pushes

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

export interface LoadProgress {
  loadId: number;
  name: string;
  /** Bytes of the source read so far (compressed, as on disk). */
  bytes: number;
  /** Source size when known (files, fetches with Content-Length). */
  totalBytes: number | null;
  /** Bytes after decompression. */
  decodedBytes: number;
  events: number;
  /** Source bytes per second since the load began. */
  rate: number;
  elapsedMs: number;
  /** The timeline's row count now, and a version that changes whenever rows change: refetch visible rows when it does. */
  rowCount: number;
  rowsVersion: number;
  diagnostics: DiagnosticCounts;
}

export type Push =
  | ({ kind: 'progress' } & LoadProgress)
  | { kind: 'diagnostics'; loadId: number; counts: DiagnosticCounts; codes: CodeGroup[] }
  | { kind: 'ready'; loadId: number; summary: LogSummary }
  /** The load failed for good (the previous log is gone). */
  | { kind: 'fatal'; loadId: number; error: WorkerError }
  /** Follow mode (issue 5): appended bytes were read after `ready`; the counts and rows grew. */
  | { kind: 'grew'; loadId: number; summary: LogSummary }
  /** Follow mode: the server's event stream; 'rewritten' means the file changed under us: reload it. */
  | { kind: 'follow'; loadId: number; state: FollowState; message?: string };

/** Follow mode connection: 'live' (connected), 'reconnecting' (lost, retrying), 'rewritten' (reload). */
export type FollowState = 'live' | 'reconnecting' | 'rewritten';

// ---------------------------------------------------------------- values

export interface LogSummary {
  loadId: number;
  name: string;
  /** 'file' | 'url' | 'text' | 'sample' and, for url/sample, where it came from. */
  source: { kind: LoadSource['kind']; url?: string };
  /** First 16 hex of SHA-256 of the source bytes (spec 6). */
  fingerprint: string;
  bytes: number;
  decodedBytes: number;
  events: number;
  /** True when the load was cut short (cancel): counts cover what was read. */
  partial: boolean;
  /** Follow mode: the log is read to its current end and may grow (`grew` pushes follow). */
  following?: boolean;
  turns: number;
  steps: number;
  toolCalls: number;
  toolErrors: number;
  failedAttempts: number;
  usage?: TokenUsage;
  /** Time of the first and last event that have one. */
  startTime?: number;
  endTime?: number;
  loadMs: number;
  header?: SessionHeader;
  metas: MetaLine[];
  types: { type: string; count: number }[];
  diagnostics: DiagnosticCounts;
  codes: CodeGroup[];
  rowCount: number;
  rowsVersion: number;
}

export interface RowsInfo {
  rowCount: number;
  rowsVersion: number;
}

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
}

export interface StepRowInfo {
  turn: number;
  step: number;
  durationMs?: number;
  usage?: TokenUsage;
  toolCalls: number;
  attempts: number;
  failedAttempts: number;
  /** Stream health (issue 4), when the step streamed chunks. */
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

export interface ViewMessage {
  /** Place in the derived list (from 0); undefined for hidden originals. */
  index?: number;
  /** The surface event it came from. */
  seq: number;
  message: Message;
  /** When this message's event is a replace: the nodes it hid (surface order). */
  replaces?: number[];
}

/**
 * One surface event of the human transcript (spec 4.3: replaced nodes vanish from the derived
 * history but stay in the transcript). Empty assistant messages are left out.
 */
export interface TranscriptEntry {
  seq: number;
  message: Message;
  /** For a replace event: its range, and the nodes it hid (null when the replace was invalid and not applied). */
  replace?: { start: number; end: number; hidden: number[] | null };
}

export interface MessagesWindow {
  seq: number;
  count: number;
  nodeCount: number;
  from: number;
  messages: ViewMessage[];
}

export interface StreamView {
  seq: number;
  state: StreamState;
  /** True when the preview belongs on screen: a step whose assistant message is not appended yet, with chunks so far. */
  pending: boolean;
  /**
   * Between a failed attempt's finish and the next attempt's first chunk: that failed attempt as
   * streamed (its blocks up to the failure), shown marked failed until the retry streams.
   */
  failedAttempt?: {
    attempt: number;
    firstChunkSeq: number;
    lastChunkSeq: number;
    finish?: unknown;
    blocks: Block[];
  };
}

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
  /** The event after normalization. */
  event: SessionEvent;
  /** The line as written (a packed row's members share it), possibly truncated. */
  raw: string;
  rawBytes: number;
  rawTruncated: boolean;
  diagnostics: Diagnostic[];
  pair?: ToolPair;
  /** For a replace: the nodes it hid. */
  replaces?: number[];
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

export interface StructureSummary {
  turns: {
    turn: number;
    startSeq: number;
    lastSeq: number;
    endReason?: string;
    durationMs?: number;
    steps: number;
  }[];
  steps: number;
}

// ---------------------------------------------------------------- replay (issue 4)

export type { Pacing } from '../core/replay/pacing';

export type ReplayAxisKind = 'seq' | 'time';

/**
 * A position move: one event, one chunk of the step, one character of a
 * delta, one step or turn start, or an end of the log ('edge': dir -1 the
 * first event, +1 the last); 'none' describes the position as it is.
 */
export type ReplayMove = 'none' | 'event' | 'chunk' | 'char' | 'step' | 'turn' | 'edge';

/** Tick marks merged per pixel column of the bar. */
export interface TickView {
  px: number;
  count: number;
  firstSeq: number;
  lastSeq: number;
  /** Diagnostics: the worst severity in the column. */
  severity?: Severity;
}

export interface GapMarkerView {
  beforeSeq: number;
  seq: number;
  ms: number;
  x0: number;
  x1: number;
  label: string;
}

/**
 * The scrubber's data, downsampled for the main thread: a few thousand knots
 * of the seq -> x mapping (every event for small logs), the turn and step
 * bands, compressed-gap markers and per-pixel ticks. Sized by the bar, not
 * by the log (steps are typed arrays: a 1M-event log has ~7k).
 */
export interface ReplayAxisView {
  /** The axis drawn ('seq' when 'time' was asked for but the log has no usable times). */
  axis: ReplayAxisKind;
  timeAvailable: boolean;
  eventCount: number;
  width: number;
  /** Ascending seqs and their x in [0, 1] (non-decreasing); first 0, last eventCount - 1. */
  knotSeqs: Int32Array;
  knotXs: Float64Array;
  /** The knots' recorded times (epoch ms; NaN where an event has none). */
  knotTimes: Float64Array;
  markers: GapMarkerView[];
  turns: { turn: number; startSeq: number; lastSeq: number; x0: number; x1: number; endReason?: string }[];
  /** Per step i: [x0, x1] at 2i, [startSeq, lastSeq] at 2i, [turn, step] at 2i. */
  stepXs: Float64Array;
  stepSeqs: Int32Array;
  stepNums: Int32Array;
  /** Per step: bit 0 stalled, bit 1 has a failed attempt, bit 2 streamed chunks. */
  stepFlags: Uint8Array;
  diagnostics: TickView[];
  stalls: TickView[];
  /** The timeline filter's matches, when a filter is active. */
  matches: TickView[] | null;
  /** Recorded times of the first and last timed events. */
  startTime?: number;
  endTime?: number;
}

export interface ReplayPositionView {
  seq: number;
  /** Code points of the delta at seq shown (absent: all of it). */
  chunk?: number;
  /** For aria-valuetext: "seq 1204 of 50311, turn 12, step 3, text-delta". */
  valuetext: string;
  /** Code points of the delta at seq (0 when it is not a delta). */
  deltaLength: number;
  type: string;
}

/** Playback timing of events [from, from + playMs.length), at 1x. */
export interface PlaybackWindow {
  from: number;
  eventCount: number;
  /** Per event: playback ms between the previous event and it (0 for seq 0). */
  playMs: Float64Array;
  /** Per event: the recorded idle gap skipped before it, or 0. */
  skippedMs: Float64Array;
  /** Per event: code points of its delta (0 when not a delta). */
  deltaLength: Uint32Array;
  /**
   * Per event: 1 when it is a problem: an error or warning diagnostic, a
   * failed attempt, an interrupted message, a tool result with an error, or
   * the end of a turn that ended in an error, aborted or interrupted.
   */
  problem: Uint8Array;
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
