/** What the UI may ask the log worker: one union member per request kind. */
import type { Pacing } from '../../core/replay/pacing';
import type { DiagnosticCode } from '../../core/types';
import type { ReadLimitKind } from '../../core/reader/readLimits';
import type { SearchQuery } from './answers';
import type { LibraryQuery } from '../../core/library/routes';

export type { Pacing } from '../../core/replay/pacing';

export type LoadSource = (
  | { kind: 'file'; file: File }
  /** `follow`: after the initial read, stream appended bytes (the server's SSE at `<url>/events`, follow mode). */
  | { kind: 'url'; url: string; follow?: boolean }
  | { kind: 'text'; text: string; name?: string }
  | { kind: 'sample'; name: string }
) & {
  /** Which sample of a multi-sample log (Inspect AI) to open, from 1; absent: the first. */
  part?: number;
};

export interface TimelineFilter {
  /** Only these event types; null = every type. With `excludeTypes`: every type but these. */
  types: string[] | null;
  /** `types` lists the types to hide (so types that appear later, while loading or following, show). */
  excludeTypes?: boolean;
  /** Only problem events (core/view/problems.ts: an error diagnostic, a failed tool result, an error turn end, a failed attempt...). */
  errorsOnly: boolean;
  /** Case-insensitive substring of the event's raw line, its JSON escapes decoded; '' = no text filter. */
  text: string;
}

export const NO_FILTER: TimelineFilter = { types: null, errorsOnly: false, text: '' };

/**
 * Whether two filters show the same rows. The text is matched as typed, spaces and all (` seq `
 * is a word, ` function` a streamed token); a text of spaces alone is no text.
 */
export function sameFilter(a: TimelineFilter, b: TimelineFilter): boolean {
  const ta = a.types === null ? null : [...a.types].sort().join(',');
  const tb = b.types === null ? null : [...b.types].sort().join(',');
  return (
    ta === tb &&
    (a.types === null || !a.excludeTypes === !b.excludeTypes) &&
    a.errorsOnly === b.errorsOnly &&
    (a.text === b.text || (a.text.trim() === '' && b.text.trim() === ''))
  );
}

/** Whether a filter hides any row: a text of spaces alone filters nothing (the worker's rule). */
export function isFiltered(filter: TimelineFilter): boolean {
  return filter.types !== null || filter.errorsOnly || filter.text.trim() !== '';
}

export type ReplayAxisKind = 'seq' | 'time';

/**
 * A position move: one event, one chunk of the step, one character of a
 * delta, one step or turn start, or an end of the log ('edge': dir -1 the
 * first event, +1 the last); 'none' describes the position as it is.
 */
export type ReplayMove = 'none' | 'event' | 'chunk' | 'char' | 'step' | 'turn' | 'edge';

export type Request =
  /**
   * Load a log, replacing the current one. `loadId` is the caller's name for
   * this load: every push about it carries it, and `cancel` names it. Answers
   * when the log is fully read (or fails / is cancelled). Reading stops at the tab's read
   * limits (core/reader/readLimits.ts) but those in `liftLimits`: "Load anyway".
   */
  | { kind: 'open'; loadId: number; source: LoadSource; liftLimits?: ReadLimitKind[] }
  /** Cancel the load named `loadId` (a no-op once it is read). */
  | { kind: 'cancel'; loadId: number }
  /** Timeline rows [from, to) by row index. */
  | { kind: 'rows'; from: number; to: number }
  /** Collapse or expand the turn / step / chunk run whose header row is `seq`. */
  | { kind: 'toggle'; seq: number; collapsed?: boolean }
  /** Collapse every turn, every step, or nothing (chunk runs stay folded unless `chunks` is 'expanded'). */
  | { kind: 'collapseAll'; level: 'turns' | 'steps' | 'none'; chunks?: 'folded' | 'expanded' }
  /**
   * The row showing `seq`; with `reveal`, expand what hides it first. With `block`, also the rows
   * around it: the aligned block of that many rows holding it and the blocks either side, so the
   * timeline jumps to a far seq with its rows in hand (no second round trip for them).
   */
  | { kind: 'locate'; seq: number; reveal: boolean; block?: number }
  /** The next/previous turn or step header from `seq` (keyboard n/p, Shift+Up/Down). */
  | { kind: 'nav'; seq: number; unit: 'turn' | 'step'; dir: 1 | -1 }
  /** The next/previous error (failed outcome or error diagnostic) or diagnostic from `seq`, and what it is. */
  | { kind: 'problemNav'; seq: number; dir: 1 | -1; target: 'error' | 'diagnostic' }
  /** What went wrong at `seq`, in words (null when nothing did). */
  | { kind: 'problemAt'; seq: number }
  /** The log's event types so far, each with its count (the Types picker while a log loads). */
  | { kind: 'typeCounts' }
  /** Set the timeline filter; answers when the matches are counted (a newer filter supersedes it). */
  | { kind: 'filter'; filter: TimelineFilter }
  /** Derived messages at `seq`, window [from, to) by message index; a negative `from` means "the last -from". */
  | { kind: 'messages'; seq: number; from: number; to: number }
  /**
   * The messages pane at `seq` in one answer: the last `tail` messages, the streaming preview (of
   * `chunk` code points of the delta at seq, when given) and, with `focus`, which message the event
   * at `seq` produced or changed (the pane follows it).
   */
  | { kind: 'messagesAt'; seq: number; tail: number; chunk?: number; focus: boolean }
  /** The messages these surface events produced, by source seq (at most 200; a diff's columns). */
  | { kind: 'messagesOf'; seqs: number[] }
  /** A page of the messages a replace event hid (its originals, from `offset`), for the "show hidden" toggle. */
  | { kind: 'replaced'; seq: number; offset?: number }
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
  /** Replay scrubber: the axis mapping, turn/step bands and ticks for a bar `width` px wide. */
  | { kind: 'replayAxis'; axis: ReplayAxisKind; width: number }
  /** Replay: the position one unit away from (seq, chunk) in direction `dir` ('none': described as is). */
  | { kind: 'replayMove'; seq: number; chunk?: number; move: ReplayMove; dir?: 1 | -1 }
  /** Replay: playback timing of events [from, from + count) under a pacing. */
  | { kind: 'replayPlan'; from: number; count: number; pacing: Pacing }
  /**
   * Search every event's strings; hits stream as `searchHits` pushes with a
   * running count, and the answer comes when the search is done. A newer
   * search cancels this one (answered `superseded`).
   */
  | ({ kind: 'search' } & SearchQuery)
  /**
   * The model's input at `to` against the input at `from` (-1: the empty history): the counts and
   * one page of DIFF_PAGE items from item `offset` (the next pages of a call diff are asked so too).
   */
  | { kind: 'diff'; from: number; to: number; offset?: number }
  /** What changed in the input of the model call `seq` belongs to, against the previous call (null: no call). */
  | { kind: 'callDiff'; seq: number }
  /** Per-step tokens, times and models, compaction points and the tools table (the charts). */
  | { kind: 'metrics' }
  /** Tokens summed per model over the steps, and the steps without usage (the session's cost, priced by the page). */
  | { kind: 'costTotals' }
  /** The run reduced for a comparison with another log (its own worker). */
  | { kind: 'runProfile' }
  /** Digests of the messages the model was sent after `seq` (to find the first differing message). */
  | { kind: 'inputDigests'; seq: number }
  /** The request in force at `seq` (spec section 4): the latest request/header at or before it (null: none). */
  | { kind: 'requestAt'; seq: number }
  /** The request/header seqs where the header changed (the timeline marks them). */
  | { kind: 'requestChanges' }
  /** What the request/header at `seq` changed from the previous one (null: `seq` is no request/header). */
  | { kind: 'requestChange'; seq: number }
  /** The resume check: refusals, the events the harness would append, the messages of the next request. */
  | { kind: 'resumePreview' }
  /** The whole text of the session header's `index`th field as posted (the Session dialog's "show all"). */
  | { kind: 'headerField'; index: number }
  /** The whole log as OpenTelemetry traces (OTLP/JSON, GenAI conventions); `content` adds the messages. */
  | { kind: 'exportOtlp'; content: boolean }
  /** The whole log with secrets, e-mail addresses and the home path masked (core/redact), plus `patterns` (regexes). */
  | { kind: 'exportRedacted'; patterns?: string[] }
  /** A page of sessions from the session library this app is served with (`seqscope serve`); needs no log. */
  | { kind: 'library'; query: LibraryQuery }
  /** Liveness check. */
  | { kind: 'ping' };

export type RequestKind = Request['kind'];
export type RequestOf<K extends RequestKind> = Extract<Request, { kind: K }>;
